import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite has no cross-process lock: two processes opening one data folder corrupt it (DESIGN.md known traps). Every
 * process that opens the embedded folder (the server, `npm run db:migrate`, `npm run db:seed`) first takes this lock
 * file beside the folder, `<PGLITE_DIR>.lock` (`.data/pglite.lock`), holding the owner's pid. One lock per folder: two
 * servers on sibling folders (two temp folders under /tmp) do not stop each other. A lock whose pid is no longer alive
 * on this host is stale (the process crashed) and is taken over. PostgreSQL needs none of this.
 */
export type DbLockInfo = { pid: number; host: string; owner: string; since: string };

export type DbLock = {
  path: string;
  /** Removes the lock file if this process still holds it; safe to call twice. */
  release(): void;
};

export class DbLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: DbLockInfo,
  ) {
    super(
      `The embedded database folder is in use by ${holder.owner} (pid ${holder.pid} on ${holder.host}, since ${holder.since}). ` +
        `Stop that process first (a running server migrates and seeds itself at start-up), or remove ${lockPath} if you are sure it is gone.`,
    );
    this.name = 'DbLockedError';
  }
}

/** Beside the folder rather than inside it: PGlite owns the folder's contents (and creates it on first start). */
export const lockPathFor = (pgliteDir: string): string => `${path.resolve(pgliteDir)}.lock`;

function readLock(file: string): DbLockInfo | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<DbLockInfo>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return {
      pid: parsed.pid,
      host: parsed.host,
      owner: typeof parsed.owner === 'string' ? parsed.owner : 'another process',
      since: typeof parsed.since === 'string' ? parsed.since : 'an unknown time',
    };
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock held by a live process other than this one (a restarted container may reuse our own pid: that is stale). */
function isHeld(info: DbLockInfo | null): info is DbLockInfo {
  if (!info) return false;
  if (info.host !== hostname()) return true; // a shared volume: we cannot check another host's pid, so respect it
  return info.pid !== process.pid && isAlive(info.pid);
}

/**
 * Takes the lock for `pgliteDir` or throws `DbLockedError` naming the holder. `owner` says who holds it in the
 * message another process will print (e.g. 'the portal server', 'npm run db:migrate').
 * The lock is released on `release()` and, as a fallback, when the process exits.
 */
export function acquireDbLock(pgliteDir: string, owner: string): DbLock {
  const file = lockPathFor(pgliteDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const info: DbLockInfo = { pid: process.pid, host: hostname(), owner, since: new Date().toISOString() };
  // Written whole to a private file first, then hard-linked into place: link() fails if the lock exists, so two
  // processes starting at once cannot both win, and nobody ever reads a half-written lock.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(info), { mode: 0o644 });
  let taken = false;
  try {
    for (let attempt = 0; attempt < 3 && !taken; attempt++) {
      try {
        linkSync(tmp, file);
        taken = true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const holder = readLock(file);
        if (isHeld(holder)) throw new DbLockedError(file, holder);
        // Stale (its owner crashed) or unreadable: remove it and try again. (Two processes taking over the same stale
        // lock in the same instant could both succeed; that needs a crash followed by a double start, and is accepted.)
        try {
          unlinkSync(file);
        } catch (unlinkErr) {
          if ((unlinkErr as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkErr;
        }
      }
    }
  } finally {
    unlinkSync(tmp);
  }
  if (!taken) {
    const holder = readLock(file);
    throw holder ? new DbLockedError(file, holder) : new Error(`Could not take the database lock ${file}`);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const current = readLock(file);
    if (current && current.pid === process.pid && current.host === info.host) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', release);
  return { path: file, release };
}
