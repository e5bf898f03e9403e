import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { addDays, addMonths, hkToday } from '@/lib/dates/hongKong';
import { type ListMachinesBody, type MachineDetail, type MachineListItem, type MachineListResult, type MachineOrder, type MachineReading, type MachineServiceRequest, type MachineSortField, type SiteListResult } from '@/lib/machines/schemas';
import { OPEN_STATUSES, SERVICE_CATEGORIES, SERVICE_STATUSES } from '@/lib/serviceRequests/constants';
import { readingDue } from '@/lib/meter/due';
import { canAccess } from '@/lib/permissions/canAccess';
import type { CustomerContext } from '@/lib/server/context';
import { containsPattern, ilikeLiteral } from '@/lib/server/db/like';
import { paginate, totalCount, type PageRow } from '@/lib/server/db/paginate';
import { contracts, machineModels, machines, meterReadings, orders, serviceRequests, shipments } from '@/lib/server/db/schema';
import { orderSummaryColumns } from '@/lib/server/services/orders/listOrders';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import { machineSummaryOf } from '@/lib/server/services/equipment';
import { DAYS_PER_MONTH, lastReadingOf, latestReadings, readingsByMachine, usualDaily } from '@/lib/server/services/meter/machines';
import { usage } from '@/lib/server/services/meter/readings';

/**
 * My machines (docs/machines.md): one place per machine gathering what the other features know about it. Every query
 * starts from the customer of the caller's token: another customer's machine is NOT_FOUND.
 */

/** A site's key: the first 12 hex digits of the md5 of its English address (stable, short enough for a URL). */
const SITE_KEY = sql<string>`substr(md5(${machines.addressEn}), 1, 12)`;

const SORT: Record<MachineSortField, SQL> = {
  serialNo: sql`${machines.serialNo}`,
  model: sql`${machineModels.nameEn}`,
  location: sql`${machines.locationEn}`,
};

function machineQuery(db: Db, where: SQL) {
  return db
    .select({
      id: machines.id,
      serialNo: machines.serialNo,
      modelCode: machines.modelCode,
      modelNameEn: machineModels.nameEn,
      modelNameZh: machineModels.nameZh,
      brand: machineModels.brand,
      category: machineModels.category,
      isColour: machineModels.isColour,
      pagesPerMinute: machineModels.pagesPerMinute,
      locationEn: machines.locationEn,
      locationZh: machines.locationZh,
      addressEn: machines.addressEn,
      addressZh: machines.addressZh,
      siteKey: SITE_KEY,
      status: machines.status,
      installedOn: machines.installedOn,
      tonerContactName: machines.tonerContactName,
      tonerContactPhone: machines.tonerContactPhone,
      contractId: contracts.id,
      contractNo: contracts.contractNo,
      contractType: contracts.contractType,
      contractStart: contracts.startDate,
      contractEnd: contracts.endDate,
      contractStatus: contracts.status,
      __total: totalCount(),
    })
    .from(machines)
    .innerJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
    .leftJoin(contracts, and(eq(contracts.id, machines.contractId), eq(contracts.ucpId, machines.ucpId)))
    .where(where);
}

type Row = PageRow<ReturnType<typeof machineQuery>>;

function whereOf(ucpId: string, filter: ListMachinesBody['filter']): SQL {
  const parts: SQL[] = [eq(machines.ucpId, ucpId)];
  if (filter?.status?.length) parts.push(inArray(machines.status, filter.status));
  if (filter?.site) parts.push(sql`${SITE_KEY} = ${filter.site}`);
  const q = filter?.q?.trim();
  if (q) {
    const p = containsPattern(q);
    parts.push(
      sql`(${ilikeLiteral(machines.serialNo, p)} or ${ilikeLiteral(machines.locationEn, p)} or ${ilikeLiteral(machines.locationZh, p)}
        or ${ilikeLiteral(machines.addressEn, p)} or ${ilikeLiteral(machines.addressZh, p)})`,
    );
  }
  return and(...parts)!;
}

/** The latest toner order of each machine. */
async function lastTonerOrders(db: Db, ucpId: string, machineIds: readonly string[]) {
  if (machineIds.length === 0) return new Map<string, MachineListItem['lastTonerOrder']>();
  const rows = await db
    .selectDistinctOn([orders.machineId], { machineId: orders.machineId, id: orders.id, orderNo: orders.orderNo, status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.ucpId, ucpId), eq(orders.orderType, 'toner'), inArray(orders.machineId, [...machineIds])))
    .orderBy(orders.machineId, desc(orders.createdAt));
  return new Map(rows.map((r) => [r.machineId!, { id: r.id, orderNo: r.orderNo, status: r.status, createdAt: r.createdAt.toISOString() }]));
}

/** Service requests still being worked on, per machine. */
async function openRequestCounts(db: Db, ucpId: string, machineIds: readonly string[]) {
  if (machineIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ machineId: serviceRequests.machineId, n: sql<number>`count(*)::int` })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.ucpId, ucpId), inArray(serviceRequests.machineId, [...machineIds]), inArray(serviceRequests.status, [...OPEN_STATUSES])))
    .groupBy(serviceRequests.machineId);
  return new Map(rows.map((r) => [r.machineId, r.n]));
}

const SERVICE_CODES = ['service_req_read', 'service_req_write'] as const;

/** Rows → list items with the last reading, this period's flag and the last toner order (three queries per page). */
async function toItems(ctx: CustomerContext, rows: readonly Row[]): Promise<MachineListItem[]> {
  const today = hkToday(ctx.now());
  const ids = rows.map((r) => r.id);
  const mayReadRequests = canAccess(ctx.actor.codes, SERVICE_CODES);
  const [latest, toner, open] = await Promise.all([
    latestReadings(ctx.db, ids),
    lastTonerOrders(ctx.db, ctx.actor.ucpId, ids),
    mayReadRequests ? openRequestCounts(ctx.db, ctx.actor.ucpId, ids) : null,
  ]);
  return rows.map((m) => {
    const last = latest.get(m.id) ?? null;
    // The same anchor as the meter screens: the contract's start day, else the installation day.
    const due = m.status === 'active' ? readingDue(m.contractStart ?? m.installedOn ?? `${today.slice(0, 7)}-01`, last?.readingDate ?? null, today) : null;
    return {
      ...machineSummaryOf(m),
      brand: m.brand,
      category: m.category,
      status: m.status,
      siteKey: m.siteKey,
      siteEn: m.addressEn,
      siteZh: m.addressZh,
      contract:
        m.contractId && m.contractNo && m.contractType && m.contractStart && m.contractEnd && m.contractStatus
          ? { id: m.contractId, contractNo: m.contractNo, contractType: m.contractType, startDate: m.contractStart, endDate: m.contractEnd, status: m.contractStatus }
          : null,
      lastReading: lastReadingOf(last),
      readingDueOn: due?.dueOn ?? null,
      dueFlag: due?.flag ?? null,
      lastTonerOrder: toner.get(m.id) ?? null,
      openServiceRequests: open ? (open.get(m.id) ?? 0) : null,
    };
  });
}

export async function listMachines(ctx: CustomerContext, body: ListMachinesBody): Promise<MachineListResult> {
  const sort = body.sort ?? { field: 'serialNo' as const, direction: 'asc' as const };
  const dir = sort.direction === 'desc' ? sql`desc` : sql`asc`;
  // Active machines first, then the chosen order; the serial (unique) keeps pages stable.
  const query = machineQuery(ctx.db, whereOf(ctx.actor.ucpId, body.filter)).orderBy(
    sql`(${machines.status} = 'active') desc`,
    sql`${SORT[sort.field]} ${dir}`,
    asc(machines.serialNo),
  );
  const page = await paginate(query, body, (r) => r);
  return { items: await toItems(ctx, page.items), total: page.total };
}

export async function listSites(ctx: CustomerContext): Promise<SiteListResult> {
  const rows = await ctx.db
    .select({ key: SITE_KEY, addressEn: machines.addressEn, addressZh: sql<string>`min(${machines.addressZh})`, machineCount: sql<number>`count(*)::int` })
    .from(machines)
    .where(eq(machines.ucpId, ctx.actor.ucpId))
    .groupBy(machines.addressEn)
    .orderBy(asc(machines.addressEn));
  return { items: rows };
}

const READINGS_SHOWN = 13;

/** The machine's readings, newest first, with the pages since the one before. */
async function readingsOf(db: Db, machineId: string): Promise<MachineReading[]> {
  const rows = await db
    .select({ id: meterReadings.id, readingDate: meterReadings.readingDate, monoCounter: meterReadings.monoCounter, colourCounter: meterReadings.colourCounter, source: meterReadings.source })
    .from(meterReadings)
    .where(eq(meterReadings.machineId, machineId))
    .orderBy(desc(meterReadings.readingDate))
    .limit(READINGS_SHOWN + 1);
  return rows.slice(0, READINGS_SHOWN).map((r, i) => {
    const prev = rows[i + 1];
    return {
      id: r.id,
      readingDate: r.readingDate,
      monoCounter: r.monoCounter,
      colourCounter: r.colourCounter,
      monoPages: prev ? r.monoCounter - prev.monoCounter : null,
      colourPages: prev ? r.colourCounter - prev.colourCounter : null,
      source: r.source,
    };
  });
}

/** The machine's orders, newest first, with their first item, total and shipments. */
async function ordersOf(db: Db, ucpId: string, machineId: string): Promise<MachineOrder[]> {
  const rows = await db
    .select(orderSummaryColumns)
    .from(orders)
    .where(and(eq(orders.ucpId, ucpId), eq(orders.machineId, machineId)))
    .orderBy(desc(orders.createdAt), asc(orders.orderNo))
    .limit(50);
  const byOrder = new Map<string, MachineOrder['shipments']>(rows.map((r) => [r.id, []]));
  if (rows.length > 0) {
    const ships = await db
      .select({ id: shipments.id, orderId: shipments.orderId, shipmentNo: shipments.shipmentNo, status: shipments.status })
      .from(shipments)
      .where(and(eq(shipments.ucpId, ucpId), inArray(shipments.orderId, rows.map((r) => r.id))))
      .orderBy(asc(shipments.createdAt));
    for (const s of ships) byOrder.get(s.orderId)?.push({ id: s.id, shipmentNo: s.shipmentNo, status: s.status });
  }
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), shipments: byOrder.get(r.id) ?? [] }));
}

/** The machine's service requests, newest first. */
async function requestsOf(db: Db, ucpId: string, machineId: string): Promise<MachineServiceRequest[]> {
  const rows = await db
    .select({
      id: serviceRequests.id,
      reference: serviceRequests.requestNo,
      category: serviceRequests.category,
      status: serviceRequests.status,
      createdAt: serviceRequests.createdAt,
      engineerName: serviceRequests.engineerName,
      etaAt: serviceRequests.etaAt,
      endedAt: sql<Date | null>`greatest(${serviceRequests.resolvedAt}, ${serviceRequests.closedAt}, ${serviceRequests.cancelledAt})`,
    })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.ucpId, ucpId), eq(serviceRequests.machineId, machineId)))
    .orderBy(desc(serviceRequests.createdAt))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    category: SERVICE_CATEGORIES.find((c) => c === r.category) ?? 'other',
    status: SERVICE_STATUSES.find((x) => x === r.status) ?? 'submitted',
    createdAt: r.createdAt.toISOString(),
    engineerName: r.engineerName,
    etaAt: r.etaAt?.toISOString() ?? null,
    endedAt: r.endedAt ? new Date(r.endedAt).toISOString() : null,
  }));
}

const READING_CODES = ['meter_history_read'] as const;
const ORDER_CODES = ['mgt_order_read', 'track_order_read'] as const;

export async function getMachine(ctx: CustomerContext, id: string): Promise<MachineDetail> {
  const [row] = await machineQuery(ctx.db, and(eq(machines.id, id), eq(machines.ucpId, ctx.actor.ucpId))!);
  if (!row) throw new AppError('NOT_FOUND', { message: 'machine not found for this customer' });
  const [item] = await toItems(ctx, [row]);
  const today = hkToday(ctx.now());
  const mayReadReadings = canAccess(ctx.actor.codes, READING_CODES);
  const mayReadOrders = canAccess(ctx.actor.codes, ORDER_CODES);
  const mayReadRequests = canAccess(ctx.actor.codes, SERVICE_CODES);
  const [history, readings, monthly, machineOrders, requests] = await Promise.all([
    readingsByMachine(ctx.db, [id], addDays(today, -366)),
    mayReadReadings ? readingsOf(ctx.db, id) : null,
    mayReadReadings ? usage(ctx, { machineId: id, fromMonth: addMonths(`${today.slice(0, 7)}-01`, -11).slice(0, 7), toMonth: today.slice(0, 7) }) : null,
    mayReadOrders ? ordersOf(ctx.db, ctx.actor.ucpId, id) : null,
    mayReadRequests ? requestsOf(ctx.db, ctx.actor.ucpId, id) : null,
  ]);
  const usual = usualDaily(history.get(id) ?? [], today);
  return {
    ...item!,
    addressEn: row.addressEn,
    addressZh: row.addressZh,
    installedOn: row.installedOn,
    pagesPerMinute: row.pagesPerMinute,
    tonerContactName: row.tonerContactName,
    tonerContactPhone: row.tonerContactPhone,
    usualMonthly: usual && mayReadReadings ? { mono: Math.round(usual.mono * DAYS_PER_MONTH), colour: Math.round(usual.colour * DAYS_PER_MONTH) } : null,
    readings,
    usage: monthly
      ? monthly.months.map((month) => {
          const p = monthly.points.find((x) => x.month === month);
          return { month, mono: p?.mono ?? null, colour: p?.colour ?? null };
        })
      : null,
    orders: machineOrders,
    serviceRequests: requests,
  };
}
