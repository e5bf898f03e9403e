import { useState } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { z } from 'zod';
import { Can } from '@/components/common/Can';
import { DetailSection, Facts } from '@/components/common/DetailParts';
import { DetailScreen, useRouteId } from '@/components/common/DetailScreen';
import { PageHeader } from '@/components/common/PageHeader';
import { TextFieldElement } from '@/components/common/form';
import { ActionDialog } from '@/components/serviceRequests/ActionDialog';
import { EngineerFacts, RequestFacts, RequestPhoto, RequestStatusChip, slaFacts, Timeline } from '@/components/serviceRequests/parts';
import { useEndpointQuery } from '@/lib/api/query';
import { pickLocalized } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { SR_LIMITS, type ServiceAction } from '@/lib/serviceRequests/constants';
import { serviceDeskContract } from '@/lib/serviceRequests/contract';
import { acknowledgeSchema, assignSchema, closeSchema, onSiteSchema, resolveSchema, type ServiceDeskDetail } from '@/lib/serviceRequests/schemas';
import { zodMessages } from '@/lib/zodMessages';

const E = serviceDeskContract.endpoints;
const stepFields = { id: true, version: true } as const;
const noteForm = acknowledgeSchema.omit(stepFields);
const onSiteForm = onSiteSchema.omit(stepFields);
const resolveForm = resolveSchema.omit(stepFields);
const closeForm = closeSchema.omit(stepFields);
/** The ETA is typed as HK wall-clock time (datetime-local) and sent with +08:00. */
const assignForm = assignSchema.omit({ ...stepFields, etaAt: true }).extend({ etaAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: zodMessages.date }) });

const hkLocalNow = (plusHours: number) => new Date(Date.now() + (8 + plusHours) * 3600_000).toISOString().slice(0, 13) + ':00';
const hkLocalOf = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16);

/** The desk's steps on one request: each a dialog (EntityForm) through the contract; a 409 is shown translated. */
function DeskActions({ r }: { r: ServiceDeskDetail }) {
  const { t } = useTranslation(['serviceDesk', 'serviceRequests']);
  const [open, setOpen] = useState<ServiceAction | null>(null);
  const [done, setDone] = useState<ServiceAction | null>(null);
  const close = () => setOpen(null);
  const finish = (a: ServiceAction) => () => {
    setOpen(null);
    setDone(a);
  };
  const base = { id: r.id, version: r.version };
  const note = (v: { note?: string | undefined }) => (v.note ? { note: v.note } : {});
  return (
    <>
      {done ? (
        <Alert severity="success" role="status" onClose={() => setDone(null)}>
          {t(`actions.${done}.done`)}
        </Alert>
      ) : null}
      <Can anyOf={['service_req_admin_write']}>
        <DetailSection title={t('sections.actions')}>
          {r.actions.length === 0 ? (
            <Typography color="text.secondary">{t('actions.none')}</Typography>
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
              {r.actions.map((a) => (
                <Button key={a} variant={a === 'assign' || a === 'resolve' ? 'contained' : 'outlined'} onClick={() => setOpen(a)}>
                  {t(a === 'assign' && r.status === 'engineer_assigned' ? 'actions.reassign.button' : `actions.${a}.button`)}
                </Button>
              ))}
            </Stack>
          )}
        </DetailSection>
      </Can>
      <ActionDialog
        open={open === 'acknowledge'}
        title={t('actions.acknowledge.title', { reference: r.reference })}
        endpoint={E.acknowledge}
        schema={noteForm}
        defaultValues={{ note: '' }}
        toBody={(v) => ({ ...base, ...note(v) })}
        submitLabel={t('actions.acknowledge.submit')}
        onClose={close}
        onDone={finish('acknowledge')}
      >
        {(form) => <TextFieldElement control={form.control} name="note" label={t('actions.note')} multiline minRows={2} maxLength={SR_LIMITS.notes} />}
      </ActionDialog>
      <ActionDialog
        open={open === 'assign'}
        title={t('actions.assign.title', { reference: r.reference })}
        endpoint={E.assignEngineer}
        schema={assignForm}
        defaultValues={{ engineerName: r.engineerName ?? '', engineerPhone: r.engineerPhone ?? '', etaAt: r.etaAt ? hkLocalOf(r.etaAt) : hkLocalNow(2), note: '' }}
        toBody={(v) => ({ ...base, engineerName: v.engineerName, ...(v.engineerPhone ? { engineerPhone: v.engineerPhone } : {}), etaAt: `${v.etaAt}:00+08:00`, ...note(v) })}
        submitLabel={t('actions.assign.submit')}
        onClose={close}
        onDone={finish('assign')}
      >
        {(form) => (
          <Stack spacing={2}>
            <TextFieldElement control={form.control} name="engineerName" label={t('actions.engineerName')} required maxLength={SR_LIMITS.engineer} />
            <TextFieldElement control={form.control} name="engineerPhone" label={t('actions.engineerPhone')} type="tel" />
            <TextFieldElement control={form.control} name="etaAt" label={t('actions.eta')} type="datetime-local" required slotProps={{ inputLabel: { shrink: true } }} helperText={t('actions.etaHelp')} />
            <TextFieldElement control={form.control} name="note" label={t('actions.note')} multiline minRows={2} maxLength={SR_LIMITS.notes} />
          </Stack>
        )}
      </ActionDialog>
      <ActionDialog
        open={open === 'onSite'}
        title={t('actions.onSite.title', { reference: r.reference })}
        endpoint={E.markOnSite}
        schema={onSiteForm}
        defaultValues={{ note: '' }}
        toBody={(v) => ({ ...base, ...note(v) })}
        submitLabel={t('actions.onSite.submit')}
        onClose={close}
        onDone={finish('onSite')}
      >
        {(form) => <TextFieldElement control={form.control} name="note" label={t('actions.note')} multiline minRows={2} maxLength={SR_LIMITS.notes} />}
      </ActionDialog>
      <ActionDialog
        open={open === 'resolve'}
        title={t('actions.resolve.title', { reference: r.reference })}
        endpoint={E.resolve}
        schema={resolveForm}
        defaultValues={{ resolutionNotes: '' }}
        toBody={(v) => ({ ...base, resolutionNotes: v.resolutionNotes })}
        submitLabel={t('actions.resolve.submit')}
        onClose={close}
        onDone={finish('resolve')}
      >
        {(form) => <TextFieldElement control={form.control} name="resolutionNotes" label={t('actions.resolutionNotes')} required multiline minRows={3} maxLength={SR_LIMITS.notes} />}
      </ActionDialog>
      <ActionDialog
        open={open === 'close'}
        title={t('actions.close.title', { reference: r.reference })}
        endpoint={E.close}
        schema={closeForm}
        defaultValues={{ note: '' }}
        toBody={(v) => ({ ...base, ...note(v) })}
        submitLabel={t('actions.close.submit')}
        onClose={close}
        onDone={finish('close')}
      >
        {(form) => <TextFieldElement control={form.control} name="note" label={t('actions.note')} multiline minRows={2} maxLength={SR_LIMITS.notes} />}
      </ActionDialog>
    </>
  );
}

/** `/admin-controls/service-desk/view/[id]`: one request with the customer, who did what, the SLA and the desk's steps. */
export function ServiceDeskDetailScreen() {
  const { t } = useTranslation(['serviceDesk', 'serviceRequests', 'common']);
  const { locale } = useRouter();
  const id = useRouteId();
  const query = useEndpointQuery(E.get, id ? { id } : null);
  const back = { href: pathTo('/admin-controls/service-desk'), label: t('back') };
  const tr = (k: string, v?: Record<string, unknown>) => t(`serviceRequests:${k}`, v);
  return (
    <DetailScreen query={query} title={t('title')} back={back} notFoundTitle={t('notFoundTitle')} notFoundBody={t('notFoundBody')}>
      {(r) => (
        <>
          <PageHeader title={t('viewTitle', { reference: r.reference })} subtitle={`${pickLocalized(locale, r.customerNameEn, r.customerNameZh)} (${r.ucpId})`} back={back} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
            <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
              <DetailSection title={t('sections.status')}>
                <Box>
                  <RequestStatusChip status={r.status} />
                </Box>
                <EngineerFacts r={r} />
                {r.resolutionNotes ? <Facts rows={[[tr('fields.resolutionNotes'), r.resolutionNotes]]} /> : null}
                {r.rating ? <Facts rows={[[tr('fields.rating'), `${tr(`rating.${r.rating}`)}${r.ratingComment ? ` · ${r.ratingComment}` : ''}`]]} /> : null}
              </DetailSection>
              <DeskActions r={r} />
              <DetailSection title={t('sections.timeline')}>
                <Timeline events={r.timeline} />
              </DetailSection>
            </Box>
            <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
              <DetailSection title={t('sections.sla')}>
                <Facts rows={slaFacts(r.sla, tr, locale)} />
              </DetailSection>
              <DetailSection title={t('sections.fault')}>
                <Facts
                  rows={[
                    [t('fields.customer'), `${pickLocalized(locale, r.customerNameEn, r.customerNameZh)} (${r.ucpId})`],
                    [t('fields.reportedBy'), r.reportedBy ? `${r.reportedBy.name} (${r.reportedBy.loginId})` : '—'],
                  ]}
                />
                <RequestFacts r={r} />
                {r.photo ? <RequestPhoto endpoint={E.photo} id={r.id} alt={tr('fields.photoAlt', { reference: r.reference })} /> : null}
              </DetailSection>
            </Box>
          </Box>
        </>
      )}
    </DetailScreen>
  );
}
