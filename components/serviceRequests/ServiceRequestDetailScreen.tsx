import { useState } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { Can } from '@/components/common/Can';
import { DetailSection, Facts } from '@/components/common/DetailParts';
import { DetailScreen, useRouteId } from '@/components/common/DetailScreen';
import { PageHeader } from '@/components/common/PageHeader';
import { RadioGroupElement, TextFieldElement } from '@/components/common/form';
import { useEndpointQuery } from '@/lib/api/query';
import { formatDateTime } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { SR_LIMITS, type ServiceAction } from '@/lib/serviceRequests/constants';
import { serviceRequestsContract } from '@/lib/serviceRequests/contract';
import { cancelSchema, confirmSchema, rateSchema, reopenSchema, type ServiceRequestDetail } from '@/lib/serviceRequests/schemas';
import { ActionDialog } from './ActionDialog';
import { EngineerFacts, RequestFacts, RequestPhoto, RequestStatusChip, slaFacts, Timeline } from './parts';

const E = serviceRequestsContract.endpoints;
const stepFields = { id: true, version: true } as const;
const cancelForm = cancelSchema.omit(stepFields);
const confirmForm = confirmSchema.omit(stepFields);
const reopenForm = reopenSchema.omit(stepFields);
const rateForm = rateSchema.omit(stepFields);

function RatingField({ control, label, required }: { control: never; label: string; required?: boolean }) {
  const { t } = useTranslation('serviceRequests');
  return (
    <RadioGroupElement<{ rating: number }, number>
      control={control}
      name="rating"
      label={label}
      required={required}
      row
      options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: t(`rating.${n}`) }))}
    />
  );
}

/** The customer's actions on a request, each a dialog (EntityForm). */
function CustomerActions({ r }: { r: ServiceRequestDetail }) {
  const { t } = useTranslation('serviceRequests');
  const { locale } = useRouter();
  const [open, setOpen] = useState<ServiceAction | null>(null);
  const [done, setDone] = useState<ServiceAction | null>(null);
  const close = () => setOpen(null);
  const finish = (a: ServiceAction) => () => {
    setOpen(null);
    setDone(a);
  };
  const base = { id: r.id, version: r.version };
  return (
    <>
      {done ? (
        <Alert severity="success" role="status" onClose={() => setDone(null)}>
          {t(`actions.${done}.done`)}
        </Alert>
      ) : null}
      {r.actions.length > 0 ? (
        <Can anyOf={['service_req_write']}>
          <DetailSection title={t('sections.actions')}>
            {r.reopenUntil ? <Typography>{t('actions.window', { until: formatDateTime(r.reopenUntil, locale) })}</Typography> : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              {r.actions.map((a) => (
                <Button key={a} variant={a === 'confirm' || a === 'rate' ? 'contained' : 'outlined'} color={a === 'cancel' ? 'error' : 'primary'} onClick={() => setOpen(a)}>
                  {t(`actions.${a}.button`)}
                </Button>
              ))}
            </Stack>
          </DetailSection>
        </Can>
      ) : null}
      <ActionDialog
        open={open === 'cancel'}
        title={t('actions.cancel.title', { reference: r.reference })}
        intro={<Typography>{t('actions.cancel.intro')}</Typography>}
        endpoint={E.cancel}
        schema={cancelForm}
        defaultValues={{ reason: '' }}
        toBody={(v) => ({ ...base, ...(v.reason ? { reason: v.reason } : {}) })}
        submitLabel={t('actions.cancel.submit')}
        submitColor="error"
        onClose={close}
        onDone={finish('cancel')}
      >
        {(form) => <TextFieldElement control={form.control} name="reason" label={t('actions.reason')} multiline minRows={2} maxLength={SR_LIMITS.reason} />}
      </ActionDialog>
      <ActionDialog
        open={open === 'confirm'}
        title={t('actions.confirm.title', { reference: r.reference })}
        intro={<Typography>{t('actions.confirm.intro')}</Typography>}
        endpoint={E.confirmResolution}
        schema={confirmForm}
        defaultValues={{ comment: '' }}
        toBody={(v) => ({ ...base, ...(v.rating ? { rating: v.rating } : {}), ...(v.comment ? { comment: v.comment } : {}) })}
        submitLabel={t('actions.confirm.submit')}
        onClose={close}
        onDone={finish('confirm')}
      >
        {(form) => (
          <Stack spacing={2}>
            <RatingField control={form.control as never} label={t('actions.ratingOptional')} />
            <TextFieldElement control={form.control} name="comment" label={t('actions.comment')} multiline minRows={2} maxLength={SR_LIMITS.comment} />
          </Stack>
        )}
      </ActionDialog>
      <ActionDialog
        open={open === 'reopen'}
        title={t('actions.reopen.title', { reference: r.reference })}
        intro={<Typography>{t('actions.reopen.intro')}</Typography>}
        endpoint={E.reopen}
        schema={reopenForm}
        defaultValues={{ reason: '' }}
        toBody={(v) => ({ ...base, reason: v.reason })}
        submitLabel={t('actions.reopen.submit')}
        onClose={close}
        onDone={finish('reopen')}
      >
        {(form) => <TextFieldElement control={form.control} name="reason" label={t('actions.reopenReason')} required multiline minRows={2} maxLength={SR_LIMITS.reason} />}
      </ActionDialog>
      <ActionDialog
        open={open === 'rate'}
        title={t('actions.rate.title', { reference: r.reference })}
        endpoint={E.rate}
        schema={rateForm}
        defaultValues={{ comment: '' }}
        toBody={(v) => ({ ...base, rating: v.rating, ...(v.comment ? { comment: v.comment } : {}) })}
        submitLabel={t('actions.rate.submit')}
        onClose={close}
        onDone={finish('rate')}
      >
        {(form) => (
          <Stack spacing={2}>
            <RatingField control={form.control as never} label={t('actions.rating')} required />
            <TextFieldElement control={form.control} name="comment" label={t('actions.comment')} multiline minRows={2} maxLength={SR_LIMITS.comment} />
          </Stack>
        )}
      </ActionDialog>
    </>
  );
}

/** `/service-requests/[id]`: status, engineer and ETA, SLA clock, the fault, the timeline and the customer's actions. */
export function ServiceRequestDetailScreen() {
  const { t } = useTranslation(['serviceRequests', 'common']);
  const { locale, query: urlQuery } = useRouter();
  const created = urlQuery.created === '1';
  const id = useRouteId();
  const query = useEndpointQuery(E.get, id ? { id } : null);
  const back = { href: pathTo('/service-requests'), label: t('detail.back') };
  return (
    <DetailScreen query={query} title={t('detail.loading')} back={back} notFoundTitle={t('detail.notFoundTitle')} notFoundBody={t('detail.notFoundBody')}>
      {(r) => (
        <>
          <PageHeader title={t('detail.title', { reference: r.reference })} subtitle={t(`category.${r.category}`)} back={back} />
          {created ? (
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              {t('detail.created', { reference: r.reference, due: formatDateTime(r.sla.dueAt, locale) })}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
            <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
              <DetailSection title={t('sections.status')}>
                <Box>
                  <RequestStatusChip status={r.status} />
                </Box>
                <EngineerFacts r={r} />
                {r.resolutionNotes ? <Facts rows={[[t('fields.resolutionNotes'), r.resolutionNotes]]} /> : null}
                {r.rating ? <Facts rows={[[t('fields.rating'), `${t(`rating.${r.rating}`)}${r.ratingComment ? ` · ${r.ratingComment}` : ''}`]]} /> : null}
              </DetailSection>
              <CustomerActions r={r} />
              <DetailSection title={t('sections.timeline')}>
                <Timeline events={r.timeline} />
              </DetailSection>
            </Box>
            <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
              <DetailSection title={t('sections.sla')}>
                <Facts rows={slaFacts(r.sla, t, locale)} />
                <Typography variant="body2" color="text.secondary">
                  {t('sla.explain')}
                </Typography>
              </DetailSection>
              <DetailSection title={t('sections.fault')}>
                <RequestFacts r={r} />
                {r.photo ? <RequestPhoto endpoint={E.photo} id={r.id} alt={t('fields.photoAlt', { reference: r.reference })} /> : null}
              </DetailSection>
            </Box>
          </Box>
        </>
      )}
    </DetailScreen>
  );
}
