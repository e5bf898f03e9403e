import { auditLog } from '@/lib/server/db/schema';
import type { Actor, ServiceContext } from '@/lib/server/context';

export type AuditEntry = {
  /** What was done, as a verb: 'create', 'update', 'approve', 'reject', 'deactivate', … */
  action: string;
  /** The table or domain name of what it was done to: 'customer', 'user_account', 'payment_slip', … */
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

/**
 * Records one audit row (who, what, before, after, when, trace id): every admin write calls it, inside the same
 * transaction as the change (pass the transaction's context), so a rolled-back change leaves no audit row.
 */
export async function audit(ctx: ServiceContext<Actor | null>, entry: AuditEntry): Promise<void> {
  await ctx.db.insert(auditLog).values({
    at: ctx.now(),
    actorUuid: ctx.actor?.userAcUuid ?? null,
    actorUcpId: ctx.actor?.ucpId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    traceId: ctx.traceId,
  });
}
