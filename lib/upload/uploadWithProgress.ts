/**
 * Uploads one file with its form fields as multipart/form-data through the one API client, reporting progress.
 * The query layer calls it for a contract's upload endpoints (lib/api/query.ts: callUpload / useEndpointUpload).
 *
 * Body format (what the server's streaming parser reads): the text fields first, in order, then one part named
 * `file`. Strings, numbers and booleans are sent as text; an array as the same field name repeated; an object as
 * JSON text; null / undefined are left out. The answer is the usual envelope, mapped to an ApiResult.
 */
import { apiPostMultipart, type MultipartOptions } from '@/lib/api/client';
import type { ApiResult } from '@/lib/api/types';

export type UploadFieldValue = string | number | boolean | null | undefined | readonly (string | number)[] | Record<string, unknown>;

export type UploadOptions = Pick<MultipartOptions, 'onProgress' | 'signal' | 'silent' | 'timeoutMs' | 'disableErrorHandler'>;

/** Uploads are slower than JSON calls: a generous default time-out unless the caller sets one. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export function buildUploadFormData(fields: Record<string, UploadFieldValue>, file: Blob, fileName?: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else if (typeof value === 'object') form.append(name, JSON.stringify(value));
    else form.append(name, String(value));
  }
  const name = fileName ?? (file instanceof File ? file.name : 'upload');
  form.append('file', file, name);
  return form;
}

export function uploadWithProgress<T>(
  path: `/api/${string}`,
  fields: Record<string, UploadFieldValue>,
  file: Blob,
  opts: UploadOptions = {},
): Promise<ApiResult<T>> {
  return apiPostMultipart<T>(path, buildUploadFormData(fields, file), { timeoutMs: UPLOAD_TIMEOUT_MS, ...opts });
}
