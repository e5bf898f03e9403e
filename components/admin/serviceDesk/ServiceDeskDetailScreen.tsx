import { useRouter } from 'next/router';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'next-i18next/pages';
import { z } from 'zod';
import { DetailScreen, useRouteRecord } from '@/components/common/DetailScreen';
import { PageHeader } from '@/components/common/PageHeader';
import { TextFieldElement } from '@/components/common/form';
import { RequestOverview } from '@/components/serviceRequests/RequestOverview';
import { TransitionActions, transition } from '@/components/serviceRequests/TransitionActions';
import { pickLocalized } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { SR_LIMITS } from '@/lib/serviceRequests/constants';
import { serviceDeskContract } from '@/lib/serviceRequests/contract';
import { acknowledgeSchema, assignSchema, resolveSchema, type ServiceDeskDetail } from '@/lib/serviceRequests/schemas';
import { zodMessages } from '@/lib/zodMessages';

const E = serviceDeskContract.endpoints;
const stepFields = { id: true, version: true } as const;
const noteForm = acknowledgeSchema.omit(stepFields);
const resolveForm = resolveSchema.omit(stepFields);
/** The ETA is typed as HK wall-clock time (datetime-local) and sent with +08:00. */
const assignForm = assignSchema.omit({ ...stepFields, etaAt: true }).extend({ etaAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: zodMessages.date }) });

const hkLocalNow = (plusHours: number) => new Date(Date.now() + (8 + plusHours) * 3600_000).toISOString().slice(0, 13) + ':00';
const hkLocalOf = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16);

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

function AssignFields({ control }: { control: never }) {
  const { t } = useTranslation('serviceDesk');
  type F = z.input<typeof assignForm>;
  return (
    <Stack spacing={2}>
      <TextFieldElement<F> control={control} name="engineerName" label={t('actions.engineerName')} required maxLength={SR_LIMITS.engineer} />
      <TextFieldElement<F> control={control} name="engineerPhone" label={t('actions.engineerPhone')} type="tel" />
      <TextFieldElement<F> control={control} name="etaAt" label={t('actions.eta')} type="datetime-local" required slotProps={{ inputLabel: { shrink: true } }} helperText={t('actions.etaHelp')} />
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
    fields: (form) => <AssignFields control={form.control as never} />,
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
              />
            }
            photoEndpoint={E.photo}
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
