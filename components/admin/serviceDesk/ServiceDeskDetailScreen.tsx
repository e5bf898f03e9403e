import { useState } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'next-i18next/pages';
import { useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import { DetailScreen, useRouteRecord } from '@/components/common/DetailScreen';
import { PageHeader } from '@/components/common/PageHeader';
import { TextFieldElement } from '@/components/common/form';
import { RequestOverview } from '@/components/serviceRequests/RequestOverview';
import { TransitionActions, transition } from '@/components/serviceRequests/TransitionActions';
import { fromHkLocalDateTime, HK_LOCAL_DATETIME, hkLocalDateTime } from '@/lib/dates/hongKong';
import { formatDateTime, pickLocalized } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { ETA_MAX_DAYS, SR_LIMITS } from '@/lib/serviceRequests/constants';
import { serviceDeskContract } from '@/lib/serviceRequests/contract';
import { acknowledgeSchema, assignSchema, etaProblem, resolveSchema, type ServiceDeskDetail, type SlaInfo } from '@/lib/serviceRequests/schemas';
import { zodMessages } from '@/lib/zodMessages';

const E = serviceDeskContract.endpoints;
const stepFields = { id: true, version: true } as const;
const noteForm = acknowledgeSchema.omit(stepFields);
const resolveForm = resolveSchema.omit(stepFields);
/** The ETA is typed as HK wall-clock time (datetime-local) and sent with +08:00. */
const HK_LOCAL = HK_LOCAL_DATETIME;
const fromHkLocal = fromHkLocalDateTime;
/** Not in the past nor more than ETA_MAX_DAYS ahead: the API's rule (etaProblem), checked before sending. */
const assignForm = assignSchema.omit({ ...stepFields, etaAt: true }).extend({
  etaAt: z
    .string()
    .regex(HK_LOCAL, { error: zodMessages.date })
    .superRefine((v, ctx) => {
      const problem = HK_LOCAL.test(v) ? etaProblem(fromHkLocal(v), new Date()) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

const hkLocalNow = (plusHours: number) => `${hkLocalDateTime(new Date(Date.now() + plusHours * 3600_000)).slice(0, 13)}:00`;
const hkLocalOf = (iso: string) => hkLocalDateTime(new Date(iso));

function NoteField({ control }: { control: never }) {
  const { t } = useTranslation('serviceDesk');
  return <TextFieldElement<{ note?: string }> control={control} name="note" label={t('actions.note')} multiline minRows={2} maxLength={SR_LIMITS.notes} />;
}

const note = (v: { note?: string | undefined }) => (v.note ? { note: v.note } : {});
/** A step whose form is only an optional note. */
const noteStep = (endpoint: typeof E.acknowledge | typeof E.markOnSite | typeof E.close) =>
  transition({
    endpoint,
    schema: noteForm,
    defaultValues: { note: '' },
    toBody: (v, keys) => ({ ...keys, ...note(v) }),
    fields: (form) => <NoteField control={form.control as never} />,
  });

/**
 * An arrival after the SLA's due time is allowed (the customer still needs the visit, and an already breached
 * request still needs an engineer) but the desk is told before it promises it.
 */
function EtaAfterDueWarning({ control, sla }: { control: Control<z.input<typeof assignForm>>; sla: SlaInfo }) {
  const { t } = useTranslation('serviceDesk');
  const { locale } = useRouter();
  const eta = useWatch({ control, name: 'etaAt' });
  if (sla.respondedAt || sla.state === 'stopped' || !eta || !HK_LOCAL.test(eta)) return null;
  if (fromHkLocal(eta).getTime() <= new Date(sla.dueAt).getTime()) return null;
  return (
    <Alert severity="warning" data-testid="eta-after-due">
      {t('actions.etaAfterDue', { due: formatDateTime(sla.dueAt, locale) })}
    </Alert>
  );
}

function AssignFields({ control, sla }: { control: never; sla: SlaInfo }) {
  const { t } = useTranslation('serviceDesk');
  type F = z.input<typeof assignForm>;
  return (
    <Stack spacing={2}>
      <TextFieldElement<F> control={control} name="engineerName" label={t('actions.engineerName')} required maxLength={SR_LIMITS.engineer} />
      <TextFieldElement<F> control={control} name="engineerPhone" label={t('actions.engineerPhone')} type="tel" />
      <TextFieldElement<F>
        control={control}
        name="etaAt"
        label={t('actions.eta')}
        type="datetime-local"
        required
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: hkLocalNow(0), max: hkLocalNow(ETA_MAX_DAYS * 24) } }}
        helperText={t('actions.etaHelp', { days: ETA_MAX_DAYS })}
      />
      <EtaAfterDueWarning control={control} sla={sla} />
      <NoteField control={control} />
    </Stack>
  );
}

/** The desk's steps (acknowledge, assign, on site, resolve, close), run by TransitionActions; a 409 is shown translated. */
const deskSteps = (r: ServiceDeskDetail) => ({
  acknowledge: noteStep(E.acknowledge),
  assign: transition({
    endpoint: E.assignEngineer,
    schema: assignForm,
    defaultValues: { engineerName: r.engineerName ?? '', engineerPhone: r.engineerPhone ?? '', etaAt: r.etaAt ? hkLocalOf(r.etaAt) : hkLocalNow(2), note: '' },
    toBody: (v, keys) => ({ ...keys, engineerName: v.engineerName, ...(v.engineerPhone ? { engineerPhone: v.engineerPhone } : {}), etaAt: `${v.etaAt}:00+08:00`, ...note(v) }),
    primary: true,
    fields: (form) => <AssignFields control={form.control as never} sla={r.sla} />,
  }),
  onSite: noteStep(E.markOnSite),
  resolve: transition({
    endpoint: E.resolve,
    schema: resolveForm,
    defaultValues: { resolutionNotes: '' },
    toBody: (v, keys) => ({ ...keys, resolutionNotes: v.resolutionNotes }),
    primary: true,
    fields: (form) => <ResolutionField control={form.control as never} />,
  }),
  close: noteStep(E.close),
});

function ResolutionField({ control }: { control: never }) {
  const { t } = useTranslation('serviceDesk');
  return <TextFieldElement<{ resolutionNotes: string }> control={control} name="resolutionNotes" label={t('actions.resolutionNotes')} required multiline minRows={3} maxLength={SR_LIMITS.notes} />;
}

/** Until when the customer may still confirm or reopen a resolved request; nothing once that has passed. */
function CloseWindowNote({ until }: { until: string }) {
  const { t } = useTranslation('serviceDesk');
  const { locale } = useRouter();
  const [openedAt] = useState(() => Date.now());
  if (Date.parse(until) <= openedAt) return null;
  return (
    <Alert severity="info" data-testid="close-window">
      {t('actions.closeWindow', { until: formatDateTime(until, locale) })}
    </Alert>
  );
}

/** `/admin-controls/service-desk/view/[id]`: one request with the customer, who did what, the SLA and the desk's steps. */
export function ServiceDeskDetailScreen() {
  const { t } = useTranslation(['serviceDesk', 'serviceRequests', 'common']);
  const { locale } = useRouter();
  const query = useRouteRecord(E.get);
  const back = { href: pathTo('/admin-controls/service-desk'), label: t('back') };
  return (
    <DetailScreen query={query} title={t('title')} back={back} notFoundTitle={t('notFoundTitle')} notFoundBody={t('notFoundBody')}>
      {(r) => (
        <>
          <PageHeader title={t('viewTitle', { reference: r.reference })} subtitle={`${pickLocalized(locale, r.customerNameEn, r.customerNameZh)} (${r.ucpId})`} back={back} />
          <RequestOverview
            r={r}
            actions={
              <TransitionActions
                r={r}
                ns={['serviceDesk', 'serviceRequests']}
                steps={deskSteps(r)}
                permission="service_req_admin_write"
                emptyText={t('actions.none')}
                buttonLabel={(a) => (a === 'assign' && r.status === 'engineer_assigned' ? t('actions.reassign.button') : undefined)}
                lead={
                  // QA: the desk closed a request just resolved, and the customer lost its 7 days to confirm or reopen
                  // without the desk being told.
                  r.actions.includes('close') && r.reopenUntil ? <CloseWindowNote until={r.reopenUntil} /> : null
                }
              />
            }
            photoEndpoint={E.photo}
            responseTimeLabel={t('serviceDesk:sla.responseTime')}
            noEngineerText={t('serviceDesk:fields.noEngineer')}
            ratingLabel={t('serviceDesk:fields.rating')}
            faultTitle={t('sections.fault')}
            faultLead={[
              [t('fields.customer'), `${pickLocalized(locale, r.customerNameEn, r.customerNameZh)} (${r.ucpId})`],
              [t('fields.reportedBy'), r.reportedBy ? `${r.reportedBy.name} (${r.reportedBy.loginId})` : '—'],
            ]}
          />
        </>
      )}
    </DetailScreen>
  );
}
