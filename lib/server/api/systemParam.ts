import { z } from 'zod';
import { getUploadFileSize } from '@/lib/server/services/systemParam/getUploadFileSize';
import { defineHandler } from './defineHandler';

export const systemParamRoutes = {
  '/api/systemParam/getUploadFileSize': defineHandler({
    summary: 'Upload size limit in MB (system parameter upload_file_size, default 1).',
    permission: 'authenticated',
    body: z.strictObject({}),
    handler: async ({ db }) => ({ paramValue: await getUploadFileSize(db) }),
  }),
};
