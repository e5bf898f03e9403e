import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'next-i18next/pages';
import { z } from 'zod';
import { EntityForm } from '@/components/common/EntityForm';
import { RadioGroupElement, TextFieldElement } from '@/components/common/form';
import { fromHkLocalDateTime, HK_LOCAL_DATETIME, hkLocalDateTime } from '@/lib/dates/hongKong';
import { SLA_SUSPENSION_KINDS, SUSPENSION_LIMITS } from '@/lib/serviceRequests/constants';
import { serviceDeskContract } from '@/lib/serviceRequests/contract';
import { addSuspensionSchema, suspensionProblems } from '@/lib/serviceRequests/schemas';
import { zodMessages } from '@/lib/zodMessages';

const E = serviceDeskContract.endpoints;

/** The dialog's form: the times typed as Hong Kong wall-clock (datetime-local), checked as the API checks them. */
const hkLocalField = z.string().regex(HK_LOCAL_DATETIME, { error: zodMessages.date });
const suspensionForm = addSuspensionSchema
  .omit({ startsAt: true, endsAt: true })
  .extend({ startsAt: hkLocalField, endsAt: hkLocalField })
  .superRefine((v, ctx) => {
    if (!HK_LOCAL_DATETIME.test(v.startsAt) || !HK_LOCAL_DATETIME.test(v.endsAt)) return;
    const problems = suspensionProblems(fromHkLocalDateTime(v.startsAt), fromHkLocalDateTime(v.endsAt), new Date());
    for (const [path, message] of Object.entries(problems)) ctx.addIssue({ code: 'custom', path: [path], message });
  });
type SuspensionForm = z.input<typeof suspensionForm>;

/** The desk's "Record a clock suspension" dialog (loaded when first opened: ClockSuspensions). */
export function AddSuspensionDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (moved: number) => void }) {
  const { t } = useTranslation(['serviceDesk', 'serviceRequests']);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // The hour the form opened, as a start to correct; the end one hour on.
  const now = new Date();
  const defaults: SuspensionForm = { kind: 'typhoon_8', startsAt: `${hkLocalDateTime(now).slice(0, 13)}:00`, endsAt: `${hkLocalDateTime(new Date(now.getTime() + 3600_000)).slice(0, 13)}:00`, note: '' };
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby="suspension-add-title">
      <DialogTitle id="suspension-add-title">{t('suspensions.addTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <DialogContentText>{t('suspensions.intro')}</DialogContentText>
        <EntityForm
          endpoint={E.addSuspension}
          schema={suspensionForm}
          defaultValues={defaults}
          toBody={(v) => ({ kind: v.kind, startsAt: `${v.startsAt}:00+08:00`, endsAt: `${v.endsAt}:00+08:00`, ...(v.note ? { note: v.note } : {}) })}
          fieldLabels={{ kind: t('suspensions.kind'), startsAt: t('suspensions.startsAt'), endsAt: t('suspensions.endsAt'), note: t('suspensions.note') }}
          submitLabel={t('suspensions.save')}
          onCancel={onClose}
          onSuccess={(data) => onDone(data.requestsMoved)}
          aria-label={t('suspensions.addTitle')}
        >
          {(form) => (
            <Stack spacing={2}>
              <RadioGroupElement<SuspensionForm>
                control={form.control}
                name="kind"
                label={t('suspensions.kind')}
                required
                options={SLA_SUSPENSION_KINDS.map((k) => ({ value: k, label: t(`serviceRequests:suspension.kinds.${k}`) }))}
              />
              <TextFieldElement<SuspensionForm> control={form.control} name="startsAt" label={t('suspensions.startsAt')} type="datetime-local" required slotProps={{ inputLabel: { shrink: true } }} />
              <TextFieldElement<SuspensionForm>
                control={form.control}
                name="endsAt"
                label={t('suspensions.endsAt')}
                type="datetime-local"
                required
                slotProps={{ inputLabel: { shrink: true } }}
                helperText={t('suspensions.endsHelp', { hours: SUSPENSION_LIMITS.aheadHours })}
              />
              <TextFieldElement<SuspensionForm> control={form.control} name="note" label={t('suspensions.note')} multiline minRows={2} maxLength={SUSPENSION_LIMITS.note} />
            </Stack>
          )}
        </EntityForm>
      </DialogContent>
    </Dialog>
  );
}
