import { useMemo } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { z } from 'zod';
import { MoneyFieldElement, TextFieldElement } from '@/components/common/form';
import { ReviewActions } from '@/components/common/ReviewActions';
import { formatMoney } from '@/lib/i18n/locales';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';
import { SLIP_LIMITS, approveSlipSchema, type ReviewDetail } from '@/lib/paymentSlips/schemas';

/** What approving applies by default: the slip's amount to its bills, oldest due first, each up to its balance. */
export function defaultAllocation(slip: Pick<ReviewDetail, 'amountCents' | 'bills'>): { billId: string; appliedCents: number }[] {
  let remaining = slip.amountCents;
  return slip.bills.map((b) => {
    const applied = Math.max(0, Math.min(b.balanceCents, remaining));
    remaining -= applied;
    return { billId: b.billId, appliedCents: applied };
  });
}

/**
 * Approve (the amount per bill, prefilled oldest first and editable within each balance, and an optional comment) or
 * reject (a reason the customer reads in the slip history), through ReviewActions: a 409 (another reviewer decided
 * first) is shown plainly; the queue, the slip and the bills refresh through the contract.
 */
export function SlipReviewActions({ slip, onDone }: { slip: ReviewDetail; onDone: (decision: 'approved' | 'rejected') => void }) {
  const { t } = useTranslation(['slipReview', 'bills', 'common']);
  const { locale } = useRouter();
  const defaults = useMemo(() => defaultAllocation(slip), [slip]);
  const schema = useMemo(
    () =>
      z
        .object({
          applied: z.array(z.number({ error: 'paymentSlips.validation.amount' }).int({ error: 'paymentSlips.validation.amount' }).min(0, { error: 'paymentSlips.validation.amountNegative' })),
          comment: approveSlipSchema.shape.comment.unwrap(),
        })
        .superRefine((v, ctx) => {
          v.applied.forEach((cents, i) => {
            if (cents > (slip.bills[i]?.balanceCents ?? 0)) ctx.addIssue({ code: 'custom', path: ['applied', i], message: 'paymentSlips.validation.allocationOverBalance' });
          });
          const total = v.applied.reduce((s, c) => s + c, 0);
          if (total > slip.amountCents) ctx.addIssue({ code: 'custom', path: ['applied', 0], message: 'paymentSlips.validation.allocationOverAmount' });
          // The server refuses an approval that applies nothing (400, fields.allocations): say so before sending.
          if (total === 0 && slip.bills.some((b) => b.balanceCents > 0)) {
            ctx.addIssue({ code: 'custom', path: ['applied', 0], message: 'paymentSlips.validation.allocationNothing' });
          }
        }),
    [slip],
  );
  type In = z.input<typeof schema>;
  type Out = z.output<typeof schema>;
  return (
    <ReviewActions<typeof paymentSlipsContract.endpoints.approveSlip, typeof paymentSlipsContract.endpoints.rejectSlip, In, Out>
      subject={slip.slipNo}
      writeCodes={['payslip_review_write']}
      disabled={slip.status !== 'pending'}
      maxReason={SLIP_LIMITS.maxReason}
      labels={{
        approve: t('slipReview.actions.approve'),
        reject: t('slipReview.actions.reject'),
        approveTitle: t('slipReview.approve.title', { slipNo: slip.slipNo }),
        rejectTitle: t('slipReview.reject.title', { slipNo: slip.slipNo }),
        approveSubmit: t('slipReview.approve.submit'),
        rejectSubmit: t('slipReview.reject.submit'),
        reason: t('slipReview.reject.reason'),
        reasonHelp: t('slipReview.reject.reasonHelp'),
      }}
      approve={{
        endpoint: paymentSlipsContract.endpoints.approveSlip,
        help: t('slipReview.approve.help', { amount: formatMoney(slip.amountCents, locale) }),
        schema,
        defaultValues: { applied: defaults.map((d) => d.appliedCents), comment: '' },
        toBody: (values) => {
          const changed = values.applied.some((c, i) => c !== defaults[i]?.appliedCents);
          return {
            id: slip.id,
            ...(changed ? { allocations: slip.bills.map((b, i) => ({ billId: b.billId, appliedCents: values.applied[i] ?? 0 })) } : {}),
            ...(values.comment ? { comment: values.comment } : {}),
          };
        },
        fields: (form) => (
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
        ),
      }}
      reject={{ endpoint: paymentSlipsContract.endpoints.rejectSlip, toBody: (reason) => ({ id: slip.id, reason }) }}
      onDone={(decision) => onDone(decision)}
    />
  );
}
