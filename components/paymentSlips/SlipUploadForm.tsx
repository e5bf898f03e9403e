import { useEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { FileUploadField } from '@/components/common/FileUploadField';
import { useUploadProgress } from '@/components/common/useUploadProgress';
import { DateFieldElement, Form, MoneyFieldElement, RadioGroupElement, TextFieldElement } from '@/components/common/form';
import { submitThrough } from '@/components/common/EntityForm';
import { RetryAlert } from '@/components/common/RetryAlert';
import { useEndpointQueries, useEndpointQuery, useEndpointUpload } from '@/lib/api/query';
import { billsContract } from '@/lib/bills/contract';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { PAYABLE_BILL_STATUSES, type BillListItem } from '@/lib/bills/schemas';
import { formatMoney } from '@/lib/i18n/locales';
import {
  PAYMENT_DATE_MESSAGES,
  PAYMENT_METHODS,
  SLIP_FILE_TYPES,
  SLIP_LIMITS,
  paymentDateProblem,
  slipFormSchema,
  type UploadSlipResult,
} from '@/lib/paymentSlips/schemas';
import { zodMessages } from '@/lib/zodMessages';
import { BillPicker } from './BillPicker';

/**
 * The browser's copy of the server's checks: the shared fields schema, plus the file, plus what needs the chosen
 * bills and today (amount within their balances, payment date within the last year). The server checks all again.
 */
export function buildSlipSchema(bills: readonly BillListItem[], today: string) {
  const balance = new Map(bills.map((b) => [b.id, b.payableCents]));
  return slipFormSchema
    // The file is checked below with the cross-field rules: a failing z.custom would abort the object, and every
    // problem should show at once.
    .extend({ file: z.custom<File>(() => true) })
    .superRefine(
      (v, ctx) => {
        // Runs even when another field failed (`when` below), so every problem shows at once: read defensively.
        if (typeof File === 'undefined' || !(v.file instanceof File)) ctx.addIssue({ code: 'custom', path: ['file'], message: zodMessages.fileRequired });
        const ids = Array.isArray(v.billIds) ? v.billIds : [];
        const outstanding = ids.reduce((s, id) => s + (balance.get(id) ?? 0), 0);
        if (ids.length > 0 && typeof v.amountCents === 'number' && v.amountCents > outstanding) {
          ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'paymentSlips.validation.amountOverBalance' });
        }
        const problem = typeof v.paymentDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v.paymentDate) ? paymentDateProblem(v.paymentDate, today) : null;
        if (problem) ctx.addIssue({ code: 'custom', path: ['paymentDate'], message: PAYMENT_DATE_MESSAGES[problem] });
      },
      { when: () => true },
    );
}

type SlipSchema = ReturnType<typeof buildSlipSchema>;
type SlipFormIn = z.input<SlipSchema>;
type SlipFormOut = z.output<SlipSchema>;

/** Keeps the amount at the sum of the chosen bills' balances until the user types an amount of their own. */
function AmountFollowsSelection({ form, balances }: { form: UseFormReturn<SlipFormIn, unknown, SlipFormOut>; balances: Map<string, number> }) {
  const billIds = form.watch('billIds');
  const lastSum = useRef<number | null>(null);
  useEffect(() => {
    const sum = (billIds ?? []).reduce((s, id) => s + (balances.get(id) ?? 0), 0);
    const current = form.getValues('amountCents');
    if (lastSum.current === null || current === lastSum.current || current === null || Number.isNaN(current)) {
      form.setValue('amountCents', sum, { shouldValidate: form.formState.isSubmitted });
    }
    lastSum.current = sum;
  }, [billIds, balances, form]);
  // A bill paid or fully covered since it was chosen (the 409 BILL_ALREADY_PAID read the bills again) leaves the list,
  // but stayed chosen: out of sight, with no box to untick, every try was refused again the same way.
  useEffect(() => {
    const chosen = form.getValues('billIds') ?? [];
    const kept = chosen.filter((id) => balances.has(id));
    if (kept.length !== chosen.length) form.setValue('billIds', kept, { shouldValidate: form.formState.isSubmitted });
  }, [balances, form]);
  return null;
}

type Props = {
  /** After a slip was stored (the history and the bills refresh by themselves: the contract's `invalidates`). */
  onUploaded?: (result: UploadSlipResult) => void;
};

/**
 * Upload a payment slip for one or several unpaid bills: pick the bills (`?bills=id,id` preselects), amount
 * (prefilled with their balances), payment date, method, reference and the file (checked for size and type before
 * sending, with upload progress). Answers the slip number on success.
 */
export function SlipUploadForm({ onUploaded }: Props) {
  const { t } = useTranslation(['bills', 'common', 'error']);
  const router = useRouter();
  const { locale } = router;
  const upload = useUploadProgress();
  const [done, setDone] = useState<UploadSlipResult | null>(null);
  // The confirmation takes focus (and so scrolls into view): the form under it starts afresh and submit was the last
  // thing focused, so on a phone scrolled down to the button the user saw an empty form and no slip number (QA walk).
  const doneAlert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneAlert.current?.focus();
  }, [done]);
  const [round, setRound] = useState(0);
  const today = hkToday();
  // The bills that may be paid; an upload invalidates the bills area, so this reads them again as they are now.
  const payable = useEndpointQuery(
    billsContract.endpoints.listBills,
    { page: 1, pageSize: 100, sort: { field: 'dueDate', direction: 'asc' }, filter: { status: [...PAYABLE_BILL_STATUSES] } },
    { request: { silent: true } },
  );
  // The upload's mutation settles after that refetch, so the next form (`round`) starts from the new balances.
  const wanted = useMemo(
    () =>
      String(router.query.bills ?? '')
        .split(',')
        .filter(Boolean)
        .slice(0, SLIP_LIMITS.maxBills),
    [router.query.bills],
  );
  // A customer with more payable bills than one page holds: a bill the link names (a bill's "upload a slip") past
  // the first page is read by itself, or it was silently not chosen.
  const more = payable.data ? payable.data.total > payable.data.items.length : false;
  const missing = more && payable.data ? wanted.filter((id) => !payable.data.items.some((b) => b.id === id)) : [];
  const named = useEndpointQueries(
    billsContract.endpoints.getBill,
    missing.map((id) => ({ id })),
    { request: { silent: true } },
  );
  const namedBills = named.map((q) => q.data).filter((b): b is NonNullable<typeof b> => Boolean(b));
  const namedKey = namedBills.map((b) => `${b.id}:${b.payableCents}`).join(',');
  // Waited for until it answers or fails (a 404 is final; a 5xx is retried, and the form opens without it meanwhile).
  const namedPending = named.some((q) => q.isPending && !q.apiError && !q.retrying);
  // A bill under review stays payable for what its pending slips do not cover (`payableCents`, docs/bills.md).
  const bills: BillListItem[] | null = useMemo(
    () => (payable.data && !namedPending ? [...payable.data.items, ...namedBills.filter((b) => !payable.data.items.some((i) => i.id === b.id))].filter((b) => b.payableCents > 0) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- namedBills is a new array each render; namedKey is its content
    [payable.data, namedKey, namedPending],
  );
  const loadError = payable.apiError ?? payable.retrying;
  const send = useEndpointUpload(paymentSlipsContract.endpoints.uploadSlip);

  const schema = useMemo(() => buildSlipSchema(bills ?? [], today), [bills, today]);
  // What each bill may still take: its balance less the slips under review for it.
  const balances = useMemo(() => new Map((bills ?? []).map((b) => [b.id, b.payableCents])), [bills]);

  if (loadError && !bills) return <RetryAlert error={loadError} onRetry={() => void payable.refetch()} />;
  if (!bills) {
    return (
      <Box aria-busy sx={{ display: 'grid', gap: 1 }}>
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={120} />
      </Box>
    );
  }

  const preselected = bills.filter((b) => wanted.includes(b.id)).map((b) => b.id);
  const methodOptions = PAYMENT_METHODS.map((m) => ({ value: m, label: t(`paymentSlips.method.${m}`) }));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {done ? (
        <Alert severity="success" role="status" data-testid="slip-uploaded" onClose={() => setDone(null)} closeText={t('common:close')} ref={doneAlert} tabIndex={-1} sx={{ '&:focus': { outline: 'none' }, '&:focus-visible': { outline: 2, outlineColor: 'success.main', outlineOffset: 2 } }}>
          {t('paymentSlips.upload.success', { slipNo: done.slipNo })}
        </Alert>
      ) : null}
      {more && payable.data ? (
        <Alert severity="info" data-testid="more-bills">
          {t('paymentSlips.upload.moreBills', { shown: payable.data.items.length, total: payable.data.total, action: t('bills.actions.paySlip') })}
        </Alert>
      ) : null}
      {bills.length === 0 ? (
        <Alert severity="info">{t('paymentSlips.upload.nothingToPay')}</Alert>
      ) : (
        <Form<SlipFormIn, SlipFormOut, UploadSlipResult>
          key={round}
          schema={schema}
          aria-label={t('paymentSlips.upload.title')}
          // The error summary names these two by their labels: the bill picker is a group of checkboxes and the file
          // control a hidden input, neither of which has a <label> the summary could read.
          fieldLabels={{ billIds: t('paymentSlips.upload.bills'), file: t('paymentSlips.upload.file') }}
          defaultValues={{
            billIds: preselected,
            amountCents: preselected.reduce((s, id) => s + (balances.get(id) ?? 0), 0),
            paymentDate: today,
            paymentMethod: 'bank_transfer',
            reference: '',
            file: null,
          }}
          submitLabel={t('paymentSlips.upload.submit')}
          onSubmit={(values, { idempotencyKey }) =>
            upload.track((onProgress) =>
              submitThrough(send.mutateAsync, {
                fields: {
                  idempotencyKey,
                  billIds: values.billIds,
                  amountCents: values.amountCents,
                  paymentDate: values.paymentDate,
                  paymentMethod: values.paymentMethod,
                  reference: values.reference,
                },
                file: values.file,
                onProgress,
              }),
            )
          }
          onSuccess={(data) => {
            if (!data) return;
            setDone(data);
            onUploaded?.(data);
            // A fresh form (and a fresh idempotency key) over the bills as they are now (refetched: the upload
            // invalidated them).
            setRound((n) => n + 1);
          }}
        >
          {(form) => (
            <>
              <AmountFollowsSelection form={form} balances={balances} />
              <BillPicker control={form.control} name="billIds" bills={bills} label={t('paymentSlips.upload.bills')} />
              <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="selected-balance">
                {t('paymentSlips.upload.selectedBalance', {
                  balance: formatMoney((form.watch('billIds') ?? []).reduce((s, id) => s + (balances.get(id) ?? 0), 0), locale),
                })}
              </Typography>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <MoneyFieldElement control={form.control} name="amountCents" label={t('paymentSlips.upload.amount')} required />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <DateFieldElement
                    control={form.control}
                    name="paymentDate"
                    label={t('paymentSlips.upload.paymentDate')}
                    required
                    min={addDays(today, -SLIP_LIMITS.maxPastDays)}
                    max={today}
                  />
                </Grid>
              </Grid>
              <RadioGroupElement control={form.control} name="paymentMethod" label={t('paymentSlips.upload.method')} options={methodOptions} row required />
              <TextFieldElement
                control={form.control}
                name="reference"
                label={t('paymentSlips.upload.reference')}
                helperText={t('paymentSlips.upload.referenceHelp')}
                maxLength={SLIP_LIMITS.maxReference}
              />
              <FileUploadField control={form.control} name="file" label={t('paymentSlips.upload.file')} accept={SLIP_FILE_TYPES} progress={upload.progress} required />
            </>
          )}
        </Form>
      )}
    </Box>
  );
}
