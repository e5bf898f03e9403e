import { useState } from 'react';
import { useRouter } from 'next/router';
import NextLink from 'next/link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'next-i18next/pages';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { DetailSection, Facts } from '@/components/common/DetailParts';
import { DetailScreen } from '@/components/common/DetailScreen';
import { EntityForm } from '@/components/common/EntityForm';
import { FileDropzone } from '@/components/common/FileUploadField';
import { PageHeader } from '@/components/common/PageHeader';
import { RetryAlert } from '@/components/common/RetryAlert';
import { StateMessage } from '@/components/common/StateMessage';
import { DateFieldElement, SelectElement, TextFieldElement } from '@/components/common/form';
import { StatusChip } from '@/components/common/StatusChip';
import { useEndpointQuery, useEndpointUpload } from '@/lib/api/query';
import { addDays } from '@/lib/dates/hongKong';
import { errorKey } from '@/lib/errors';
import { useApiErrorText } from '@/components/common/form/useFieldMessage';
import { formatDateTime, pickLocalized } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { MAX_VISIT_WINDOWS, PHOTO_TYPES, SERVICE_CATEGORIES, SR_LIMITS, VISIT_SLOTS } from '@/lib/serviceRequests/constants';
import { serviceRequestsContract } from '@/lib/serviceRequests/contract';
import { reportFaultFormSchema, type NewRequestContext, type ReportFaultForm } from '@/lib/serviceRequests/schemas';
import { machineText } from './parts';

const E = serviceRequestsContract.endpoints;

/** Up to three days and parts of the day the engineer may come. */
function VisitWindows({ control, today }: { control: Control<ReportFaultForm>; today: string }) {
  const { t } = useTranslation('serviceRequests');
  const { fields, append, remove } = useFieldArray({ control, name: 'visitWindows' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
        {t('form.visitWindows')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('form.visitWindowsHelp')}
      </Typography>
      {fields.map((f, i) => (
        <Stack key={f.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <DateFieldElement control={control} name={`visitWindows.${i}.date`} label={t('form.windowDate', { n: i + 1 })} required min={today} max={addDays(today, 30)} />
          <SelectElement control={control} name={`visitWindows.${i}.slot`} label={t('form.windowSlot', { n: i + 1 })} required emptyLabel={false} options={VISIT_SLOTS.map((s) => ({ value: s, label: t(`slot.${s}`) }))} />
          <IconButton aria-label={t('form.removeWindow', { n: i + 1 })} onClick={() => remove(i)} sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      {fields.length < MAX_VISIT_WINDOWS ? (
        <Box>
          <Button variant="outlined" onClick={() => append({ date: addDays(today, 1), slot: 'any' })}>
            {t('form.addWindow')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

/** The error-code field shows only for the "error code on screen" category (where it is required). */
function ErrorCodeField({ control }: { control: Control<ReportFaultForm> }) {
  const { t } = useTranslation('serviceRequests');
  const category = useWatch({ control, name: 'category' });
  return (
    <TextFieldElement
      control={control}
      name="errorCode"
      label={t('form.errorCode')}
      helperText={t('form.errorCodeHelp')}
      required={category === 'error_code'}
      maxLength={SR_LIMITS.errorCode}
    />
  );
}

/** The optional photo: uploaded as soon as it is chosen (checked by type and size first, by content on the server). */
function PhotoField({ machineId, onUploaded, onBusy }: { machineId: string; onUploaded: (fileId: string | null) => void; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation(['serviceRequests', 'error']);
  const errorText = useApiErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [attached, setAttached] = useState(false);
  const upload = useEndpointUpload(E.uploadPhoto, {
    onSuccess: (data) => {
      setProgress(null);
      setAttached(true);
      onUploaded(data.fileId);
      onBusy(false);
    },
    onError: () => {
      setProgress(null);
      onBusy(false);
    },
  });
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <FileDropzone
        label={t('form.photo')}
        name="photo"
        value={file}
        helperText={t('form.photoHelp')}
        accept={PHOTO_TYPES}
        progress={progress}
        onChange={(f) => {
          setFile(f);
          setAttached(false);
          onUploaded(null);
          onBusy(Boolean(f));
          if (f) upload.mutate({ fields: { machineId }, file: f, onProgress: setProgress });
        }}
      />
      {upload.isPending ? (
        <Typography variant="body2" color="text.secondary" role="status" data-testid="photo-uploading">
          {t('form.photoUploading')}
        </Typography>
      ) : null}
      {upload.error ? <Alert severity="error">{errorText(upload.error.error)}</Alert> : null}
      {attached ? (
        <Alert severity="success" role="status">
          {t('form.photoAttached')}
        </Alert>
      ) : null}
    </Box>
  );
}

function ReportForm({ ctx }: { ctx: NewRequestContext }) {
  const { t } = useTranslation(['serviceRequests', 'common']);
  const router = useRouter();
  const { locale } = router;
  const [photoFileId, setPhotoFileId] = useState<string | null>(null);
  // While the chosen photo uploads, "Send" waits: sent meanwhile, the report went without the photo, with no word.
  const [photoBusy, setPhotoBusy] = useState(false);
  const m = ctx.machine;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
      <Box sx={{ minWidth: 0 }}>
        <EntityForm
          endpoint={E.create}
          schema={reportFaultFormSchema}
          aria-label={t('form.title')}
          defaultValues={{ machineId: m.id, category: undefined, errorCode: '', description: '', contactName: ctx.contactName, contactPhone: ctx.contactPhone, visitWindows: [] }}
          toBody={(v, { idempotencyKey }) => ({ ...v, idempotencyKey, ...(photoFileId ? { photoFileId } : {}) })}
          submitLabel={t('form.submit')}
          disabled={photoBusy}
          fieldLabels={{ category: t('form.category'), errorCode: t('form.errorCode'), description: t('form.description'), contactName: t('form.contactName'), contactPhone: t('form.contactPhone') }}
          onSuccess={(receipt) => void router.push(pathTo('/service-requests/[id]', { id: receipt.id }, { created: 1 }))}
          onCancel={() => void router.push(pathTo('/service-requests'))}
        >
          {(form) => (
            <Stack spacing={2}>
              <SelectElement control={form.control} name="category" label={t('form.category')} required options={SERVICE_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))} />
              <ErrorCodeField control={form.control as unknown as Control<ReportFaultForm>} />
              <TextFieldElement control={form.control} name="description" label={t('form.description')} helperText={t('form.descriptionHelp')} required multiline minRows={4} maxLength={SR_LIMITS.description} />
              <PhotoField machineId={m.id} onUploaded={setPhotoFileId} onBusy={setPhotoBusy} />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextFieldElement control={form.control} name="contactName" label={t('form.contactName')} required autoComplete="name" maxLength={SR_LIMITS.name} />
                <TextFieldElement control={form.control} name="contactPhone" label={t('form.contactPhone')} required type="tel" autoComplete="tel" />
              </Stack>
              <VisitWindows control={form.control as unknown as Control<ReportFaultForm>} today={ctx.today} />
            </Stack>
          )}
        </EntityForm>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <DetailSection title={t('form.machine')}>
          <Facts
            rows={[
              [t('fields.machine'), machineText(m, locale)],
              [t('fields.location'), [pickLocalized(locale, m.locationEn, m.locationZh), pickLocalized(locale, m.addressEn, m.addressZh)].filter(Boolean).join('\n')],
              ...(ctx.contractNo ? [[t('fields.contract'), ctx.contractNo] as [string, string]] : []),
              [t('sla.responseTime'), t('sla.hours', { count: ctx.responseHours })],
              [t('form.dueIfNow'), formatDateTime(ctx.dueIfNow, locale)],
            ]}
          />
          <Typography variant="body2" color="text.secondary">
            {t('sla.explain')}
          </Typography>
        </DetailSection>
        {ctx.openRequests.length > 0 ? (
          <Alert severity="info">
            <Typography sx={{ mb: 1 }}>{t('form.openRequests', { count: ctx.openRequests.length })}</Typography>
            <Stack spacing={0.5}>
              {ctx.openRequests.map((o) => (
                <Box key={o.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Button size="small" href={pathTo('/service-requests/[id]', { id: o.id })}>
                    {o.reference}
                  </Button>
                  <StatusChip status={o.status} />
                </Box>
              ))}
            </Stack>
          </Alert>
        ) : null}
      </Box>
    </Box>
  );
}

/** No `?machineId=`: choose one of the customer's machines first (it becomes the URL's machineId). */
function MachinePicker() {
  const { t } = useTranslation('serviceRequests');
  const router = useRouter();
  const machines = useEndpointQuery(E.machines, {});
  if (machines.apiError) return <RetryAlert error={machines.apiError} onRetry={() => void machines.refetch()} />;
  if (!machines.data) return null;
  if (machines.data.length === 0) return <StateMessage title={t('form.noMachines')} headingComponent="h2" variant="inline" />;
  return (
    <TextField
      select
      label={t('form.chooseMachine')}
      value=""
      fullWidth
      onChange={(e) => void router.replace(pathTo('/service-requests/new', undefined, { machineId: e.target.value }))}
    >
      {machines.data.map((m) => (
        <MenuItem key={m.id} value={m.id}>
          {machineText(m, router.locale)} · {pickLocalized(router.locale, m.locationEn, m.locationZh)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** `/service-requests/new?machineId=<id>`: "Report a fault" for one machine. */
export function ReportFaultScreen() {
  const { t } = useTranslation(['serviceRequests', 'common']);
  const router = useRouter();
  const machineId = router.isReady && typeof router.query.machineId === 'string' && router.query.machineId ? router.query.machineId : null;
  const ctx = useEndpointQuery(E.newRequestContext, machineId ? { machineId } : null);
  const back = { href: pathTo('/service-requests'), label: t('detail.back') };
  if (router.isReady && !machineId) {
    return (
      <>
        <PageHeader title={t('form.title')} subtitle={t('form.subtitle')} back={back} />
        <MachinePicker />
      </>
    );
  }
  // A machine taken out of service (removed) can take no report, now or on a retry: say so and offer the others.
  if (ctx.apiError?.code === 'MACHINE_NOT_SERVICEABLE') {
    return (
      <>
        <PageHeader title={t('form.title')} back={back} />
        <StateMessage
          variant="page"
          headingComponent="h2"
          action={
            <Button variant="outlined" component={NextLink} href={pathTo('/service-requests/new')}>
              {t('form.chooseAnother')}
            </Button>
          }
        >
          {t(errorKey(ctx.apiError.code))}
        </StateMessage>
      </>
    );
  }
  return (
    <DetailScreen query={ctx} title={t('form.title')} back={back} notFoundTitle={t('form.machineNotFoundTitle')} notFoundBody={t('form.machineNotFoundBody')}>
      {(c) => (
        <>
          <PageHeader title={t('form.title')} subtitle={t('form.subtitleFor', { machine: machineText(c.machine, router.locale) })} back={back} />
          <ReportForm key={c.machine.id} ctx={c} />
        </>
      )}
    </DetailScreen>
  );
}
