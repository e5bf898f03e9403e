import { useMemo } from 'react';
import { useRouter } from 'next/router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { z } from 'zod';
import { Form, MoneyFieldElement, TextFieldElement } from '@/components/common/form';
import { approveSlip, rejectSlip } from '@/lib/api/paymentSlips';
import { formatMoney } from '@/lib/i18n/locales';
import { SLIP_LIMITS, approveSlipSchema, rejectSlipSchema, type ReviewDetail, type ReviewResult } from '@/lib/paymentSlips/schemas';

/** What approving applies by default: the slip's amount to its bills, oldest due first, each up to its balance. */
export function defaultAllocation(slip: Pick<ReviewDetail, 'amountCents' | 'bills'>): { billId: string; appliedCents: number }[] {
  let remaining = slip.amountCents;
  return slip.bills.map((b) => {
    const applied = Math.max(0, Math.min(b.balanceCents, remaining));
    remaining -= applied;
    return { billId: b.billId, appliedCents: applied };
  });
}

const rejectFormSchema = rejectSlipSchema.omit({ id: true });

type DialogProps = { slip: ReviewDetail; open: boolean; onClose: () => void; onDone: (result: ReviewResult) => void };

/** Approve: the amount per bill (prefilled oldest first, editable within each balance) and an optional comment. */
export function ApproveDialog({ slip, open, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(['page', 'common']);
  const { locale } = useRouter();
  const defaults = useMemo(() => defaultAllocation(slip), [slip]);
  const schema = useMemo(
    () =>
      z
        .object({
          applied: z.array(z.number({ error: 'paymentSlips.validation.amount' }).int().min(0)),
          comment: approveSlipSchema.shape.comment.unwrap(),
        })
        .superRefine((v, ctx) => {
          v.applied.forEach((cents, i) => {
            if (cents > (slip.bills[i]?.balanceCents ?? 0)) ctx.addIssue({ code: 'custom', path: ['applied', i], message: 'paymentSlips.validation.allocationOverBalance' });
          });
          const total = v.applied.reduce((s, c) => s + c, 0);
          if (total > slip.amountCents) ctx.addIssue({ code: 'custom', path: ['applied', 0], message: 'paymentSlips.validation.allocationOverAmount' });
        }),
    [slip],
  );
  type In = z.input<typeof schema>;
  type Out = z.output<typeof schema>;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="approve-title">
      <DialogTitle id="approve-title">{t('slipReview.approve.title', { slipNo: slip.slipNo })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('slipReview.approve.help', { amount: formatMoney(slip.amountCents, locale) })}
        </Typography>
        <Form<In, Out, ReviewResult>
          schema={schema}
          defaultValues={{ applied: defaults.map((d) => d.appliedCents), comment: '' }}
          submitLabel={t('slipReview.approve.submit')}
          secondaryActions={<Button onClick={onClose}>{t('slipReview.cancel')}</Button>}
          onSubmit={(values) => {
            const changed = values.applied.some((c, i) => c !== defaults[i]?.appliedCents);
            return approveSlip({
              id: slip.id,
              ...(changed ? { allocations: slip.bills.map((b, i) => ({ billId: b.billId, appliedCents: values.applied[i] ?? 0 })) } : {}),
              ...(values.comment ? { comment: values.comment } : {}),
            });
          }}
          onSuccess={(data) => data && onDone(data)}
        >
          {(form) => (
            <>
              {slip.bills.map((b, i) => (
                <MoneyFieldElement
                  key={b.billId}
                  control={form.control}
                  name={`applied.${i}`}
                  label={t('slipReview.approve.applyTo', { billNo: b.billNo })}
                  helperText={t('slipReview.approve.balance', { balance: formatMoney(b.balanceCents, locale) })}
                />
              ))}
              <TextFieldElement control={form.control} name="comment" label={t('slipReview.approve.comment')} multiline minRows={2} maxLength={SLIP_LIMITS.maxReason} />
            </>
          )}
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** Reject: a reason is required (the customer reads it in the slip history). */
export function RejectDialog({ slip, open, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(['page', 'common']);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reject-title">
      <DialogTitle id="reject-title">{t('slipReview.reject.title', { slipNo: slip.slipNo })}</DialogTitle>
      <DialogContent>
        <Form<z.input<typeof rejectFormSchema>, z.output<typeof rejectFormSchema>, ReviewResult>
          schema={rejectFormSchema}
          defaultValues={{ reason: '' }}
          submitLabel={t('slipReview.reject.submit')}
          secondaryActions={<Button onClick={onClose}>{t('slipReview.cancel')}</Button>}
          onSubmit={(values) => rejectSlip({ id: slip.id, reason: values.reason })}
          onSuccess={(data) => data && onDone(data)}
        >
          {(form) => (
            <TextFieldElement
              control={form.control}
              name="reason"
              label={t('slipReview.reject.reason')}
              helperText={t('slipReview.reject.reasonHelp')}
              multiline
              minRows={3}
              required
              maxLength={SLIP_LIMITS.maxReason}
            />
          )}
        </Form>
      </DialogContent>
    </Dialog>
  );
}
