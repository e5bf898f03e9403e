export { uploadSlip, type SlipActor, type UploadSlipInput } from './uploadSlip';
export { listSlips, getSlipFile, type ListSlipsQuery } from './listSlips';
export { listForReview, getForReview, reviewFile, approveSlip, rejectSlip, allocate, type Reviewer } from './review';
export { type SlipScope } from './common';
