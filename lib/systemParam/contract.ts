/** System parameters the browser needs (spec §7 `systemParam`), implemented in lib/server/api/systemParam.ts. */
import { defineContract, noBody, output, query } from '@/lib/contract';

/** Spec §9: 1 MB when the system parameter is not supplied. */
export const DEFAULT_UPLOAD_FILE_SIZE = 1;

export const systemParamContract = defineContract('systemParam', {
  getUploadFileSize: query({
    summary: 'Upload size limit in MB (system parameter upload_file_size, default 1).',
    permission: 'authenticated',
    silent: true,
    body: noBody,
    output: output<{ paramValue: number }>(),
  }),
});

/** The limit in MB from an answer: the default when the server supplied nothing usable. */
export function uploadLimitMb(data: { paramValue: number } | undefined): number {
  const value = Number(data?.paramValue);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_UPLOAD_FILE_SIZE;
}
