import { and, eq, sql } from 'drizzle-orm';
import type { CancelOrderBody } from '@/lib/orders/schemas';
import { orders, orderStatusHistory } from '@/lib/server/db/schema';
import { inTransaction, type CustomerContext } from '@/lib/server/context';
import { AppError } from '@/lib/server/errors';

/**
 * `cancelOrder`: only a pending order can be cancelled. The status check and the change are one conditional update,
 * so two cancels (or a cancel racing the provider's confirmation) cannot both win: the loser gets CONFLICT. Another
 * customer's order, or an unknown id, is NOT_FOUND.
 */
export async function cancelOrder(ctx: CustomerContext, body: CancelOrderBody): Promise<{ id: string; status: 'cancelled' }> {
  const { db, actor } = ctx;
  const reason = body.reason?.trim() || null;
  const done = await inTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelReason: reason, updatedAt: sql`now()` })
      .where(and(eq(orders.id, body.id), eq(orders.ucpId, actor.ucpId), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    if (!row) return false;
    await tx.insert(orderStatusHistory).values({
      orderId: row.id,
      status: 'cancelled',
      noteEn: reason ? `Cancelled by the customer: ${reason}` : 'Cancelled by the customer',
      noteZh: reason ? `客戶取消訂單：${reason}` : '客戶取消訂單',
      changedBy: actor.userAcUuid,
    });
    return true;
  });
  if (done) return { id: body.id, status: 'cancelled' };

  const [existing] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, body.id), eq(orders.ucpId, actor.ucpId)));
  if (!existing) throw new AppError('NOT_FOUND', { message: 'order not found for this customer' });
  throw new AppError('CONFLICT', { message: `order is ${existing.status}, only pending orders can be cancelled`, publicMessage: 'Only a pending order can be cancelled' });
}
