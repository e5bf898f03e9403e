import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListResult } from '@/lib/listQuery';
import type { ListShipmentsBody, ShipmentDetail, ShipmentListItem, ShipmentSortField } from '@/lib/orders/schemas';
import { machineModels, machines, orderItems, orders, shipmentEvents, shipments } from '@/lib/server/db/schema';
import type { CustomerContext } from '@/lib/server/context';
import { AppError } from '@/lib/server/errors';
import { textSearch } from '@/lib/server/db/like';
import { hkDateRange } from '@/lib/server/db/hkDates';
import { listPosition, paginate, totalCount } from '@/lib/server/db/paginate';
import { SHIPMENT_STEPS } from '@/lib/orders/constants';

/** The columns every shipment answer carries (list, detail, the order's shipments). */
export const shipmentColumns = {
  id: shipments.id,
  shipmentNo: shipments.shipmentNo,
  courier: shipments.courier,
  trackingNo: shipments.trackingNo,
  status: shipments.status,
  createdAt: shipments.createdAt,
  updatedAt: shipments.updatedAt,
};

const STEP_ORDER = listPosition(shipments.status, SHIPMENT_STEPS);

const SORT_COLUMNS: Record<ShipmentSortField, SQL> = {
  shipmentNo: sql`${shipments.shipmentNo}`,
  createdAt: sql`${shipments.createdAt}`,
  status: STEP_ORDER,
  orderNo: sql`${orders.orderNo}`,
};

/** Shipments of the customer: the shipment's own ucp_id and its order's must both be the caller's. */
function whereOf(ucpId: string, filter: ListShipmentsBody['filter']): SQL {
  const conditions: SQL[] = [eq(shipments.ucpId, ucpId), eq(orders.ucpId, ucpId)];
  if (filter?.status?.length) conditions.push(inArray(shipments.status, filter.status));
  conditions.push(...hkDateRange(shipments.createdAt, filter?.dateFrom, filter?.dateTo));
  const q = filter?.q?.trim();
  if (q) conditions.push(textSearch(q, [shipments.shipmentNo, shipments.trackingNo, orders.orderNo]));
  return and(...conditions)!;
}

const lastEventAt = sql<Date | string | null>`(select max(se.at) from ${shipmentEvents} se where se.shipment_id = ${shipments.id})`;

/** `listShipments`: one page of the customer's shipments with their order number, newest first by default. */
export async function listShipments({ db, actor: { ucpId } }: CustomerContext, body: ListShipmentsBody): Promise<ListResult<ShipmentListItem>> {
  const where = whereOf(ucpId, body.filter);
  const sort = body.sort ?? { field: 'createdAt' as const, direction: 'desc' as const };
  const column = SORT_COLUMNS[sort.field];
  const q = db
    .select({
      ...shipmentColumns,
      orderId: orders.id,
      orderNo: orders.orderNo,
      lastEventAt,
      __total: totalCount(),
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(where)
    .orderBy(sort.direction === 'asc' ? sql`${column} asc` : sql`${column} desc`, desc(shipments.createdAt), asc(shipments.id));
  return paginate(
    q,
    body,
    (r): ShipmentListItem => ({
      ...r,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      lastEventAt: r.lastEventAt ? new Date(r.lastEventAt).toISOString() : null,
    }),
  );
}

/** `getShipment`: one shipment of the customer with its timeline and the order it belongs to; NOT_FOUND otherwise. */
export async function getShipment({ db, actor: { ucpId } }: CustomerContext, id: string): Promise<ShipmentDetail> {
  const [row] = await db
    .select({
      ...shipmentColumns,
      orderId: orders.id,
      orderNo: orders.orderNo,
      orderType: orders.orderType,
      orderStatus: orders.status,
      deliveryAddress: orders.deliveryAddress,
      contactName: orders.contactName,
      orderCreatedAt: orders.createdAt,
      serialNo: machines.serialNo,
      modelNameEn: machineModels.nameEn,
      modelNameZh: machineModels.nameZh,
      locationEn: machines.locationEn,
      locationZh: machines.locationZh,
      itemCount: sql<number>`(select count(*)::int from ${orderItems} oi where oi.order_id = ${orders.id})`,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .leftJoin(machines, and(eq(machines.id, orders.machineId), eq(machines.ucpId, orders.ucpId)))
    .leftJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
    .where(and(eq(shipments.id, id), eq(shipments.ucpId, ucpId), eq(orders.ucpId, ucpId)));
  if (!row) throw new AppError('NOT_FOUND', { message: 'shipment not found for this customer' });

  const events = await db
    .select({
      step: shipmentEvents.step,
      at: shipmentEvents.at,
      locationEn: shipmentEvents.locationEn,
      locationZh: shipmentEvents.locationZh,
      noteEn: shipmentEvents.noteEn,
      noteZh: shipmentEvents.noteZh,
    })
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, row.id))
    .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));

  return {
    id: row.id,
    shipmentNo: row.shipmentNo,
    courier: row.courier,
    trackingNo: row.trackingNo,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    events: events.map((e) => ({ ...e, step: e.step, at: e.at.toISOString() })),
    order: {
      id: row.orderId,
      orderNo: row.orderNo,
      orderType: row.orderType,
      status: row.orderStatus,
      deliveryAddress: row.deliveryAddress,
      contactName: row.contactName,
      createdAt: row.orderCreatedAt.toISOString(),
      machine: row.serialNo
        ? {
            serialNo: row.serialNo,
            modelNameEn: row.modelNameEn ?? '',
            modelNameZh: row.modelNameZh ?? '',
            locationEn: row.locationEn ?? '',
            locationZh: row.locationZh ?? '',
          }
        : null,
      itemCount: Number(row.itemCount),
    },
  };
}
