export { submitChange, type SubmitInput } from './submit';
export { getAttachment, getCurrent, getForReview, getRequest, getReviewAttachment, listQueue, listRequests } from './read';
export { transitionRequest } from './transition';
export { notifyCustomer, TYPE_NAMES } from './notify';
