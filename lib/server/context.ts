import type { Principal } from '@/lib/server/auth/principal';
import type { Db } from '@/lib/server/db/types';
import type { Logger } from '@/lib/server/log';

/** Who is acting: the caller's identity as the router resolved it (never from the request body). */
export type Actor = Pick<Principal, 'userAcUuid' | 'ucpId' | 'isProviderStaff' | 'codes'>;
/** An actor with a selected customer (every code-gated endpoint: the router refuses one without). */
export type CustomerActor = Actor & { ucpId: string };

/**
 * What every service function receives instead of loose `db`, `ucpId`, `actor` and `traceId` arguments: the database
 * (or the transaction it runs in), the actor, the request's trace id (ties audit rows to the log line) and the clock
 * (tests pass a fixed one).
 */
export type ServiceContext<A extends Actor | null = Actor> = {
  db: Db;
  actor: A;
  traceId: string;
  now: () => Date;
  log?: Logger;
};

export type CustomerContext = ServiceContext<CustomerActor>;
/** A public endpoint's context: nobody may be signed in. */
export type PublicContext = ServiceContext<Actor | null>;

/** Builds a context (the router does this for every call; tests and scripts use it directly). */
export function serviceContext<A extends Actor | null>(init: {
  db: Db;
  actor: A;
  traceId?: string;
  now?: () => Date;
  log?: Logger;
}): ServiceContext<A> {
  return { db: init.db, actor: init.actor, traceId: init.traceId ?? 'local', now: init.now ?? (() => new Date()), ...(init.log ? { log: init.log } : {}) };
}

/** The same context inside a transaction: services called with it write in that transaction. */
export function inTransaction<A extends Actor | null, T>(ctx: ServiceContext<A>, work: (tx: ServiceContext<A>) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => work({ ...ctx, db: tx as unknown as Db }));
}
