import { createHash } from 'node:crypto';
import type { storedFiles } from '@/lib/server/db/schema';

type FileFacts = Omit<typeof storedFiles.$inferInsert, 'content' | 'sizeBytes' | 'sha256'>;

/** A demo file's `stored_files` row: the given facts, and the bytes with their size and SHA-256 as an upload stores them. */
export const storedFileRow = (facts: FileFacts, content: Buffer) => ({
  ...facts,
  sizeBytes: content.length,
  sha256: createHash('sha256').update(content).digest('hex'),
  content,
});
