export { uploadSlip, type UploadSlipInput } from './uploadSlip';
export { listSlips, getSlipFile, type ListSlipsQuery } from './listSlips';
export { listForReview, getForReview, reviewFile, approveSlip, rejectSlip, allocate } from './review';
