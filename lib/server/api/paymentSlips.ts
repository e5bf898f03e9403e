import { canAccess } from '@/lib/permissions/canAccess';
import {
  approveSlipSchema,
  listForReviewSchema,
  listSlipsSchema,
  rejectSlipSchema,
  SLIP_FILE_TYPES,
  slipIdSchema,
  uploadSlipFieldsSchema,
} from '@/lib/paymentSlips/schemas';
import { billingToday } from '@/lib/server/services/bills';
import { approveSlip, getForReview, getSlipFile, listForReview, listSlips, rejectSlip, reviewFile, uploadSlip, type SlipScope } from '@/lib/server/services/paymentSlips';
import { getUploadFileSize } from '@/lib/server/services/systemParam/getUploadFileSize';
import { megabytes } from '@/lib/server/uploads';
import { defineHandler, defineUploadHandler, type AnyHandler, type CustomerPrincipal } from './defineHandler';
import { fileResponse } from './fileResponse';

/** `payslip_upload_read_all` (or `all`) sees every slip of the customer; `payslip_upload_read` only its own. */
function slipScope(principal: CustomerPrincipal): SlipScope {
  return {
    ucpId: principal.ucpId,
    userAcUuid: principal.userAcUuid,
    ownOnly: !canAccess(principal.codes, ['payslip_upload_read_all']),
  };
}

const SLIP_READ = { anyOf: ['payslip_upload_read', 'payslip_upload_read_all'] } as const;
const REVIEW_READ = { anyOf: ['payslip_review_read', 'payslip_review_write'] } as const;
const REVIEW_WRITE = { anyOf: ['payslip_review_write'] } as const;

export const paymentSlipRoutes: Record<string, AnyHandler> = {
  '/api/paymentSlips/uploadSlip': defineUploadHandler({
    summary:
      'MULTIPART/FORM-DATA (not JSON): fields idempotencyKey, billIds (repeated or a JSON array), amountCents, paymentDate, paymentMethod ' +
      '(bank_transfer | fps | cheque), reference; one file part `file` (JPEG, PNG or PDF by content, at most upload_file_size MB, checked ' +
      'while streaming: 413). Empty 400 FILE_EMPTY, wrong type 415, damaged 400 FILE_CORRUPT; bills of another customer 404, paid 409 ' +
      'BILL_ALREADY_PAID, under review 409 BILL_UNDER_REVIEW; amount over their balance 400 PAYMENT_AMOUNT_EXCEEDS_BALANCE. ' +
      'File, slip and bill links in one transaction; the same idempotencyKey answers the same slip: { id, slipNo, status, replayed }.',
    permission: { anyOf: ['payslip_upload_write'] },
    body: uploadSlipFieldsSchema,
    upload: { fileField: 'file', accept: SLIP_FILE_TYPES, maxBytes: async (db) => megabytes(await getUploadFileSize(db)) },
    handler: ({ db, principal, body, file }) =>
      uploadSlip(db, { ucpId: principal.ucpId, userAcUuid: principal.userAcUuid }, { ...body, file }, billingToday()),
  }),

  '/api/paymentSlips/listSlips': defineHandler({
    summary:
      "Slip history: { items: [{ id, slipNo, amountCents, paymentDate, paymentMethod, reference, status, reviewComment, reviewedAt, createdAt, uploadedByName, bills }], total }. " +
      'With payslip_upload_read_all every slip of the customer, with payslip_upload_read only the caller’s own. Filter status[]; sort slipNo | createdAt | paymentDate | amount.',
    permission: SLIP_READ,
    body: listSlipsSchema,
    handler: ({ db, principal, body }) => listSlips(db, slipScope(principal), body),
  }),

  '/api/paymentSlips/getSlipFile': defineHandler({
    summary: 'FILE (attachment): the uploaded file of a slip the caller may see (as listSlips); otherwise NOT_FOUND.',
    permission: SLIP_READ,
    body: slipIdSchema,
    handler: async ({ db, principal, body }) => fileResponse(await getSlipFile(db, slipScope(principal), body.id)),
  }),

  '/api/paymentSlips/listForReview': defineHandler({
    summary:
      'Provider staff: slips of every customer (pending first, oldest first), with customer and file type. Filter status[], ucpId, ' +
      'dateFrom/dateTo (upload date, Hong Kong), q (slip no., customer name or UCP id).',
    permission: REVIEW_READ,
    body: listForReviewSchema,
    handler: ({ db, body }) => listForReview(db, body),
  }),

  '/api/paymentSlips/getForReview': defineHandler({
    summary: 'Provider staff: one slip with its customer, its bills as they stand (balance, derived status, applied) and its file facts.',
    permission: REVIEW_READ,
    body: slipIdSchema,
    handler: ({ db, body }) => getForReview(db, body.id, billingToday()),
  }),

  '/api/paymentSlips/getReviewFile': defineHandler({
    summary: 'FILE (attachment): the uploaded file of any slip, for provider staff reviewing it.',
    permission: REVIEW_READ,
    body: slipIdSchema,
    handler: async ({ db, body }) => fileResponse(await reviewFile(db, body.id)),
  }),

  '/api/paymentSlips/approveSlip': defineHandler({
    summary:
      'Provider staff: approve a pending slip, applying its amount to its bills (default oldest first up to each balance, or `allocations`), ' +
      'optional `comment`; audit row. Not pending: 409 SLIP_ALREADY_REVIEWED. Answers { id, status, allocations }.',
    permission: REVIEW_WRITE,
    body: approveSlipSchema,
    handler: ({ db, principal, body, traceId }) => approveSlip(db, { userAcUuid: principal.userAcUuid, ucpId: principal.ucpId, traceId }, body),
  }),

  '/api/paymentSlips/rejectSlip': defineHandler({
    summary: 'Provider staff: reject a pending slip with a `reason` (≤ 500, shown to the customer); its bills leave review. Audit row; 409 if not pending.',
    permission: REVIEW_WRITE,
    body: rejectSlipSchema,
    handler: ({ db, principal, body, traceId }) => rejectSlip(db, { userAcUuid: principal.userAcUuid, ucpId: principal.ucpId, traceId }, body),
  }),
};
