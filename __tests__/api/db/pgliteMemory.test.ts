/**
 * The embedded database starts with a small buffer pool (issue 15, memory): PostgreSQL's default 128MB of shared
 * buffers sits in PGlite's WebAssembly heap for the life of the process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGLITE_SHARED_BUFFERS, openDatabase } from '@/lib/server/db/open';

describe('PGlite opened by the server', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-mem-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs with the small buffer pool, and a size can be chosen', async () => {
    const handle = await openDatabase({ pgliteDir: dir });
    try {
      const { rows } = await handle.pglite!.query<{ shared_buffers: string }>('show shared_buffers');
      expect(rows[0]?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
      expect(PGLITE_SHARED_BUFFERS).toBe('16MB');
    } finally {
      await handle.close();
    }
    const again = await openDatabase({ pgliteDir: dir, pgliteSharedBuffers: '32MB' });
    try {
      const { rows } = await again.pglite!.query<{ shared_buffers: string }>('show shared_buffers');
      expect(rows[0]?.shared_buffers).toBe('32MB');
    } finally {
      await again.close();
    }
    await expect(openDatabase({ pgliteSharedBuffers: 'lots' })).rejects.toThrow(/PGLITE_SHARED_BUFFERS/);
  }, 120_000);
});
