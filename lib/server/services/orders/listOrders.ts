import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListResult } from '@/lib/listQuery';
import { expandOrderStatusFilter, type ListOrdersBody, type OrderListItem, type OrderSortField } from '@/lib/orders/schemas';
import { machineModels, machines, orderItems, orders } from '@/lib/server/db/schema';
import type { CustomerContext } from '@/lib/server/context';
import { textSearch } from '@/lib/server/db/like';
import { hkDateRange } from '@/lib/server/db/hkDates';
import { listPosition, paginate, totalCount } from '@/lib/server/db/paginate';
import { ORDER_STATUSES } from '@/lib/orders/constants';

/** Sort field (the API's name) → column; never a raw column name from the client. */
const SORT_COLUMNS: Record<OrderSortField, SQL | typeof orders.orderNo> = {
  orderNo: orders.orderNo,
  createdAt: sql`${orders.createdAt}`,
  status: listPosition(orders.status, ORDER_STATUSES),
  requestedDate: sql`${orders.requestedDate}`,
  // The amount column sorts too (issue 10 minor): the same sum the list shows.
  total: sql`(select coalesce(sum(oi.quantity * oi.unit_price_cents), 0) from ${orderItems} oi where oi.order_id = ${orders.id})`,
};

/** The filter of `listOrders`, always within the caller's customer. */
function whereOf(ucpId: string, filter: ListOrdersBody['filter']): SQL {
  const conditions: SQL[] = [eq(orders.ucpId, ucpId)];
  if (filter?.status?.length) conditions.push(inArray(orders.status, expandOrderStatusFilter(filter.status)));
  if (filter?.type?.length) conditions.push(inArray(orders.orderType, filter.type));
  conditions.push(...hkDateRange(orders.createdAt, filter?.dateFrom, filter?.dateTo));
  const q = filter?.q?.trim();
  if (q) {
    const inItems = (p: string) => [
      sql`exists (select 1 from ${orderItems} oi where oi.order_id = ${orders.id}
          and (oi.product_code ilike ${p} escape '\\' or oi.description_en ilike ${p} escape '\\' or oi.description_zh ilike ${p} escape '\\'))`,
    ];
    conditions.push(textSearch(q, [orders.orderNo, machines.serialNo], inItems));
  }
  return and(...conditions)!;
}

/**
 * `listOrders`: one page of the customer's orders with the machine, a summary of the items and the total, sorted and
 * filtered in SQL (newest first unless asked otherwise; the id breaks ties so paging is stable).
 */
/** `orders.id` qualified: drizzle writes a one-table select's columns bare, which inside a subquery would name oi.id. */
const ORDER_ID = sql`${sql.identifier('orders')}.${sql.identifier('id')}`;

/** An order as the lists show it (the order list, a machine's orders): its own columns, its first item ('' for none), how many items and the total. */
export const orderSummaryColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  orderType: orders.orderType,
  status: orders.status,
  createdAt: orders.createdAt,
  firstItemEn: sql<string>`coalesce((select oi.description_en from ${orderItems} oi where oi.order_id = ${ORDER_ID} order by oi.line_no limit 1), '')`,
  firstItemZh: sql<string>`coalesce((select oi.description_zh from ${orderItems} oi where oi.order_id = ${ORDER_ID} order by oi.line_no limit 1), '')`,
  itemCount: sql<number>`(select count(*) from ${orderItems} oi where oi.order_id = ${ORDER_ID})::int`,
  totalCents: sql<number>`(select coalesce(sum(oi.quantity * oi.unit_price_cents), 0) from ${orderItems} oi where oi.order_id = ${ORDER_ID})::int`,
};

export async function listOrders({ db, actor: { ucpId } }: CustomerContext, body: ListOrdersBody): Promise<ListResult<OrderListItem>> {
  const where = whereOf(ucpId, body.filter);
  const sort = body.sort ?? { field: 'createdAt' as const, direction: 'desc' as const };
  const column = SORT_COLUMNS[sort.field];
  const primary = sort.direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;

  const q = db
    .select({
      ...orderSummaryColumns,
      requestedDate: orders.requestedDate,
      serialNo: machines.serialNo,
      modelNameEn: machineModels.nameEn,
      modelNameZh: machineModels.nameZh,
      __total: totalCount(),
    })
    .from(orders)
    .leftJoin(machines, and(eq(machines.id, orders.machineId), eq(machines.ucpId, orders.ucpId)))
    .leftJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
    .where(where)
    .orderBy(primary, desc(orders.createdAt), asc(orders.id));

  return paginate(
    q,
    body,
    (r): OrderListItem => ({
      id: r.id,
      orderNo: r.orderNo,
      orderType: r.orderType,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      requestedDate: r.requestedDate,
      machine: r.serialNo ? { serialNo: r.serialNo, modelNameEn: r.modelNameEn ?? '', modelNameZh: r.modelNameZh ?? '' } : null,
      firstItemEn: r.firstItemEn,
      firstItemZh: r.firstItemZh,
      itemCount: Number(r.itemCount),
      totalCents: Number(r.totalCents),
    }),
  );
}
