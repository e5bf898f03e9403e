import { shipmentColumns } from './shipments';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrderDetail, ShipmentSummary } from '@/lib/orders/schemas';
import { machineModels, machines, orderItems, orders, orderStatusHistory, shipments, userAccounts } from '@/lib/server/db/schema';
import type { CustomerContext } from '@/lib/server/context';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import { machineSummaryColumns } from '@/lib/server/services/equipment';

/**
 * A person's name as the customer may see it: its own users by name; provider staff stay anonymous (the screen
 * shows "customer service"), so staff names never leave the provider.
 */
const visibleName = sql<string | null>`case when ${userAccounts.isProviderStaff} then null else ${userAccounts.name} end`;

/** The shipments of one order (newest last), as the order detail and the tracking list show them. */
export async function shipmentsOfOrder(db: Db, ucpId: string, orderId: string): Promise<ShipmentSummary[]> {
  const rows = await db
    .select({
      ...shipmentColumns,
    })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.ucpId, ucpId)))
    .orderBy(asc(shipments.createdAt), asc(shipments.shipmentNo));
  return rows.map((s) => ({
    ...s,
    status: s.status,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  }));
}

/** `getOrder`: one order of the customer with items, totals, history, machine and shipments; NOT_FOUND otherwise. */
export async function getOrder({ db, actor: { ucpId } }: CustomerContext, id: string): Promise<OrderDetail> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      orderType: orders.orderType,
      status: orders.status,
      deliveryAddress: orders.deliveryAddress,
      contactName: orders.contactName,
      contactPhone: orders.contactPhone,
      requestedDate: orders.requestedDate,
      promisedDate: orders.promisedDate,
      remarks: orders.remarks,
      createdAt: orders.createdAt,
      createdByName: visibleName,
      cancelledAt: orders.cancelledAt,
      cancelReason: orders.cancelReason,
      machineId: orders.machineId,
    })
    .from(orders)
    .leftJoin(userAccounts, eq(userAccounts.userAcUuid, orders.createdBy))
    .where(and(eq(orders.id, id), eq(orders.ucpId, ucpId)));
  if (!order) throw new AppError('NOT_FOUND', { message: 'order not found for this customer' });

  const [machine] = order.machineId
    ? await db
        .select({ ...machineSummaryColumns, addressEn: machines.addressEn, addressZh: machines.addressZh })
        .from(machines)
        .innerJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
        .where(and(eq(machines.id, order.machineId), eq(machines.ucpId, ucpId)))
    : [];

  const items = await db
    .select({
      lineNo: orderItems.lineNo,
      productCode: orderItems.productCode,
      descriptionEn: orderItems.descriptionEn,
      descriptionZh: orderItems.descriptionZh,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.lineNo));

  const history = await db
    .select({
      status: orderStatusHistory.status,
      at: orderStatusHistory.at,
      noteEn: orderStatusHistory.noteEn,
      noteZh: orderStatusHistory.noteZh,
      changedByName: visibleName,
    })
    .from(orderStatusHistory)
    .leftJoin(userAccounts, eq(userAccounts.userAcUuid, orderStatusHistory.changedBy))
    .where(eq(orderStatusHistory.orderId, order.id))
    .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));

  const lines = items.map((i) => ({ ...i, lineTotalCents: i.quantity * i.unitPriceCents }));
  return {
    id: order.id,
    orderNo: order.orderNo,
    orderType: order.orderType,
    status: order.status,
    deliveryAddress: order.deliveryAddress,
    contactName: order.contactName,
    contactPhone: order.contactPhone,
    requestedDate: order.requestedDate,
    promisedDate: order.promisedDate,
    remarks: order.remarks,
    createdAt: order.createdAt.toISOString(),
    createdByName: order.createdByName,
    cancelledAt: order.cancelledAt ? order.cancelledAt.toISOString() : null,
    cancelReason: order.cancelReason,
    machine: machine ?? null,
    items: lines,
    totalCents: lines.reduce((sum, l) => sum + l.lineTotalCents, 0),
    history: history.map((h) => ({ ...h, status: h.status, at: h.at.toISOString() })),
    shipments: await shipmentsOfOrder(db, ucpId, order.id),
    canCancel: order.status === 'pending',
  };
}
