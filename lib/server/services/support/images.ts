/**
 * Images in help articles (docs/support.md): staff upload a JPEG or PNG (checked by content and size by the upload
 * pipeline before this runs); it is kept as a stored file and marked as a help image, and its address
 * `/help-images/<id>` goes into the article body, where the help sanitizer accepts it. Served by
 * lib/server/helpImageRoutes.ts to anyone (help content is published; the id cannot be guessed).
 */
import { eq } from 'drizzle-orm';
import type { HelpImageResult } from '@/lib/support/schemas';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { helpImages, storedFiles } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import type { CheckedFile } from '@/lib/server/uploads';
import { storeUpload } from '@/lib/server/uploads/store';

export const helpImageSrc = (id: string) => `/help-images/${id}`;

export async function storeHelpImage(ctx: ServiceContext, file: CheckedFile): Promise<HelpImageResult> {
  return inTransaction(ctx, async (tx) => {
    // Help images belong to the party the staff user acts for (the provider), like offer images.
    const fileId = await storeUpload(tx.db, { ucpId: tx.actor.ucpId!, uploadedBy: tx.actor.userAcUuid }, file);
    const [image] = await tx.db.insert(helpImages).values({ fileId, uploadedBy: tx.actor.userAcUuid }).returning({ id: helpImages.id });
    await audit(tx, { action: 'create', entity: 'help_image', entityId: image!.id, after: { fileName: file.fileName, mimeType: file.mimeType, sizeBytes: file.sizeBytes, sha256: file.sha256 } });
    return { id: image!.id, src: helpImageSrc(image!.id) };
  });
}

/** The bytes of a help image, or null. */
export async function readHelpImage(db: Db, id: string): Promise<{ mimeType: string; content: Buffer; sha256: string } | null> {
  const [row] = await db
    .select({ mimeType: storedFiles.mimeType, content: storedFiles.content, sha256: storedFiles.sha256 })
    .from(helpImages)
    .innerJoin(storedFiles, eq(storedFiles.id, helpImages.fileId))
    .where(eq(helpImages.id, id));
  return row ? { mimeType: row.mimeType, content: Buffer.from(row.content), sha256: row.sha256 } : null;
}
