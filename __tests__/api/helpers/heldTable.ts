import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/server/db/rows';
import type { DbHandle } from '@/lib/server/db/types';
import { until } from './poll';

/**
 * Runs `start` (requests fired at once) so that each of them gets as far as it can before any writes to `table`:
 * on PostgreSQL a second connection holds the table in SHARE mode (reads go on, inserts and updates wait) until
 * `waiters` backends wait on a lock, then lets go. A check-then-write that reads outside a lock then races every run,
 * not by chance. On PGlite (one connection, transactions one after another) `start` simply runs.
 */
export async function withTableHeld<T>(handle: DbHandle, table: string, waiters: number, start: () => Promise<T>): Promise<T> {
  if (handle.kind !== 'postgres') return start();
  let sent: Promise<T> | undefined;
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`lock table ${table} in share mode`));
    sent = start();
    await until(async () => {
      // pg_stat_activity is read once per transaction unless its snapshot is cleared.
      await tx.execute(sql`select pg_stat_clear_snapshot()`);
      const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      return row?.n === waiters;
    }, 10_000);
  });
  return sent!;
}
