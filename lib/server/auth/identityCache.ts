import type { Db, DbHandle } from '@/lib/server/db/types';

/** What the identity query returns for (user, customer): everything `loadPrincipal` decides with. */
export type IdentityRow = {
  tokenVersion: number;
  status: string;
  isProviderStaff: boolean;
  linkStatus: string | null;
  codes: string[] | null;
};

export const PRINCIPAL_CHANNEL = 'principal_changed';

/** Bounded: a process serving many users keeps the most recent ones. */
const MAX_ENTRIES = 20_000;

/**
 * A per-process cache of the identity query, keyed by user and customer, that is only used while this process is
 * LISTENing to `principal_changed` (migration 0006: triggers on every table the identity is read from notify at
 * commit). A notification drops that user's entries ('*' drops all), so a group change, deactivation, logout or
 * password change made on any instance applies to the next request on every instance, within the notification's
 * delivery time (milliseconds). While the listener is down (connection lost), the cache is off and emptied: every
 * request reads the database, as without a cache.
 *
 * A read that started before an invalidation is not stored after it (a generation counter), so a slow query cannot
 * put back what a notification just removed.
 */
export class IdentityCache {
  private readonly entries = new Map<string, IdentityRow>();
  private listening = false;
  private generation = 0;
  private stop: (() => Promise<void>) | null = null;
  /** Counters for tests and benchmarks: answers served from memory, and reads that went to the database. */
  readonly stats = { hits: 0, reads: 0 };

  /** How many (user, customer) rows are held. */
  get size(): number {
    return this.entries.size;
  }

  get enabled(): boolean {
    return this.listening;
  }

  /** Starts listening; the cache is used from the moment the listener is confirmed. */
  async start(handle: DbHandle): Promise<void> {
    this.stop = await handle.listen(
      PRINCIPAL_CHANNEL,
      (payload) => this.invalidate(payload),
      (listening) => {
        this.listening = listening;
        this.invalidate('*');
      },
    );
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    this.listening = false;
    this.entries.clear();
    if (stop) await stop();
  }

  invalidate(userAcUuid: string): void {
    this.generation += 1;
    if (userAcUuid === '*' || userAcUuid === '') {
      this.entries.clear();
      return;
    }
    const prefix = `${userAcUuid}|`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  /** The cached row, or the one `read` returns (stored only if nothing was invalidated meanwhile). */
  async get(userAcUuid: string, ucpId: string, read: () => Promise<IdentityRow | undefined>): Promise<IdentityRow | undefined> {
    const hit = this.listening ? this.entries.get(`${userAcUuid}|${ucpId}`) : undefined;
    if (hit) {
      this.stats.hits += 1;
      return hit;
    }
    this.stats.reads += 1;
    if (!this.listening) return read();
    const key = `${userAcUuid}|${ucpId}`;
    const generation = this.generation;
    const row = await read();
    if (row && this.listening && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, row);
    }
    return row;
  }
}

const caches = new WeakMap<Db, IdentityCache>();

/** The cache of a database handle, if the server started one (tests and scripts read the database every time). */
export const identityCacheOf = (db: Db): IdentityCache | undefined => caches.get(db);

/** Started by server.ts next to the database: one per process. */
export async function startIdentityCache(handle: DbHandle): Promise<IdentityCache> {
  const cache = new IdentityCache();
  await cache.start(handle);
  caches.set(handle.db, cache);
  return cache;
}
