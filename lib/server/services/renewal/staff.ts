import { and, asc, count, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { RENEWAL_STATUSES, type OfferStatus, type RenewalStatus } from '@/lib/renewal/constants';
import type { LogFilter, MachineModelOption, OfferItem, OfferListResult, OfferSortField, OfferTerms, OfferValues, RenewalLogDetail, RenewalLogItem, RenewalLogListResult, ReportResult, ReportRow } from '@/lib/renewal/schemas';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { csvFile, formulaSafe } from '@/lib/server/csv';
import { hkDateRange } from '@/lib/server/db/hkDates';
import { containsPattern } from '@/lib/server/db/like';
import { outerColumn, paginate, totalCount, type PageRow } from '@/lib/server/db/paginate';
import { contractRenewals, contracts, customers, machineModels, renewalOffers, userAccounts } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';
import { contractHistory, termsOf } from '@/lib/server/services/contracts';
import { firstOr404, lockVersion } from '@/lib/server/services/common';
import { offerText } from './offer';

type OfferRow = typeof renewalOffers.$inferSelect;

const toOffer = (o: OfferRow, renewalCount: number): OfferItem => ({
  ...offerText(o),
  contractType: o.contractType === null ? null : o.contractType,
  ...termsOf(o),
  termMonths: o.termMonths,
  newModelCode: o.newModelCode,
  validFrom: o.validFrom,
  validTo: o.validTo,
  status: o.status,
  renewalCount,
  updatedAt: o.updatedAt.toISOString(),
});

const renewalCount = sql<number>`(select count(*)::int from ${contractRenewals} where ${contractRenewals.offerId} = ${outerColumn(renewalOffers.id)})`;

type ListOffers = { page: number; pageSize: number; sort?: { field: OfferSortField; direction: 'asc' | 'desc' }; filter?: { status?: OfferStatus[]; q?: string } };

/** The column each allow-listed sort field orders by; the charge on its numeric column, not as text. */
const offerSortColumn = (field: OfferSortField) => (field === 'periodCharge' ? renewalOffers.periodChargeCents : renewalOffers[field]);

export function listOffers(ctx: ServiceContext, body: ListOffers): Promise<OfferListResult> {
  const where: SQL[] = [];
  if (body.filter?.status?.length) where.push(inArray(renewalOffers.status, body.filter.status));
  if (body.filter?.q) {
    const p = containsPattern(body.filter.q);
    where.push(sql`(${renewalOffers.offerCode} ilike ${p} or ${renewalOffers.nameEn} ilike ${p} or ${renewalOffers.nameZh} ilike ${p})`);
  }
  const dir = body.sort?.direction === 'desc' ? desc : asc;
  // Equal values keep a stable order whatever the direction (offer code, then id).
  const primary = body.sort ? dir(offerSortColumn(body.sort.field)) : asc(renewalOffers.status);
  const q = ctx.db
    .select({ o: renewalOffers, n: renewalCount, __total: totalCount() })
    .from(renewalOffers)
    .where(where.length ? and(...where) : undefined)
    .orderBy(primary, asc(renewalOffers.offerCode), asc(renewalOffers.id));
  return paginate(q, body, (r) => toOffer(r.o, r.n));
}

/** One offer as it is now, with its renewal count; 404 when there is none. */
export async function getOffer(ctx: ServiceContext, id: string): Promise<OfferItem> {
  const r = await firstOr404(ctx.db.select({ o: renewalOffers, n: renewalCount }).from(renewalOffers).where(eq(renewalOffers.id, id)));
  return toOffer(r.o, r.n);
}

export async function listModels(ctx: ServiceContext): Promise<MachineModelOption[]> {
  return ctx.db.select({ modelCode: machineModels.modelCode, nameEn: machineModels.nameEn, nameZh: machineModels.nameZh }).from(machineModels).orderBy(asc(machineModels.modelCode));
}

/** Creates or updates an offer, audited (before / after) in the same transaction. */
export async function saveOffer(ctx: ServiceContext, body: { id?: string; version?: string; offer: OfferValues & { contractType: OfferRow['contractType'] } }): Promise<OfferItem> {
  const o = body.offer;
  return inTransaction(ctx, async (tx) => {
    if (o.newModelCode) {
      const [model] = await tx.db.select({ c: machineModels.modelCode }).from(machineModels).where(eq(machineModels.modelCode, o.newModelCode));
      if (!model) throw new AppError('VALIDATION', { fields: { 'newModelCode': ['renewal:offers.unknownModel'] } });
    }
    const [clash] = await tx.db
      .select({ id: renewalOffers.id })
      .from(renewalOffers)
      .where(and(eq(renewalOffers.offerCode, o.offerCode), body.id ? sql`${renewalOffers.id} <> ${body.id}` : undefined));
    const codeTaken = () => new AppError('CONFLICT', { fields: { 'offerCode': ['renewal:offers.codeTaken'] } });
    if (clash) throw codeTaken();
    const values = {
      offerCode: o.offerCode,
      nameEn: o.nameEn,
      nameZh: o.nameZh,
      descriptionEn: o.descriptionEn,
      descriptionZh: o.descriptionZh,
      contractType: o.contractType,
      termMonths: o.termMonths,
      periodChargeCents: o.periodChargeCents,
      minimumChargeCents: o.minimumChargeCents,
      monoRate: o.monoRate,
      colourRate: o.colourRate,
      monoAllowance: o.monoAllowance,
      colourAllowance: o.colourAllowance,
      newModelCode: o.newModelCode || null,
      validFrom: o.validFrom,
      validTo: o.validTo,
      status: o.status,
      updatedAt: ctx.now(),
    };
    if (!body.id) {
      // The unique index decides between two new offers of one code at once (both passed the look above): the second
      // waits for the first and writes nothing, and is refused on its code like any taken code (it was a 500).
      const [row] = await tx.db
        .insert(renewalOffers)
        .values({ ...values, createdAt: ctx.now() })
        .onConflictDoNothing({ target: renewalOffers.offerCode })
        .returning();
      if (!row) throw codeTaken();
      await audit(tx, { action: 'create', entity: 'renewal_offer', entityId: row.id, after: values });
      return toOffer(row, 0);
    }
    if (!body.version) throw new AppError('VALIDATION', { fields: { version: ['ui.validation.invalid'] } });
    const updatedAt = await lockVersion(tx, renewalOffers, renewalOffers, body.id, body.version);
    const before = await firstOr404(tx.db.select().from(renewalOffers).where(eq(renewalOffers.id, body.id)));
    const [row] = await tx.db.update(renewalOffers).set({ ...values, updatedAt }).where(eq(renewalOffers.id, body.id)).returning();
    await audit(tx, { action: 'update', entity: 'renewal_offer', entityId: body.id, before, after: row });
    const [{ n }] = (await tx.db.select({ n: count() }).from(contractRenewals).where(eq(contractRenewals.offerId, body.id))) as [{ n: number }];
    return toOffer(row!, Number(n));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Logs and report

function logWhere(filter: LogFilter | undefined): SQL | undefined {
  const parts: SQL[] = [];
  if (filter?.status?.length) parts.push(inArray(contractRenewals.status, filter.status));
  if (filter?.offerId) parts.push(eq(contractRenewals.offerId, filter.offerId));
  parts.push(...hkDateRange(contractRenewals.submittedAt, filter?.dateFrom, filter?.dateTo));
  if (filter?.q) {
    const p = containsPattern(filter.q);
    parts.push(
      sql`(${contractRenewals.renewalNo} ilike ${p} or ${contracts.contractNo} ilike ${p} or ${customers.nameEn} ilike ${p} or ${customers.nameZh} ilike ${p} or ${customers.ucpId} ilike ${p})`,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

function logQuery(ctx: ServiceContext) {
  return ctx.db
    .select({
      id: contractRenewals.id,
      renewalNo: contractRenewals.renewalNo,
      status: contractRenewals.status,
      ucpId: contractRenewals.ucpId,
      customerNameEn: customers.nameEn,
      customerNameZh: customers.nameZh,
      contractId: contractRenewals.contractId,
      contractNo: contracts.contractNo,
      offerCode: renewalOffers.offerCode,
      offerNameEn: renewalOffers.nameEn,
      offerNameZh: renewalOffers.nameZh,
      submittedAt: contractRenewals.submittedAt,
      submittedByName: sql<string>`coalesce(${userAccounts.name}, '')`,
      currentCostCents: contractRenewals.currentCostCents,
      offerCostCents: contractRenewals.offerCostCents,
      monthsCompared: contractRenewals.monthsCompared,
      terms: contractRenewals.terms,
      newStartDate: contractRenewals.newStartDate,
      newEndDate: contractRenewals.newEndDate,
      __total: totalCount(),
    })
    .from(contractRenewals)
    .innerJoin(contracts, eq(contracts.id, contractRenewals.contractId))
    .innerJoin(customers, eq(customers.ucpId, contractRenewals.ucpId))
    .innerJoin(renewalOffers, eq(renewalOffers.id, contractRenewals.offerId))
    .leftJoin(userAccounts, eq(userAccounts.userAcUuid, contractRenewals.submittedBy));
}

type LogRow = PageRow<ReturnType<typeof logQuery>>;

const toLog = (r: LogRow): RenewalLogItem => ({
  id: r.id,
  renewalNo: r.renewalNo,
  status: r.status,
  ucpId: r.ucpId,
  customerNameEn: r.customerNameEn,
  customerNameZh: r.customerNameZh,
  contractId: r.contractId,
  contractNo: r.contractNo,
  offerCode: r.offerCode,
  offerNameEn: r.offerNameEn,
  offerNameZh: r.offerNameZh,
  submittedAt: r.submittedAt.toISOString(),
  submittedByName: r.submittedByName,
  currentCostCents: r.currentCostCents,
  offerCostCents: r.offerCostCents,
  monthsCompared: r.monthsCompared,
});

type ListLogs = { page: number; pageSize: number; sort?: { field: 'submittedAt' | 'renewalNo'; direction: 'asc' | 'desc' }; filter?: LogFilter };

export function listLogs(ctx: ServiceContext, body: ListLogs): Promise<RenewalLogListResult> {
  const dir = body.sort?.direction === 'asc' ? asc : desc;
  const col = body.sort?.field === 'renewalNo' ? contractRenewals.renewalNo : contractRenewals.submittedAt;
  return paginate(logQuery(ctx).where(logWhere(body.filter)).orderBy(dir(col), desc(contractRenewals.renewalNo)), body, toLog);
}

function termsFromJson(v: unknown): OfferTerms {
  const t = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  const n = (x: unknown) => (typeof x === 'number' ? x : 0);
  const s = (x: unknown) => (typeof x === 'string' ? x : '0');
  return {
    termMonths: n(t.termMonths),
    periodChargeCents: n(t.periodChargeCents),
    minimumChargeCents: n(t.minimumChargeCents),
    monoRate: s(t.monoRate),
    colourRate: s(t.colourRate),
    monoAllowance: n(t.monoAllowance),
    colourAllowance: n(t.colourAllowance),
    newModelCode: typeof t.newModelCode === 'string' ? t.newModelCode : null,
  };
}

export async function getLog(ctx: ServiceContext, id: string): Promise<RenewalLogDetail> {
  const row = await firstOr404(logQuery(ctx).where(eq(contractRenewals.id, id)));
  return { ...toLog(row), terms: termsFromJson(row.terms), newStartDate: row.newStartDate, newEndDate: row.newEndDate, events: await contractHistory(ctx.db, row.contractId) };
}

/**
 * The months a renewal's two costs were priced on: fewer than 12 after a missed reading, 0 with no readings at all.
 * A renewal submitted before the count was stored (null) was shown and priced as 12 months.
 */
const pricedMonths = sql`coalesce(${contractRenewals.monthsCompared}, 12)`;
/**
 * A renewal's cost scaled to 12 months, so that renewals priced on different numbers of months add up under one
 * "12 months" heading; null (left out of the sum) for a renewal with no readings to price.
 */
const yearly = (cents: AnyColumn) => sql`round(${cents} * 12.0 / nullif(${pricedMonths}, 0))`;

export async function report(ctx: ServiceContext, filter: LogFilter | undefined): Promise<ReportResult> {
  const period = sql<string>`to_char(${contractRenewals.submittedAt} at time zone 'Asia/Hong_Kong', 'YYYY-MM')`;
  const rows = await ctx.db
    .select({
      period,
      status: contractRenewals.status,
      offerId: renewalOffers.id,
      offerCode: renewalOffers.offerCode,
      offerNameEn: renewalOffers.nameEn,
      offerNameZh: renewalOffers.nameZh,
      count: sql<number>`count(*)::int`,
      priced: sql<number>`(count(*) filter (where ${pricedMonths} > 0))::int`,
      currentCostCents: sql<number>`coalesce(sum(${yearly(contractRenewals.currentCostCents)}), 0)::bigint`,
      offerCostCents: sql<number>`coalesce(sum(${yearly(contractRenewals.offerCostCents)}), 0)::bigint`,
    })
    .from(contractRenewals)
    .innerJoin(contracts, eq(contracts.id, contractRenewals.contractId))
    .innerJoin(customers, eq(customers.ucpId, contractRenewals.ucpId))
    .innerJoin(renewalOffers, eq(renewalOffers.id, contractRenewals.offerId))
    .where(logWhere(filter))
    .groupBy(period, contractRenewals.status, renewalOffers.id, renewalOffers.offerCode, renewalOffers.nameEn, renewalOffers.nameZh)
    .orderBy(desc(period), asc(renewalOffers.offerCode), asc(contractRenewals.status));
  const out: ReportRow[] = rows.map((r) => ({ ...r, status: r.status, count: Number(r.count), priced: Number(r.priced), currentCostCents: Number(r.currentCostCents), offerCostCents: Number(r.offerCostCents) }));
  const byStatus = Object.fromEntries(RENEWAL_STATUSES.map((s) => [s, 0])) as Record<RenewalStatus, number>;
  for (const r of out) byStatus[r.status] += r.count;
  return { rows: out, totals: { count: out.reduce((s, r) => s + r.count, 0), byStatus } };
}

const HEAD = {
  en: ['Month', 'Status', 'Offer code', 'Offer', 'Renewals', 'Priced on readings', 'Current terms (HK$, scaled to 12 months)', 'Offer terms (HK$, scaled to 12 months)'],
  tc: ['月份', '狀態', '方案編號', '方案', '續約數目', '按讀數計價', '現行條款（港元，折算為12個月）', '方案條款（港元，折算為12個月）'],
} as const;
const STATUS = {
  en: { submitted: 'Submitted', approved: 'Approved', declined: 'Declined', withdrawn: 'Withdrawn' },
  tc: { submitted: '已提交', approved: '已批核', declined: '已拒絕', withdrawn: '已撤回' },
} as const;
const dollars = (c: number) => (c / 100).toFixed(2);

export async function reportCsv(ctx: ServiceContext, filter: LogFilter | undefined, lang: 'en' | 'tc'): Promise<Buffer> {
  const { rows } = await report(ctx, filter);
  const records = rows.map((r) => [r.period, STATUS[lang][r.status], formulaSafe(r.offerCode), formulaSafe(lang === 'tc' ? r.offerNameZh : r.offerNameEn), r.count, r.priced, r.priced ? dollars(r.currentCostCents) : '', r.priced ? dollars(r.offerCostCents) : '']);
  return csvFile(HEAD[lang], records);
}
