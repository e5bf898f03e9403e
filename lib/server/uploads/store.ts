import { storedFiles } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import type { CheckedFile } from './inspectFile';

/**
 * Keeps a checked upload as a `stored_files` row owned by `ucpId` (the customer, or the provider for staff uploads)
 * and answers its id. Every service that takes a file stores it through here, inside its own transaction.
 * `createdAt` is the service's clock where it gives one (else the database's now()).
 */
export async function storeUpload(db: Db, owner: { ucpId: string; uploadedBy: string; createdAt?: Date }, file: CheckedFile): Promise<string> {
  const [row] = await db
    .insert(storedFiles)
    .values({
      ucpId: owner.ucpId,
      uploadedBy: owner.uploadedBy,
      fileName: file.fileName,
      mimeType: file.mimeType,
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
      content: file.content,
      ...(owner.createdAt ? { createdAt: owner.createdAt } : {}),
    })
    .returning({ id: storedFiles.id });
  return row!.id;
}
