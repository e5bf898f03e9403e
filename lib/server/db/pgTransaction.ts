import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/** What drizzle's node-postgres session keeps (private in its types): a transaction's own session needs the same. */
type SessionParts = {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction: (work: (tx: never) => Promise<unknown>, config?: PgTransactionConfig) => Promise<unknown>;
};

const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/**
 * drizzle-orm 0.45's node-postgres `transaction()` on a pool (upstream issues #6023, #6114, #6241, open):
 * - it runs BEGIN before its try/finally, so a BEGIN that fails never releases the client. A BEGIN fails when the
 *   backend ends right after the client was checked out (a PostgreSQL restart or fail-over, `pg_terminate_backend`):
 *   ten such failures and the pool (max 10) is empty for good. Every request then waits the 3 s connect time-out
 *   and answers 503 until the process is restarted. The `pgTerminate` fault test met it in CI on 2026-12-01.
 * - it returns a client whose ROLLBACK failed (the connection is gone, or a statement is still running after the
 *   client-side `query_timeout`) to the pool as a healthy one, for the next request to inherit;
 * - when ROLLBACK fails it reports that error instead of the one that failed the transaction.
 *
 * This is the same transaction (BEGIN, the work on a `NodePgTransaction` of its own client, COMMIT, ROLLBACK on any
 * error; nested transactions are savepoints as before) with those three mended: the client is released on every path,
 * and destroyed (`release(err)`) when BEGIN or ROLLBACK failed. Installed on the pool's database by `openPostgres`.
 */
export function installSafeTransactions(db: NodePgDatabase<Record<string, unknown>>, pool: pg.Pool): void {
  const base = (db as unknown as { session: SessionParts }).session;
  base.transaction = async (work, config) => {
    const client = await pool.connect();
    const session = new NodePgSession(client, base.dialect, base.schema, base.options);
    const tx = new NodePgTransaction(base.dialect, session, base.schema);
    let broken: Error | undefined;
    let began = false;
    try {
      await tx.execute(sql`begin`);
      began = true;
      // drizzle writes `begin <config>`; `set transaction` first thing in the transaction is the same.
      if (config) await tx.setTransaction(config);
      const result = await work(tx as never);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      if (!began) broken = asError(error);
      else
        await tx.execute(sql`rollback`).catch((rollbackError: unknown) => {
          broken = asError(rollbackError);
        });
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
