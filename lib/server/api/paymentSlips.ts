import { paymentSlipsContract } from '@/lib/paymentSlips/contract';
import { SLIP_FILE_TYPES, SLIP_LIMITS } from '@/lib/paymentSlips/schemas';
import { billingToday } from '@/lib/server/services/bills';
import { approveSlip, getForReview, getSlipFile, listForReview, listSlips, rejectSlip, reviewFile, uploadSlip } from '@/lib/server/services/paymentSlips';
import { getUploadFileSize } from '@/lib/server/services/systemParam/getUploadFileSize';
import { megabytes } from '@/lib/server/uploads';
import { implement } from './implement';
import { fileResponse } from './fileResponse';

export const paymentSlipRoutes = implement(paymentSlipsContract, {
  uploadSlip: {
    upload: {
      fileField: 'file',
      accept: SLIP_FILE_TYPES,
      maxBytes: async (db) => megabytes(await getUploadFileSize(db)),
      // billIds arrive as one field per bill (the browser's form): up to maxBills of them beside the five other
      // fields, with room for a few bills too many so the schema names the field (tooManyBills) instead of the parser
      // refusing the form with "Too many fields" (which refused 16 bills or more).
      maxFields: SLIP_LIMITS.maxBills * 2 + 5,
    },
    handler: ({ service, body, file }) => uploadSlip(service, { ...body, file }, billingToday()),
  },
  listSlips: ({ service, body }) => listSlips(service, body),
  getSlipFile: async ({ service, body }) => fileResponse(await getSlipFile(service, body.id)),
  listForReview: ({ service, body }) => listForReview(service, body),
  getForReview: ({ service, body }) => getForReview(service, body.id, billingToday()),
  getReviewFile: async ({ service, body }) => fileResponse(await reviewFile(service, body.id)),
  approveSlip: ({ service, body }) => approveSlip(service, body),
  rejectSlip: ({ service, body }) => rejectSlip(service, body),
});
