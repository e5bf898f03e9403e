import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import { systemParams } from '@/lib/server/db/schema';

export const UPLOAD_FILE_SIZE_KEY = 'upload_file_size';
/** Spec §9: 1 (MB) when the parameter is not supplied. */
export const DEFAULT_UPLOAD_FILE_SIZE_MB = 1;

/** The upload size limit in MB; a missing or unreadable value falls back to the default. */
export async function getUploadFileSize(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: systemParams.paramValue })
    .from(systemParams)
    .where(eq(systemParams.paramKey, UPLOAD_FILE_SIZE_KEY))
    .limit(1);
  const parsed = row ? Number(row.value) : NaN;
  return Number.isFinite(parsed) && parsed > 0 ? parsed : DEFAULT_UPLOAD_FILE_SIZE_MB;
}
