/**
 * The embedded database starts with a small buffer pool (issue 15, memory): PostgreSQL's default 128MB of shared
 * buffers sits in PGlite's WebAssembly heap for the life of the process.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGLITE_SHARED_BUFFERS, initPgliteDir, openDatabase } from '@/lib/server/db/open';

describe('PGlite opened by the server', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-mem-'));
  const fresh = path.join(dir, 'fresh');
  // One initdb for both tests (it takes 10–30 s): the folder it makes is the one the buffer-pool test opens.
  let rssGrowth = Number.NaN;
  beforeAll(async () => {
    const before = process.memoryUsage().rss;
    await initPgliteDir(fresh);
    rssGrowth = process.memoryUsage().rss - before;
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a new folder is created (initdb) in a child process: the caller never holds initdb’s memory', async () => {
    // In-process, initdb took the resident memory up by ≈ 500 MB (docs/performance.md, "Pages and memory").
    expect(rssGrowth).toBeLessThan(100 * 1024 * 1024);
    expect(existsSync(path.join(fresh, 'PG_VERSION'))).toBe(true);
    const handle = await openDatabase({ pgliteDir: fresh });
    try {
      expect((await handle.pglite!.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('runs with the small buffer pool, and a size can be chosen', async () => {
    const handle = await openDatabase({ pgliteDir: fresh });
    try {
      const { rows } = await handle.pglite!.query<{ shared_buffers: string }>('show shared_buffers');
      expect(rows[0]?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
      expect(PGLITE_SHARED_BUFFERS).toBe('16MB');
    } finally {
      await handle.close();
    }
    const again = await openDatabase({ pgliteDir: fresh, pgliteSharedBuffers: '32MB' });
    try {
      const { rows } = await again.pglite!.query<{ shared_buffers: string }>('show shared_buffers');
      expect(rows[0]?.shared_buffers).toBe('32MB');
    } finally {
      await again.close();
    }
    await expect(openDatabase({ pgliteSharedBuffers: 'lots' })).rejects.toThrow(/PGLITE_SHARED_BUFFERS/);
  }, 120_000);
});
