import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { acquireDbLock, DbLockedError, lockPathFor } from '@/lib/server/db/lock';

describe('the embedded database lock', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A lock as another live process on this host would leave it (the test runner's parent is alive). */
  const heldByOther = (dir: string) =>
    writeFileSync(lockPathFor(dir), JSON.stringify({ pid: process.ppid, host: hostname(), owner: 'the portal server', since: '2026-11-24T00:00:00.000Z' }));

  it('is one file per data folder, beside it', () => {
    expect(lockPathFor(path.join(root, 'pglite'))).toBe(path.join(root, 'pglite.lock'));
    expect(lockPathFor(path.join(root, 'pglite') + '/')).toBe(path.join(root, 'pglite.lock'));
  });

  it('refuses a folder another live process holds, naming it, and leaves its lock alone', () => {
    const dir = path.join(root, 'pglite');
    heldByOther(dir);
    expect(() => acquireDbLock(dir, 'npm run db:migrate')).toThrow(DbLockedError);
    expect(() => acquireDbLock(dir, 'npm run db:migrate')).toThrow(/in use by the portal server \(pid \d+/);
    expect(JSON.parse(readFileSync(lockPathFor(dir), 'utf8'))).toMatchObject({ pid: process.ppid });
  });

  it('does not stop a server on a sibling folder', () => {
    heldByOther(path.join(root, 'a'));
    const lock = acquireDbLock(path.join(root, 'b'), 'the portal server');
    expect(lock.path).toBe(path.join(root, 'b.lock'));
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid, owner: 'the portal server' });
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    expect(existsSync(lockPathFor(path.join(root, 'a')))).toBe(true);
  });

  it('takes over a lock whose process is gone', () => {
    const dir = path.join(root, 'pglite');
    writeFileSync(lockPathFor(dir), JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), owner: 'the portal server', since: '2026-11-24T00:00:00.000Z' }));
    const lock = acquireDbLock(dir, 'npm run db:seed');
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid, owner: 'npm run db:seed' });
    lock.release();
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });
});
