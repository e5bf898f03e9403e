import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { DetailScreen, useRouteRecord } from '@/components/common/DetailScreen';
import { PageHeader } from '@/components/common/PageHeader';
import { RadioGroupElement, TextFieldElement } from '@/components/common/form';
import { formatDateTime } from '@/lib/i18n/locales';
import type { BodyOf } from '@/lib/contract';
import { pathTo } from '@/lib/paths';
import { SR_LIMITS } from '@/lib/serviceRequests/constants';
import { serviceRequestsContract } from '@/lib/serviceRequests/contract';
import { cancelSchema, confirmSchema, rateSchema, reopenSchema } from '@/lib/serviceRequests/schemas';
import { RequestOverview } from './RequestOverview';
import { TransitionActions, transition } from './TransitionActions';

const E = serviceRequestsContract.endpoints;
const stepFields = { id: true, version: true } as const;
const cancelForm = cancelSchema.omit(stepFields);
const confirmForm = confirmSchema.omit(stepFields);
const reopenForm = reopenSchema.omit(stepFields);
const rateForm = rateSchema.omit(stepFields);

function ReasonField({ control, labelKey, required }: { control: never; labelKey: string; required?: boolean }) {
  const { t } = useTranslation('serviceRequests');
  return <TextFieldElement<{ reason?: string }> control={control} name="reason" label={t(labelKey)} required={required} multiline minRows={2} maxLength={SR_LIMITS.reason} />;
}

/** A rating (1–5) and a comment: confirming a resolution (rating optional) and rating a closed request. */
function RatingFields({ control, labelKey, required }: { control: never; labelKey: string; required?: boolean }) {
  const { t } = useTranslation('serviceRequests');
  return (
    <Stack spacing={2}>
      <RadioGroupElement<{ rating: number }, number>
        control={control}
        name="rating"
        label={t(labelKey)}
        required={required}
        row
        options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: t(`rating.${n}`) }))}
      />
      <TextFieldElement<{ comment?: string }> control={control} name="comment" label={t('actions.comment')} multiline minRows={2} maxLength={SR_LIMITS.comment} />
    </Stack>
  );
}

/** A step whose form is a reason (cancel: optional, reopen: required); the customer is told what it means first. */
const reasonStep = (endpoint: typeof E.cancel | typeof E.reopen, schema: typeof cancelForm | typeof reopenForm, labelKey: string, required?: boolean) =>
  transition({
    endpoint,
    schema: schema as typeof cancelForm,
    defaultValues: { reason: '' },
    toBody: (v, keys) => ({ ...keys, ...(v.reason ? { reason: v.reason } : {}) }) as BodyOf<typeof endpoint>,
    intro: true,
    fields: (form) => <ReasonField control={form.control as never} labelKey={labelKey} required={required} />,
  });

/** A step whose form is a rating and a comment (confirm: rating optional, rate: required). */
const ratingStep = (endpoint: typeof E.confirmResolution | typeof E.rate, schema: typeof confirmForm | typeof rateForm, labelKey: string, required?: boolean) =>
  transition({
    endpoint,
    schema: schema as typeof confirmForm,
    defaultValues: { comment: '' },
    toBody: (v, keys) => ({ ...keys, ...(v.rating ? { rating: v.rating } : {}), ...(v.comment ? { comment: v.comment } : {}) }) as BodyOf<typeof endpoint>,
    primary: true,
    fields: (form) => <RatingFields control={form.control as never} labelKey={labelKey} required={required} />,
  });

/** The customer's steps, run by TransitionActions from what the request allows now. */
const customerSteps = {
  cancel: { ...reasonStep(E.cancel, cancelForm, 'actions.reason'), danger: true },
  confirm: { ...ratingStep(E.confirmResolution, confirmForm, 'actions.ratingOptional'), intro: true },
  reopen: reasonStep(E.reopen, reopenForm, 'actions.reopenReason', true),
  rate: ratingStep(E.rate, rateForm, 'actions.rating', true),
};

/** `/service-requests/[id]`: status, engineer and ETA, SLA clock, the fault, the timeline and the customer's actions. */
export function ServiceRequestDetailScreen() {
  const { t } = useTranslation(['serviceRequests', 'common']);
  const { locale, query: urlQuery } = useRouter();
  const created = urlQuery.created === '1';
  const query = useRouteRecord(E.get);
  const back = { href: pathTo('/service-requests'), label: t('detail.back') };
  return (
    <DetailScreen query={query} title={t('detail.loading')} back={back} notFoundTitle={t('detail.notFoundTitle')} notFoundBody={t('detail.notFoundBody')}>
      {(r) => (
        <>
          <PageHeader title={t('detail.title', { reference: r.reference })} subtitle={t(`category.${r.category}`)} back={back} />
          {created && r.status === 'submitted' ? (
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              {t('detail.created', { reference: r.reference, due: formatDateTime(r.sla.dueAt, locale) })}
            </Alert>
          ) : null}
          <RequestOverview
            r={r}
            actions={
              <TransitionActions
                r={r}
                ns={['serviceRequests']}
                steps={customerSteps}
                permission="service_req_write"
                lead={r.reopenUntil ? <Typography>{t('actions.window', { until: formatDateTime(r.reopenUntil, locale) })}</Typography> : null}
              />
            }
            photoEndpoint={E.photo}
            faultTitle={t('sections.fault')}
            linkContract
            slaNote={
              <Typography variant="body2" color="text.secondary">
                {t('sla.explain')}
              </Typography>
            }
          />
        </>
      )}
    </DetailScreen>
  );
}
