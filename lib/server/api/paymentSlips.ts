import { canAccess } from '@/lib/permissions/canAccess';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';
import { SLIP_FILE_TYPES } from '@/lib/paymentSlips/schemas';
import { billingToday } from '@/lib/server/services/bills';
import { approveSlip, getForReview, getSlipFile, listForReview, listSlips, rejectSlip, reviewFile, uploadSlip, type SlipScope } from '@/lib/server/services/paymentSlips';
import { getUploadFileSize } from '@/lib/server/services/systemParam/getUploadFileSize';
import { megabytes } from '@/lib/server/uploads';
import type { CustomerPrincipal } from './defineHandler';
import { implement } from './implement';
import { fileResponse } from './fileResponse';

/** `payslip_upload_read_all` (or `all`) sees every slip of the customer; `payslip_upload_read` only its own. */
function slipScope(principal: CustomerPrincipal): SlipScope {
  return {
    ucpId: principal.ucpId,
    userAcUuid: principal.userAcUuid,
    ownOnly: !canAccess(principal.codes, ['payslip_upload_read_all']),
  };
}

export const paymentSlipRoutes = implement(paymentSlipsContract, {
  uploadSlip: {
    upload: { fileField: 'file', accept: SLIP_FILE_TYPES, maxBytes: async (db) => megabytes(await getUploadFileSize(db)) },
    handler: ({ db, principal, body, file }) =>
      uploadSlip(db, { ucpId: principal.ucpId, userAcUuid: principal.userAcUuid }, { ...body, file }, billingToday()),
  },
  listSlips: ({ db, principal, body }) => listSlips(db, slipScope(principal), body),
  getSlipFile: async ({ db, principal, body }) => fileResponse(await getSlipFile(db, slipScope(principal), body.id)),
  listForReview: ({ db, body }) => listForReview(db, body),
  getForReview: ({ db, body }) => getForReview(db, body.id, billingToday()),
  getReviewFile: async ({ db, body }) => fileResponse(await reviewFile(db, body.id)),
  approveSlip: ({ db, principal, body, traceId }) => approveSlip(db, { userAcUuid: principal.userAcUuid, ucpId: principal.ucpId, traceId }, body),
  rejectSlip: ({ db, principal, body, traceId }) => rejectSlip(db, { userAcUuid: principal.userAcUuid, ucpId: principal.ucpId, traceId }, body),
});
