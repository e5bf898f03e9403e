import type {
  ApproveSlipBody,
  ListForReviewBody,
  ListSlipsBody,
  PaymentMethod,
  RejectSlipBody,
  ReviewDetail,
  ReviewListResult,
  ReviewResult,
  SlipListResult,
  UploadSlipResult,
} from '@/lib/paymentSlips/schemas';
import { uploadWithProgress, type UploadOptions } from '@/lib/upload/uploadWithProgress';
import { apiDownload, apiPost, type DownloadOptions } from './client';
import type { ApiRequestOptions } from './types';

/** Payment slips: the customer's uploads and history, and the staff review (docs/bills.md). */

export type UploadSlipRequest = {
  idempotencyKey: string;
  billIds: string[];
  amountCents: number;
  paymentDate: string;
  paymentMethod: PaymentMethod;
  reference: string;
};

/** multipart/form-data with progress: the fields, then the file (checked again by the server, by content). */
export const uploadSlip = (fields: UploadSlipRequest, file: File, opts?: UploadOptions) =>
  uploadWithProgress<UploadSlipResult>('/api/paymentSlips/uploadSlip', { ...fields, billIds: fields.billIds }, file, opts);

export const listSlips = (body: Partial<ListSlipsBody>, opts?: ApiRequestOptions) => apiPost<SlipListResult>('/api/paymentSlips/listSlips', body, opts);

export const downloadSlipFile = (id: string, opts?: DownloadOptions) => apiDownload('/api/paymentSlips/getSlipFile', { id }, opts);

export const listForReview = (body: Partial<ListForReviewBody>, opts?: ApiRequestOptions) =>
  apiPost<ReviewListResult>('/api/paymentSlips/listForReview', body, opts);

export const getForReview = (id: string, opts?: ApiRequestOptions) => apiPost<ReviewDetail>('/api/paymentSlips/getForReview', { id }, opts);

export const downloadReviewFile = (id: string, opts?: DownloadOptions) => apiDownload('/api/paymentSlips/getReviewFile', { id }, opts);

export const approveSlip = (body: ApproveSlipBody, opts?: ApiRequestOptions) => apiPost<ReviewResult>('/api/paymentSlips/approveSlip', body, opts);

export const rejectSlip = (body: RejectSlipBody, opts?: ApiRequestOptions) => apiPost<ReviewResult>('/api/paymentSlips/rejectSlip', body, opts);
