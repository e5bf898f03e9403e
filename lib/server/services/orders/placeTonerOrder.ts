import { and, eq } from 'drizzle-orm';
import { hkToday } from '@/lib/dates/hongKong';
import { fallbackDeliveryAddress, type PlaceOrderResult, type PlaceTonerOrderBody } from '@/lib/orders/schemas';
import { orderItems, orders, orderStatusHistory } from '@/lib/server/db/schema';
import { inTransaction, type CustomerContext } from '@/lib/server/context';
import { AppError } from '@/lib/server/errors';
import { findOrderableProducts, getActiveMachine } from '@/lib/server/services/equipment';
import { TONER_PRODUCT_TYPES } from '@/lib/orders/constants';
import { nextReference } from '@/lib/server/db/rows';

const TONER_TYPES = new Set<string>(TONER_PRODUCT_TYPES);

async function findByKey({ db, actor }: CustomerContext, key: string): Promise<PlaceOrderResult | null> {
  const [row] = await db
    .select({ id: orders.id, orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.ucpId, actor.ucpId), eq(orders.idempotencyKey, key)));
  return row ? { ...row, created: false } : null;
}

/**
 * `placeTonerOrder`: a toner / supplies order for one of the customer's machines.
 *
 * - Only products that fit the machine's model (or generic supplies), each within its max_order_qty; a product that
 *   does not fit, or too many of one, is a VALIDATION error naming the line, and nothing is written.
 * - Descriptions and prices are copied onto the items, so later catalogue changes do not rewrite the order.
 * - The order, its items and its first status row are written in one transaction.
 * - Idempotent by `idempotencyKey` (unique per customer): a repeat, even a concurrent one, gets the first order back
 *   (`created: false`) instead of a second order. The insert is `on conflict do nothing` on that constraint, so two
 *   racing requests cannot both create one; the loser reads the winner's row after it commits.
 */
export async function placeTonerOrder(ctx: CustomerContext, body: PlaceTonerOrderBody): Promise<PlaceOrderResult> {
  const { db, actor } = ctx;
  const replay = await findByKey(ctx, body.idempotencyKey);
  if (replay) return replay;

  const machine = await getActiveMachine(db, actor.ucpId, body.machineId);
  const found = new Map((await findOrderableProducts(db, machine.modelCode, body.items.map((i) => i.productCode))).map((p) => [p.productCode, p]));

  const fields: Record<string, string[]> = {};
  body.items.forEach((line, i) => {
    const product = found.get(line.productCode);
    if (!product) fields[`items.${i}.productCode`] = ['orders.validation.incompatible'];
    else if (line.quantity > product.maxOrderQty) fields[`items.${i}.quantity`] = ['orders.validation.quantityOverLimit'];
  });
  const deliveryAddress = body.deliveryAddress?.trim() || fallbackDeliveryAddress(machine)?.address;
  if (!deliveryAddress) fields.deliveryAddress = ['ui.validation.required'];
  if (Object.keys(fields).length > 0) {
    throw new AppError('VALIDATION', { fields, publicMessage: `Invalid fields: ${Object.keys(fields).join(', ')}` });
  }

  const lines = body.items.map((line, i) => {
    const product = found.get(line.productCode)!;
    return {
      lineNo: i + 1,
      productCode: product.productCode,
      descriptionEn: product.descriptionEn,
      descriptionZh: product.descriptionZh,
      quantity: line.quantity,
      unitPriceCents: product.unitPriceCents,
    };
  });
  const orderType = lines.some((l) => TONER_TYPES.has(found.get(l.productCode)!.productType)) ? 'toner' : 'supplies';

  const created = await inTransaction(ctx, async ({ db: tx }) => {
    // 'SO-2026-005001': the Hong Kong year of placing and the next number of order_no_seq (migration 0004).
    const orderNo = await nextReference(tx, 'SO', hkToday(ctx.now()));
    const [row] = await tx
      .insert(orders)
      .values({
        orderNo,
        ucpId: actor.ucpId,
        orderType,
        machineId: machine.id,
        status: 'pending',
        deliveryAddress,
        contactName: body.contactName,
        contactPhone: body.contactPhone,
        requestedDate: body.requestedDate ?? null,
        remarks: body.remarks ?? '',
        createdBy: actor.userAcUuid,
        idempotencyKey: body.idempotencyKey,
      })
      .onConflictDoNothing({ target: [orders.ucpId, orders.idempotencyKey] })
      .returning({ id: orders.id, orderNo: orders.orderNo });
    if (!row) return null;
    await tx.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: row.id })));
    await tx.insert(orderStatusHistory).values({
      orderId: row.id,
      status: 'pending',
      noteEn: 'Order placed online',
      noteZh: '已於網上下單',
      changedBy: actor.userAcUuid,
    });
    return { ...row, created: true };
  });
  if (created) return created;

  // Lost the race to a request with the same key: that one committed first, so its order is visible now.
  const winner = await findByKey(ctx, body.idempotencyKey);
  if (!winner) throw new AppError('CONFLICT', { message: 'idempotency key in use but order not visible' });
  return winner;
}
