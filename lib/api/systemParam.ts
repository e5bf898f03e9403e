import { DEFAULT_UPLOAD_FILE_SIZE } from '@/store/portalStore';
import { apiPost, mapResult, type ApiRequestOptions, type ApiResult } from './client';

export type UploadFileSizeData = { paramValue: number };

/** Upload size limit in MB (spec §7 /api/systemParam/getUploadFileSize; 1 when the server supplies none). */
export async function getUploadFileSize(opts?: ApiRequestOptions): Promise<ApiResult<number>> {
  const result = await apiPost<UploadFileSizeData>('/api/systemParam/getUploadFileSize', {}, opts);
  return mapResult(result, (data) => {
    const value = Number(data?.paramValue);
    return Number.isFinite(value) && value > 0 ? value : DEFAULT_UPLOAD_FILE_SIZE;
  });
}
