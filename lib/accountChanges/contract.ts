/** Account-information changes: the customer's requests and the provider's approvals (docs/account-changes.md). */
import { ACCOUNT_CHANGE_AREAS, APPROVAL_AREAS, type FunctionCode } from '@/lib/permissions/codes';
import { defineContract, download, mutation, output, upload } from '@/lib/contract';
import { reads, writes } from '@/lib/contract/grants';
import {
  attachmentIdSchema,
  currentValuesSchema,
  listQueueSchema,
  listRequestsSchema,
  requestIdSchema,
  submitBillingAddressSchema,
  submitCompanyNameFieldsSchema,
  submitMachineLocationSchema,
  submitReceiveHardcopySchema,
  submitTonerAddressSchema,
  submitTransferAgreementFieldsSchema,
  transitionSchema,
  type ChangeDetail,
  type ChangeListResult,
  type CurrentValues,
  type QueueResult,
  type ReviewDetail,
  type SubmitResult,
  type TransitionResult,
} from './schemas';

const CHANGE_READ = { anyOf: ACCOUNT_CHANGE_AREAS.flatMap((a): FunctionCode[] => [`${a}_read`, `${a}_write`]) } as const;
const REVIEW_READ = { anyOf: [...APPROVAL_AREAS.flatMap((a): FunctionCode[] => [`${a}_read`, `${a}_write`]), 'cac_chg_bill_addr_read'] as FunctionCode[] } as const;
const readChanges = reads(CHANGE_READ);
const readChangesQuietly = reads(CHANGE_READ, { silent: true });
const readReviews = reads(REVIEW_READ);
const REVIEW_WRITE = { anyOf: APPROVAL_AREAS.map((a): FunctionCode => `${a}_write`) } as const;
const writeReview = writes(REVIEW_WRITE, ['accountChanges']);

/**
 * A submission lists the request and delivers the submitter an inbox message ("request received"), so the header's
 * unread count is fetched again with the list (as renewals and service requests do).
 */
const SUBMIT_INVALIDATES = ['accountChanges', 'inbox'] as const;
const SUBMIT_NOTE =
  'Answers { id, requestNo, status: pending, replayed }; the same idempotencyKey (unique per customer) answers the first request. ' +
  'termsAccepted must be true. Dates from today to a year ahead (Hong Kong). Channel source W. Audit row and inbox notice. ' +
  'Asking for what the records say already: 400 VALIDATION (accountChanges:validation.noChange on the first field). An open (pending or ' +
  'inProgress; a transfer also approved, until completed) request of the type for the customer, or for a chosen machine / contract: ' +
  '409 CHANGE_ALREADY_PENDING naming it.';
const UPLOAD_NOTE =
  'MULTIPART/FORM-DATA (not JSON): one file part `file` (PDF, JPEG or PNG by content, at most upload_file_size MB, checked while ' +
  'streaming: 413; empty 400 FILE_EMPTY, wrong type 415, damaged 400 FILE_CORRUPT). ';

export const accountChangesContract = defineContract('accountChanges', {
  listRequests: readChanges(
    "The customer's change requests of the types the caller may read (ac_chg_*_read/_write): { items: [{ id, requestNo, type, status, " +
      'channelSource, submittedAt, submittedByName, reviewerComment, updatedAt, machineIds, contractIds }], total }; machineIds: the ' +
      'machines a machine-location or toner-address request is about, contractIds: the contracts a transfer is about ([] for ' +
      'other types). Filter type[], status[], dateFrom/dateTo ' +
      '(submitted, Hong Kong), q (reference no.); sort requestNo | submittedAt | status | type.',
    listRequestsSchema,
    output<ChangeListResult>(),
  ),
  getRequest: readChanges(
    'One request of the customer (readable type): old and new values, effective date, attachments, history. Else NOT_FOUND.',
    requestIdSchema,
    output<ChangeDetail>(),
  ),
  getAttachment: download({
    summary: 'FILE (attachment): a file of a request the caller may open (as getRequest); otherwise NOT_FOUND.',
    permission: CHANGE_READ,
    body: attachmentIdSchema,
  }),
  getCurrent: readChangesQuietly(
    "What the forms show beside the new values: the customer's record, its active machines (with machine or toner read) and " +
      'contracts (with transfer read), and the types the caller may submit.',
    currentValuesSchema,
    output<CurrentValues>(),
  ),
  submitCompanyName: upload({
    summary: `${UPLOAD_NOTE}Fields nameEn, nameZh, brNo (8 digits), effectiveDate, idempotencyKey, termsAccepted; the file is the business registration certificate. ${SUBMIT_NOTE}`,
    permission: { anyOf: ['ac_chg_comp_name_write'] },
    body: submitCompanyNameFieldsSchema,
    output: output<SubmitResult>(),
    invalidates: SUBMIT_INVALIDATES,
  }),
  submitBillingAddress: mutation({
    summary: `New billing address (structured Hong Kong address), contact name and phone, effective date. ${SUBMIT_NOTE}`,
    permission: { anyOf: ['ac_chg_bill_addr_write'] },
    body: submitBillingAddressSchema,
    output: output<SubmitResult>(),
    invalidates: SUBMIT_INVALIDATES,
  }),
  submitMachineLocation: mutation({
    summary: `Machines (the customer's active ones, else NOT_FOUND) moving to a new address, site contact, preferred move date. ${SUBMIT_NOTE}`,
    permission: { anyOf: ['ac_chg_machine_loc_write'] },
    body: submitMachineLocationSchema,
    output: output<SubmitResult>(),
    invalidates: SUBMIT_INVALIDATES,
  }),
  submitReceiveHardcopy: mutation({
    summary: `Paper bills on or off, and the e-bill e-mail. ${SUBMIT_NOTE}`,
    permission: { anyOf: ['ac_chg_rec_hardcopy_write'] },
    body: submitReceiveHardcopySchema,
    output: output<SubmitResult>(),
    invalidates: SUBMIT_INVALIDATES,
  }),
  submitTonerAddress: mutation({
    summary: `Machines (the customer's active ones) whose toner goes to a new delivery address and contact. ${SUBMIT_NOTE}`,
    permission: { anyOf: ['ac_chg_toner_addr_write'] },
    body: submitTonerAddressSchema,
    output: output<SubmitResult>(),
    invalidates: SUBMIT_INVALIDATES,
  }),
  submitTransferAgreement: upload({
    summary: `${UPLOAD_NOTE}Fields contractIds (repeated or a JSON array; the customer's active contracts), transferee details, effectiveDate, idempotencyKey, termsAccepted; the file is the signed agreement. ${SUBMIT_NOTE}`,
    permission: { anyOf: ['ac_transfer_agreemt_write'] },
    body: submitTransferAgreementFieldsSchema,
    output: output<SubmitResult>(),
    invalidates: SUBMIT_INVALIDATES,
  }),
  listQueue: readReviews(
    'Provider staff: requests of every customer, only of the types of the caller’s apv_*_read/_write codes (bill_addr also with ' +
      'cac_chg_bill_addr_read); open ones first, oldest first. Filter type[], status[], dateFrom/dateTo, q (reference, customer name or UCP id).',
    listQueueSchema,
    output<QueueResult>(),
  ),
  getForReview: readReviews(
    'Provider staff: one request (readable type, else NOT_FOUND) with customer, old and new values, attachments, history and `actions` the caller may take now.',
    requestIdSchema,
    output<ReviewDetail>(),
  ),
  getReviewAttachment: download({
    summary: 'FILE (attachment): a file of a request the staff user may read.',
    permission: REVIEW_READ,
    body: attachmentIdSchema,
  }),
  transition: writeReview(
    'Provider staff: action start (pending → inProgress), approve (pending | inProgress → approved, applying the change to the ' +
      'customer / machine records in the same transaction), reject (pending | inProgress → reject, comment = reason required), ' +
      'complete (approved → completed). Needs the type’s apv_*_write (else 403; unreadable type 404). Not allowed from the current ' +
      'status or lost to a concurrent step: 409 CHANGE_STATUS_CONFLICT. History, audit row, inbox notice. Answers { id, status }.',
    transitionSchema,
    output<TransitionResult>(),
  ),
});
