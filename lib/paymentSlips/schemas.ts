/**
 * Payment slips: the upload fields, the review requests and the answer types, shared by the API
 * (lib/server/api/paymentSlips.ts) and the screens (components/paymentSlips, components/admin/paymentSlipReview).
 * Client-safe: no server import here.
 *
 * Zod messages are translation keys of the `common` namespace (`ui.validation.*` shared, `paymentSlips.validation.*`
 * this feature's), so the form shows the same text whether the browser or the server found the problem.
 */
import { z } from 'zod';
import type { CustomerRef } from '@/lib/customers/schemas';
import { recordIdSchema, uuidSchema, trimBlank, trimHalfWidth } from '@/lib/zodText';
import { dateRangeFilter, isoDateSchema, listBodySchema, searchTextSchema, type ListResult, enumListFilter } from '@/lib/listQuery';
import { msg } from '@/lib/zodMessages';
import { addDays } from '@/lib/dates/hongKong';
import { PAYMENT_METHODS, SLIP_STATUSES, type PaymentMethod, type SlipStatus } from './constants';

export * from './constants';

/** What the server accepts as a slip's file, by content (magic bytes), never by name. */
export const SLIP_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type SlipFileType = (typeof SLIP_FILE_TYPES)[number];
/** The extensions a file of each accepted type may carry; the first is the one added to a name without any. */
const SLIP_FILE_EXTENSIONS: Record<SlipFileType, readonly string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'application/pdf': ['.pdf'],
};

/**
 * What a slip's file is saved as: `<slip no.>-<name it was uploaded with>`, with its type's extension added when the
 * name does not end in one (an upload named `advice` that is a PDF by its bytes is `PS-2026-000104-advice.pdf`). The
 * download's Content-Disposition and the slip history (which saves the blob under a name of its own) both use it:
 * the history saved every file as its bare slip number, without an extension (QA).
 */
export function slipDownloadName(slipNo: string, fileName: string, mimeType: string): string {
  const extensions = (SLIP_FILE_EXTENSIONS as Record<string, readonly string[] | undefined>)[mimeType] ?? [];
  const lower = fileName.toLowerCase();
  const named = extensions.length > 0 && !extensions.some((e) => lower.endsWith(e)) ? `${fileName}${extensions[0]}` : fileName;
  return `${slipNo}-${named}`;
}

/** For the file picker's `accept` (a hint for the browser; the server decides by content). */
export const SLIP_FILE_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

export const SLIP_LIMITS = {
  /** Bills one slip may pay. */
  maxBills: 20,
  maxReference: 64,
  maxReason: 500,
  /** A payment date may lie at most this many days before today (Hong Kong). */
  maxPastDays: 365,
  /** HK$ 10,000,000.00: well above any bill, below int4. */
  maxAmountCents: 1_000_000_000,
} as const;

/** Why a payment date is refused, or null: not in the future, not older than a year (both in Hong Kong days). */
export function paymentDateProblem(date: string, today: string): 'future' | 'tooOld' | null {
  if (date > today) return 'future';
  if (date < addDays(today, -SLIP_LIMITS.maxPastDays)) return 'tooOld';
  return null;
}

export const PAYMENT_DATE_MESSAGES = {
  future: 'paymentSlips.validation.dateInFuture',
  tooOld: msg('paymentSlips.validation.dateTooOld', { days: SLIP_LIMITS.maxPastDays }),
} as const;

/** `billIds` arrives as repeated multipart fields, or as one field holding a JSON array: both become an array. */
function toIdArray(value: unknown): unknown {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return value;
      }
    }
    return [text];
  }
  return value;
}

/** Integer cents written as digits only ("123450"); anything else (decimals, signs, letters) is refused. */
function toCents(value: unknown): unknown {
  if (typeof value === 'string' && /^\d{1,12}$/.test(value.trim())) return Number(value.trim());
  return value;
}

export const billIdsSchema = z
  .array(uuidSchema)
  .min(1, { error: 'paymentSlips.validation.pickBill' })
  .max(SLIP_LIMITS.maxBills, { error: msg('paymentSlips.validation.tooManyBills', { max: SLIP_LIMITS.maxBills }) })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'paymentSlips.validation.duplicateBill' });

/** Each way an amount can be wrong has its own message (issue 10 item 8): not a number, negative, zero, too large. */
export const amountCentsSchema = z
  .int({ error: 'paymentSlips.validation.amount' })
  // Exclusive conditions instead of `abort` (an aborted issue would stop the form's cross-field checks, and every
  // problem should show at once).
  .refine((v) => v >= 0, { error: 'paymentSlips.validation.amountNegative' })
  .refine((v) => v < 0 || v >= 1, { error: 'paymentSlips.validation.amountPositive' })
  .refine((v) => v <= SLIP_LIMITS.maxAmountCents, {
    error: msg('paymentSlips.validation.amountTooLarge', { max: (SLIP_LIMITS.maxAmountCents / 100).toLocaleString('en-US') }),
  });

/**
 * The bank's or cheque's reference as on the slip: half-width (NFKC) and trimmed, so one typed in full-width mode
 * (`ＦＰＳ－１２３４５６`, as a Chinese input method types it) is stored as `FPS-123456`, the text the reviewer matches
 * against the bank statement (QA walk: it was stored full-width).
 */
export const referenceSchema = z
  .string()
  .overwrite(trimHalfWidth)
  .max(SLIP_LIMITS.maxReference, { error: msg('ui.validation.maxLength', { max: SLIP_LIMITS.maxReference }) });

/**
 * The text fields of the slip upload (paymentSlipsContract.endpoints.uploadSlip) (multipart/form-data: every value arrives as a string). The file
 * part is checked separately (size while streaming, type and integrity by content). The payment date's window needs
 * Hong Kong's today and is checked by the service (`paymentDateProblem`).
 */
export const uploadSlipFieldsSchema = z.strictObject({
  idempotencyKey: uuidSchema,
  billIds: z.preprocess(toIdArray, billIdsSchema),
  amountCents: z.preprocess(toCents, amountCentsSchema),
  paymentDate: isoDateSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'ui.validation.required' }),
  reference: referenceSchema.optional().default(''),
});
export type UploadSlipFields = z.infer<typeof uploadSlipFieldsSchema>;

/** The upload form in the browser (amount as cents from MoneyFieldElement, the file as a File). */
export const slipFormSchema = z.object({
  billIds: billIdsSchema,
  amountCents: z.number({ error: 'paymentSlips.validation.amount' }).pipe(amountCentsSchema),
  paymentDate: isoDateSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'ui.validation.required' }),
  reference: referenceSchema,
});
export type SlipFormValues = z.infer<typeof slipFormSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Lists and review

export const SLIP_SORT_FIELDS = ['slipNo', 'createdAt', 'paymentDate', 'amount'] as const;
export type SlipSortField = (typeof SLIP_SORT_FIELDS)[number];

export const listSlipsSchema = listBodySchema(SLIP_SORT_FIELDS, { status: enumListFilter(SLIP_STATUSES) });
export type ListSlipsBody = z.input<typeof listSlipsSchema>;

export const listForReviewSchema = listBodySchema(SLIP_SORT_FIELDS, {
  status: enumListFilter(SLIP_STATUSES),
  /** One customer (UCP id). */
  ucpId: z.string().overwrite(trimBlank).min(1).max(40).optional(),
  /** Uploaded from / to (Hong Kong dates, inclusive). */
  ...dateRangeFilter(),
  /** Slip number, customer name or UCP id. */
  q: searchTextSchema.optional(),
});
export type ListForReviewBody = z.input<typeof listForReviewSchema>;

export const slipIdSchema = recordIdSchema;

export const approveSlipSchema = z.strictObject({
  id: uuidSchema,
  /** How much of the slip goes to which of its bills; default: oldest bill first, up to each balance. */
  allocations: z
    .array(z.strictObject({ billId: uuidSchema, appliedCents: z.int().min(0).max(SLIP_LIMITS.maxAmountCents) }))
    .min(1)
    .max(SLIP_LIMITS.maxBills)
    .optional(),
  comment: z
    .string()
    .overwrite(trimBlank)
    .max(SLIP_LIMITS.maxReason, { error: msg('ui.validation.maxLength', { max: SLIP_LIMITS.maxReason }) })
    .optional(),
});
export type ApproveSlipBody = z.infer<typeof approveSlipSchema>;

export const rejectSlipSchema = z.strictObject({
  id: uuidSchema,
  reason: z
    .string()
    .overwrite(trimBlank)
    .min(1, { error: 'ui.validation.required' })
    .max(SLIP_LIMITS.maxReason, { error: msg('ui.validation.maxLength', { max: SLIP_LIMITS.maxReason }) }),
});
export type RejectSlipBody = z.infer<typeof rejectSlipSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Answers

export type SlipBill = {
  billId: string;
  billNo: string;
  dueDate: string;
  amountCents: number;
  paidCents: number;
  balanceCents: number;
  /** Applied from this slip (set on approval; 0 while pending or rejected). */
  appliedCents: number;
};

export type SlipListItem = {
  id: string;
  slipNo: string;
  amountCents: number;
  paymentDate: string;
  paymentMethod: PaymentMethod;
  reference: string;
  status: SlipStatus;
  reviewComment: string | null;
  reviewedAt: string | null;
  /** ISO time of the upload. */
  createdAt: string;
  uploadedByName: string | null;
  bills: Pick<SlipBill, 'billId' | 'billNo' | 'appliedCents'>[];
  /** What the file downloads as (`slipDownloadName`: slip no., uploaded name, the type's extension). */
  fileName: string;
};

export type SlipListResult = ListResult<SlipListItem>;

/** What an upload answers (also for a replay of the same idempotency key: `replayed` is then true). */
export type UploadSlipResult = { id: string; slipNo: string; status: SlipStatus; replayed: boolean };

export type SlipFileInfo = { fileName: string; mimeType: string; sizeBytes: number };

export type ReviewListItem = SlipListItem & CustomerRef & { fileMimeType: string };

export type ReviewListResult = ListResult<ReviewListItem>;

export type ReviewDetail = Omit<ReviewListItem, 'bills'> & {
  bills: (SlipBill & { status: string })[];
  file: SlipFileInfo;
  reviewedByName: string | null;
  /** Sum of the balances of the slip's bills now. */
  outstandingCents: number;
};

export type ReviewResult = { id: string; status: SlipStatus; allocations: { billId: string; appliedCents: number }[] };
