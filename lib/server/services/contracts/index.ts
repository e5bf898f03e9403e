import { and, asc, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { ContractStatus } from '@/lib/contracts/constants';
import type { ContractDetail, ContractEvent, ContractItem, ContractListResult, ContractMachine, ContractSortField, ContractTerms, SchedulePeriod } from '@/lib/contracts/schemas';
import { periodsOf, pricePeriod, type Terms } from '@/lib/contracts/terms';
import { addMonths, daysBetween, hkToday } from '@/lib/dates/hongKong';
import type { CustomerContext } from '@/lib/server/context';
import { containsPattern } from '@/lib/server/db/like';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import { bills, contractEvents, contractRenewals, contracts, machineModels, machines } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { renderContractPdf } from '@/lib/server/pdf/contractPdf';
import { documentParties } from '@/lib/server/services/bills/parties';
import { readingsByMachine, usualDaily } from '@/lib/server/services/meter/machines';
import { firstOr404 } from '@/lib/server/services/common';

type ContractRow = typeof contracts.$inferSelect;

export const termsOf = (c: Pick<ContractRow, 'periodChargeCents' | 'minimumChargeCents' | 'monoRate' | 'colourRate' | 'monoAllowance' | 'colourAllowance'>): Terms & ContractTerms => ({
  periodChargeCents: c.periodChargeCents,
  minimumChargeCents: c.minimumChargeCents,
  monoRate: c.monoRate,
  colourRate: c.colourRate,
  monoAllowance: c.monoAllowance,
  colourAllowance: c.colourAllowance,
});

export function toContractItem(c: ContractRow, serials: string[], today: string): ContractItem {
  const next = c.status === 'active' ? (periodsOf(c).find((p) => p.billDate >= today)?.billDate ?? null) : null;
  return {
    id: c.id,
    contractNo: c.contractNo,
    contractType: c.contractType,
    startDate: c.startDate,
    endDate: c.endDate,
    termMonths: c.termMonths,
    billingFrequency: c.billingFrequency,
    status: c.status,
    ...termsOf(c),
    machineCount: serials.length,
    serials,
    nextBillingDate: next,
  };
}

/** Machines covered by the given contracts. */
export async function machinesOf(db: Db, contractIds: readonly string[]): Promise<Map<string, ContractMachine[]>> {
  const out = new Map<string, ContractMachine[]>(contractIds.map((id) => [id, []]));
  if (contractIds.length === 0) return out;
  const rows = await db
    .select({
      contractId: machines.contractId,
      id: machines.id,
      serialNo: machines.serialNo,
      modelNameEn: machineModels.nameEn,
      modelNameZh: machineModels.nameZh,
      isColour: machineModels.isColour,
      locationEn: machines.locationEn,
      locationZh: machines.locationZh,
    })
    .from(machines)
    .innerJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
    .where(inArray(machines.contractId, [...contractIds]))
    .orderBy(asc(machines.serialNo));
  for (const { contractId, ...m } of rows) out.get(contractId!)?.push(m);
  return out;
}

type ListBody = { page: number; pageSize: number; sort?: { field: ContractSortField; direction: 'asc' | 'desc' }; filter?: { status?: ContractStatus[]; q?: string } };

/** The column each allow-listed sort field orders by: the amount on its numeric column (not the formatted text). */
const CONTRACT_SORT_COLUMNS = {
  contractNo: contracts.contractNo,
  endDate: contracts.endDate,
  startDate: contracts.startDate,
  minimumCharge: contracts.minimumChargeCents,
} as const;

export async function listContracts(ctx: CustomerContext, body: ListBody): Promise<ContractListResult> {
  const today = hkToday(ctx.now());
  const where: SQL[] = [eq(contracts.ucpId, ctx.actor.ucpId)];
  if (body.filter?.status?.length) where.push(inArray(contracts.status, body.filter.status));
  if (body.filter?.q) {
    const pattern = containsPattern(body.filter.q);
    where.push(
      sql`(${contracts.contractNo} ilike ${pattern} or ${exists(ctx.db.select({ one: sql`1` }).from(machines).where(and(eq(machines.contractId, contracts.id), sql`${machines.serialNo} ilike ${pattern}`)))})`,
    );
  }
  const dir = body.sort?.direction === 'asc' ? asc : desc;
  // Equal values keep a stable order whatever the direction (contract number, then id), so pages never overlap.
  const order = body.sort
    ? [dir(CONTRACT_SORT_COLUMNS[body.sort.field]), asc(contracts.contractNo), asc(contracts.id)]
    : [sql`case when ${contracts.status} = 'active' then 0 else 1 end`, asc(contracts.endDate), asc(contracts.id)];
  const q = ctx.db.select({ c: contracts, __total: totalCount() }).from(contracts).where(and(...where)).orderBy(...order);
  const page = await paginate(q, body, (r) => r.c);
  const byContract = await machinesOf(ctx.db, page.items.map((c) => c.id));
  return { total: page.total, items: page.items.map((c) => toContractItem(c, (byContract.get(c.id) ?? []).map((m) => m.serialNo), today)) };
}

/** The contract's billing periods: billed ones with their bill, the others with the amount expected from the machines' usual volume. */
export async function scheduleOf(db: Db, c: ContractRow, machineList: readonly ContractMachine[], today: string): Promise<SchedulePeriod[]> {
  const billed = await db.select({ id: bills.id, billNo: bills.billNo, periodStart: bills.periodStart, amountCents: bills.amountCents }).from(bills).where(eq(bills.contractId, c.id));
  const byStart = new Map(billed.map((b) => [b.periodStart, b]));
  const history = await readingsByMachine(
    db,
    machineList.map((m) => m.id),
    // Two years back, clamped to the month's end: on 29 Feb, "the same day two years ago" is no date (28 Feb).
    addMonths(today, -24),
  );
  const usual = new Map(machineList.map((m) => [m.id, usualDaily(history.get(m.id) ?? [], today)]));
  const terms = termsOf(c);
  return periodsOf(c).map((p): SchedulePeriod => {
    const bill = byStart.get(p.start);
    if (bill) return { periodStart: p.start, periodEnd: p.end, billingDate: p.billDate, state: 'billed', amountCents: bill.amountCents, billId: bill.id, billNo: bill.billNo };
    const days = daysBetween(p.start, p.billDate);
    const expected = pricePeriod(
      terms,
      machineList.map((m) => {
        const u = usual.get(m.id);
        return { machineId: m.id, isColour: m.isColour, mono: Math.round((u?.mono ?? 0) * days), colour: Math.round((u?.colour ?? 0) * days) };
      }),
    ).totalCents;
    const state = p.end < today ? 'not_billed' : p.start <= today ? 'current' : 'upcoming';
    return { periodStart: p.start, periodEnd: p.end, billingDate: p.billDate, state, amountCents: expected, billId: null, billNo: null };
  });
}

export async function contractHistory(db: Db, contractId: string): Promise<ContractEvent[]> {
  const rows = await db
    .select({ id: contractEvents.id, eventType: contractEvents.eventType, at: contractEvents.at, actorName: contractEvents.actorName, renewalNo: contractRenewals.renewalNo, detail: contractEvents.detail })
    .from(contractEvents)
    .leftJoin(contractRenewals, eq(contractRenewals.id, contractEvents.renewalId))
    .where(eq(contractEvents.contractId, contractId))
    .orderBy(desc(contractEvents.at));
  return rows.map((r) => ({
    id: r.id,
    eventType: r.eventType,
    at: r.at.toISOString(),
    actorName: r.actorName,
    renewalNo: r.renewalNo,
    detail: r.detail !== null && typeof r.detail === 'object' && !Array.isArray(r.detail) ? Object.fromEntries(Object.entries(r.detail)) : null,
  }));
}

/** A contract of the caller's customer (another customer's: NOT_FOUND), and the machines it covers. */
export async function ownContract(ctx: CustomerContext, id: string): Promise<{ contract: ContractRow; machines: ContractMachine[] }> {
  const c = await firstOr404(ctx.db.select().from(contracts).where(and(eq(contracts.id, id), eq(contracts.ucpId, ctx.actor.ucpId))));
  const byContract = await machinesOf(ctx.db, [c.id]);
  return { contract: c, machines: byContract.get(c.id) ?? [] };
}

export async function getContract(ctx: CustomerContext, id: string): Promise<ContractDetail> {
  const today = hkToday(ctx.now());
  const { contract, machines: list } = await ownContract(ctx, id);
  const schedule = await scheduleOf(ctx.db, contract, list, today);
  return {
    ...toContractItem(contract, list.map((m) => m.serialNo), today),
    machines: list,
    schedule,
    history: await contractHistory(ctx.db, id),
    billedTotalCents: schedule.filter((p) => p.state === 'billed').reduce((s, p) => s + p.amountCents, 0),
    expectedRemainingCents: schedule.filter((p) => p.state === 'current' || p.state === 'upcoming').reduce((s, p) => s + p.amountCents, 0),
  };
}

export async function contractPdf(ctx: CustomerContext, id: string): Promise<{ fileName: string; contentType: string; body: Buffer }> {
  const detail = await getContract(ctx, id);
  const parties = await documentParties(ctx.db, ctx.actor.ucpId);
  const body = await renderContractPdf(detail, parties, hkToday(ctx.now()));
  return { fileName: `contract-${detail.contractNo}.pdf`, contentType: 'application/pdf', body };
}
