import { systemParamContract } from '@/lib/systemParam/contract';
import { getUploadFileSize } from '@/lib/server/services/systemParam/getUploadFileSize';
import { implement } from './implement';

export const systemParamRoutes = implement(systemParamContract, {
  getUploadFileSize: async ({ db }) => ({ paramValue: await getUploadFileSize(db) }),
});
