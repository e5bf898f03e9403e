import { accountChangesContract } from '@/lib/accountChanges/contract';
import { ATTACHMENT_FILE_TYPES } from '@/lib/accountChanges/constants';
import { getAttachment, getCurrent, getForReview, getRequest, getReviewAttachment, listQueue, listRequests, submitChange, transitionRequest } from '@/lib/server/services/accountChanges';
import { getUploadFileSize } from '@/lib/server/services/systemParam/getUploadFileSize';
import { megabytes, type UploadSpec } from '@/lib/server/uploads';
import { fileResponse } from './fileResponse';
import { implement } from './implement';

const attachmentUpload: UploadSpec = { fileField: 'file', accept: ATTACHMENT_FILE_TYPES, maxBytes: async (db) => megabytes(await getUploadFileSize(db)) };

export const accountChangeRoutes = implement(accountChangesContract, {
  listRequests: ({ service, body }) => listRequests(service, body),
  getRequest: ({ service, body }) => getRequest(service, body.id),
  getAttachment: async ({ service, body }) => fileResponse(await getAttachment(service, body.id, body.fileId)),
  getCurrent: ({ service }) => getCurrent(service),
  submitCompanyName: {
    upload: attachmentUpload,
    handler: ({ service, body: { idempotencyKey, termsAccepted: _t, ...form }, file }) =>
      submitChange(service, { type: 'comp_name', idempotencyKey, form, file: { kind: 'br_certificate', file } }),
  },
  submitBillingAddress: ({ service, body: { idempotencyKey, termsAccepted: _t, ...form } }) => submitChange(service, { type: 'bill_addr', idempotencyKey, form }),
  submitMachineLocation: ({ service, body: { idempotencyKey, termsAccepted: _t, ...form } }) => submitChange(service, { type: 'machine_loc', idempotencyKey, form }),
  submitReceiveHardcopy: ({ service, body: { idempotencyKey, termsAccepted: _t, ...form } }) => submitChange(service, { type: 'rec_hardcopy', idempotencyKey, form }),
  submitTonerAddress: ({ service, body: { idempotencyKey, termsAccepted: _t, ...form } }) => submitChange(service, { type: 'toner_addr', idempotencyKey, form }),
  submitTransferAgreement: {
    upload: attachmentUpload,
    handler: ({ service, body: { idempotencyKey, termsAccepted: _t, ...form }, file }) =>
      submitChange(service, { type: 'trans_agree', idempotencyKey, form, file: { kind: 'signed_agreement', file } }),
  },
  listQueue: ({ service, body }) => listQueue(service, body),
  getForReview: ({ service, body }) => getForReview(service, body.id),
  getReviewAttachment: async ({ service, body }) => fileResponse(await getReviewAttachment(service, body.id, body.fileId)),
  transition: ({ service, body }) => transitionRequest(service, body),
});
