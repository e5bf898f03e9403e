/** Payment slips: the customer's uploads and history, and the staff review (docs/bills.md). Declared once (lib/contract). */
import { defineContract, lazyBodies, download, output, upload } from '@/lib/contract';
import { reads, writes } from '@/lib/contract/grants';
import type {
  ReviewDetail,
  ReviewListResult,
  ReviewResult,
  SlipListResult,
  UploadSlipResult,
} from './schemas';

/** The bodies are loaded when first checked (the server) and never built in the browser (docs/performance.md). */
const schema = lazyBodies(() => import('./schemas'));

const SLIP_READ = { anyOf: ['payslip_upload_read', 'payslip_upload_read_all'] } as const;
const REVIEW_READ = { anyOf: ['payslip_review_read', 'payslip_review_write'] } as const;
const readReviews = reads(REVIEW_READ);
const readSlips = reads(SLIP_READ);
const writeReviews = writes({ anyOf: ['payslip_review_write'] } as const, ['paymentSlips', 'bills']);

export const paymentSlipsContract = defineContract('paymentSlips', {
  uploadSlip: upload({
    summary:
      'MULTIPART/FORM-DATA (not JSON): fields idempotencyKey, billIds (repeated or a JSON array), amountCents, paymentDate, paymentMethod ' +
      '(bank_transfer | fps | cheque), reference; one file part `file` (JPEG, PNG or PDF by content, at most upload_file_size MB, checked ' +
      'while streaming: 413). Empty 400 FILE_EMPTY, wrong type 415, damaged 400 FILE_CORRUPT; bills of another customer 404, paid 409 ' +
      'BILL_ALREADY_PAID, under review 409 BILL_UNDER_REVIEW; a PDF with active content (JavaScript, actions, embedded files) 415 FILE_ACTIVE_CONTENT; amount over their balance 400 PAYMENT_AMOUNT_EXCEEDS_BALANCE. ' +
      'File, slip and bill links in one transaction; the same idempotencyKey answers the same slip: { id, slipNo, status, replayed }.',
    permission: { anyOf: ['payslip_upload_write'] },
    body: schema('uploadSlipFieldsSchema'),
    output: output<UploadSlipResult>(),
    invalidates: ['paymentSlips', 'bills'],
  }),
  listSlips: readSlips(
    'Slip history: { items: [{ id, slipNo, amountCents, paymentDate, paymentMethod, reference, status, reviewComment, reviewedAt, createdAt, uploadedByName, bills, fileName }], total }. ' +
      'With payslip_upload_read_all every slip of the customer, with payslip_upload_read only the caller’s own. Filter status[]; sort slipNo | createdAt | paymentDate | amount.',
    schema('listSlipsSchema'),
    output<SlipListResult>(),
  ),
  getSlipFile: download({
    summary: 'FILE (attachment): the uploaded file of a slip the caller may see (as listSlips); otherwise NOT_FOUND.',
    permission: SLIP_READ,
    body: schema('slipIdSchema'),
  }),
  listForReview: readReviews(
    'Provider staff: slips of every customer (pending first, oldest first), with customer and file type. Filter status[], ucpId, ' +
      'dateFrom/dateTo (upload date, Hong Kong), q (slip no., customer name or UCP id).',
    schema('listForReviewSchema'),
    output<ReviewListResult>(),
  ),
  getForReview: readReviews(
    'Provider staff: one slip with its customer, its bills as they stand (balance, derived status, applied) and its file facts.',
    schema('slipIdSchema'),
    output<ReviewDetail>(),
  ),
  getReviewFile: download({
    summary: 'FILE (attachment): the uploaded file of any slip, for provider staff reviewing it.',
    permission: REVIEW_READ,
    body: schema('slipIdSchema'),
  }),
  approveSlip: writeReviews(
    'Provider staff: approve a pending slip, applying its amount to its bills (default oldest first up to each balance, or `allocations`), ' +
      'optional `comment`; audit row. Not pending: 409 SLIP_ALREADY_REVIEWED. Answers { id, status, allocations }.',
    schema('approveSlipSchema'),
    output<ReviewResult>(),
  ),
  rejectSlip: writeReviews(
    'Provider staff: reject a pending slip with a `reason` (≤ 500, shown to the customer); its bills leave review. Audit row; 409 if not pending.',
    schema('rejectSlipSchema'),
    output<ReviewResult>(),
  ),
});
