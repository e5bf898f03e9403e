import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { type ContractType } from '@/lib/contracts/constants';
import { formatHkd, priceMonths } from '@/lib/contracts/terms';
import { formatDate } from '@/lib/i18n/locales';
import { addDays, addMonths, daysBetween, hkToday } from '@/lib/dates/hongKong';
import { lastMonths } from '@/lib/meter/usage';
import { OPEN_RENEWAL_STATUSES, RENEWAL_NOTICE_DAYS, RENEWAL_WINDOW_DAYS } from '@/lib/renewal/constants';
import type { Eligibility, OfferOption, OpenRenewal, RenewableContract, RenewableResult, RenewalOptions, SubmitRenewalResult } from '@/lib/renewal/schemas';
import { inTransaction, type CustomerContext } from '@/lib/server/context';
import { contractEvents, contractRenewals, contracts, inboxDeliveries, inboxMessages, machineModels, renewalOffers, userAccounts } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import { replayedOr } from '@/lib/server/services/common';
import { escapeHtml, sanitizeRichText } from '@/lib/server/sanitize';
import { contractHistory, machinesOf, ownContract, termsOf } from '@/lib/server/services/contracts';
import { readingsByMachine } from '@/lib/server/services/meter/machines';
import { offerText } from './offer';
import { referenceNo } from '@/lib/references';

type ContractRow = typeof contracts.$inferSelect;
type OfferRow = typeof renewalOffers.$inferSelect;

/** The renewal window and notice deadline of a contract on `today` (docs/contracts-and-meters.md). */
export function eligibilityOf(c: Pick<ContractRow, 'status' | 'endDate'>, open: OpenRenewal | null, today: string): Eligibility {
  const windowOpensOn = addDays(c.endDate, -RENEWAL_WINDOW_DAYS);
  const noticeDeadline = addDays(c.endDate, -RENEWAL_NOTICE_DAYS);
  const daysToDeadline = daysBetween(today, noticeDeadline);
  const reason: Eligibility['reason'] =
    c.status !== 'active' ? 'not_active' : open ? 'open_renewal' : today < windowOpensOn ? 'outside_window' : today > noticeDeadline ? 'past_deadline' : null;
  return { eligible: reason === null, reason, windowOpensOn, noticeDeadline, daysToDeadline };
}

async function openRenewals(db: Db, contractIds: readonly string[]): Promise<Map<string, OpenRenewal>> {
  if (contractIds.length === 0) return new Map();
  const rows = await db
    .select({ contractId: contractRenewals.contractId, id: contractRenewals.id, renewalNo: contractRenewals.renewalNo, status: contractRenewals.status, offerId: contractRenewals.offerId, offerNameEn: renewalOffers.nameEn, offerNameZh: renewalOffers.nameZh, submittedAt: contractRenewals.submittedAt })
    .from(contractRenewals)
    .innerJoin(renewalOffers, eq(renewalOffers.id, contractRenewals.offerId))
    .where(and(inArray(contractRenewals.contractId, [...contractIds]), inArray(contractRenewals.status, [...OPEN_RENEWAL_STATUSES])));
  return new Map(rows.map(({ contractId, submittedAt, status, ...r }) => [contractId, { ...r, status, submittedAt: submittedAt.toISOString() }]));
}

/** Offers that apply to a contract today: active, valid today, for its type or any type. */
function applicableOffers(db: Db, contractType: ContractType, today: string) {
  return db
    .select({ o: renewalOffers, modelEn: machineModels.nameEn, modelZh: machineModels.nameZh })
    .from(renewalOffers)
    .leftJoin(machineModels, eq(machineModels.modelCode, renewalOffers.newModelCode))
    .where(and(eq(renewalOffers.status, 'active'), lte(renewalOffers.validFrom, today), gte(renewalOffers.validTo, today), or(isNull(renewalOffers.contractType), eq(renewalOffers.contractType, contractType))))
    .orderBy(asc(renewalOffers.termMonths), asc(renewalOffers.offerCode));
}

/** A contract as the renewal pages show it: its dates, its machines' serial numbers, whether it may be renewed, its open renewal, how many offers apply. */
function renewableOf(c: ContractRow, machines: readonly { serialNo: string }[], renewal: OpenRenewal | null, offerCount: number, today: string): RenewableContract {
  return {
    contractId: c.id,
    contractNo: c.contractNo,
    contractType: c.contractType,
    startDate: c.startDate,
    endDate: c.endDate,
    serials: machines.map((m) => m.serialNo),
    eligibility: eligibilityOf(c, renewal, today),
    renewal,
    offerCount,
  };
}

export async function listRenewable(ctx: CustomerContext): Promise<RenewableResult> {
  const today = hkToday(ctx.now());
  const rows = await ctx.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.ucpId, ctx.actor.ucpId), eq(contracts.status, 'active'), lte(contracts.endDate, addDays(today, RENEWAL_WINDOW_DAYS)), gte(contracts.endDate, today)))
    .orderBy(asc(contracts.endDate));
  const open = await openRenewals(ctx.db, rows.map((c) => c.id));
  const machinesBy = await machinesOf(ctx.db, rows.map((c) => c.id));
  const items: RenewableContract[] = [];
  for (const c of rows) {
    const renewal = open.get(c.id) ?? null;
    const offers = await applicableOffers(ctx.db, c.contractType, today);
    items.push(renewableOf(c, machinesBy.get(c.id) ?? [], renewal, offers.length, today));
  }
  return { items, today };
}

/** The last 12 months of the contract's machines, priced at its terms (its billing frequency) and at each offer (monthly). */
async function comparison(db: Db, c: ContractRow, today: string) {
  const list = (await machinesOf(db, [c.id])).get(c.id) ?? [];
  const readings = await readingsByMachine(
    db,
    list.map((m) => m.id),
    addMonths(today, -14),
  );
  const months = lastMonths(
    list.map((m) => ({ machineId: m.id, isColour: m.isColour, readings: readings.get(m.id) ?? [] })),
    today,
  );
  const pages = months.flat().reduce((s, m) => ({ mono: s.mono + m.mono, colour: s.colour + m.colour }), { mono: 0, colour: 0 });
  return {
    monthsCompared: months.length,
    pages,
    currentCostCents: priceMonths(termsOf(c), c.billingFrequency, months),
    priceOffer: (o: OfferRow) => priceMonths(termsOf(o), 'monthly', months),
  };
}

const offerTerms = (o: OfferRow) => ({ ...termsOf(o), termMonths: o.termMonths, newModelCode: o.newModelCode });

export async function getOptions(ctx: CustomerContext, contractId: string): Promise<RenewalOptions> {
  const today = hkToday(ctx.now());
  const { contract: c, machines: list } = await ownContract(ctx, contractId);
  const open = (await openRenewals(ctx.db, [c.id])).get(c.id) ?? null;
  const cmp = await comparison(ctx.db, c, today);
  const offers = await applicableOffers(ctx.db, c.contractType, today);
  return {
    contract: {
      ...renewableOf(c, list, open, offers.length, today),
      billingFrequency: c.billingFrequency,
      termMonths: c.termMonths,
      ...termsOf(c),
    },
    monthsCompared: cmp.monthsCompared,
    pages: cmp.pages,
    currentCostCents: cmp.currentCostCents,
    offers: offers.map(({ o, modelEn, modelZh }): OfferOption => {
      const cost = cmp.priceOffer(o);
      return {
        ...offerText(o),
        newModelNameEn: modelEn,
        newModelNameZh: modelZh,
        validTo: o.validTo,
        ...offerTerms(o),
        offerCostCents: cost,
        differenceCents: cost - cmp.currentCostCents,
      };
    }),
    history: await contractHistory(ctx.db, c.id),
  };
}

/** RN-YYYY-nnnnnn, the next number of the year (serialised by an advisory lock for the transaction). */
async function nextRenewalNo(db: Db, today: string): Promise<string> {
  const year = today.slice(0, 4);
  await db.execute(sql`select pg_advisory_xact_lock(${0x5eed_11})`);
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(substring(${contractRenewals.renewalNo} from 9)::int), 0)::int` })
    .from(contractRenewals)
    .where(sql`${contractRenewals.renewalNo} like ${`RN-${year}-%`}`);
  return referenceNo('RN', year, (row?.n ?? 0) + 1);
}

/**
 * Submits a renewal (docs/contracts-and-meters.md): eligibility and the offer are checked in the transaction, the
 * renewal stores a copy of the terms and the comparison shown, the contract's history gets the event, and the user
 * gets a confirmation in the inbox. A replayed idempotency key answers the first renewal.
 */
export async function submitRenewal(ctx: CustomerContext, input: { contractId: string; offerId: string; idempotencyKey: string }): Promise<SubmitRenewalResult> {
  return inTransaction(ctx, async (tx) => {
    const replay = async (): Promise<SubmitRenewalResult | null> => {
      const [prior] = await tx.db
        .select({ id: contractRenewals.id, renewalNo: contractRenewals.renewalNo, status: contractRenewals.status })
        .from(contractRenewals)
        .where(and(eq(contractRenewals.ucpId, ctx.actor.ucpId), eq(contractRenewals.idempotencyKey, input.idempotencyKey)));
      return prior ? { id: prior.id, renewalNo: prior.renewalNo, status: prior.status, replayed: true } : null;
    };
    const prior = await replay();
    if (prior) return prior;
    const today = hkToday(ctx.now());
    const { contract: c } = await ownContract(tx, input.contractId);
    const open = (await openRenewals(tx.db, [c.id])).get(c.id) ?? null;
    if (!eligibilityOf(c, open, today).eligible) {
      // The same key may have committed since the first look (a double click): answer that renewal, not a refusal.
      return replayedOr(replay, 'RENEWAL_NOT_ELIGIBLE');
    }
    const offer = (await applicableOffers(tx.db, c.contractType, today)).find((x) => x.o.id === input.offerId);
    if (!offer) throw new AppError('RENEWAL_OFFER_UNAVAILABLE');
    const cmp = await comparison(tx.db, c, today);
    const offerCost = cmp.priceOffer(offer.o);
    const newStartDate = addDays(c.endDate, 1);
    const newEndDate = addDays(addMonths(newStartDate, offer.o.termMonths), -1);
    const renewalNo = await nextRenewalNo(tx.db, today);
    const terms = { offerCode: offer.o.offerCode, nameEn: offer.o.nameEn, nameZh: offer.o.nameZh, ...offerTerms(offer.o) };
    const [row] = await tx.db
      .insert(contractRenewals)
      .values({
        renewalNo,
        contractId: c.id,
        ucpId: ctx.actor.ucpId,
        offerId: offer.o.id,
        status: 'submitted',
        terms,
        currentCostCents: cmp.currentCostCents,
        offerCostCents: offerCost,
        monthsCompared: cmp.monthsCompared,
        newStartDate,
        newEndDate,
        submittedBy: ctx.actor.userAcUuid,
        submittedAt: ctx.now(),
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing()
      .returning({ id: contractRenewals.id });
    // A concurrent submit of the same key (or another renewal of the contract) committed first.
    if (!row) return replayedOr(replay, 'RENEWAL_NOT_ELIGIBLE');
    const [user] = await tx.db.select({ name: userAccounts.name }).from(userAccounts).where(eq(userAccounts.userAcUuid, ctx.actor.userAcUuid));
    await tx.db.insert(contractEvents).values({
      contractId: c.id,
      ucpId: ctx.actor.ucpId,
      renewalId: row.id,
      eventType: 'renewal_submitted',
      actorUuid: ctx.actor.userAcUuid,
      actorName: user?.name ?? '',
      detail: { renewalNo, offerCode: offer.o.offerCode, currentCostCents: cmp.currentCostCents, offerCostCents: offerCost, newStartDate, newEndDate },
      at: ctx.now(),
    });
    // No readings to price (0 months): the confirmation names no costs rather than HK$0.00 for "the last 0 months".
    const priced = cmp.monthsCompared > 0;
    const [message] = await tx.db
      .insert(inboxMessages)
      .values({
        titleEn: `Renewal ${renewalNo} received: contract ${c.contractNo}`,
        titleZh: `已收到續約申請 ${renewalNo}：合約 ${c.contractNo}`,
        bodyEn: sanitizeRichText(
          `<p>Thank you. We have received your renewal of contract <strong>${escapeHtml(c.contractNo)}</strong> with the offer <strong>${escapeHtml(offer.o.nameEn)}</strong> (${escapeHtml(offer.o.offerCode)}).</p>` +
            `<p>New term: ${formatDate(newStartDate, 'en')} to ${formatDate(newEndDate, 'en')} (${offer.o.termMonths} months).${priced ? ` Priced on your ${cmp.monthsCompared === 1 ? 'last month' : `last ${cmp.monthsCompared} months`} of printing: ${formatHkd(offerCost)}, against ${formatHkd(cmp.currentCostCents)} on your current terms.` : ''}</p>` +
            `<p>Reference: ${renewalNo}. Our account manager will contact you to confirm.</p>`,
        ),
        bodyZh: sanitizeRichText(
          `<p>謝謝。我們已收到您以<strong>${escapeHtml(offer.o.nameZh)}</strong>（${escapeHtml(offer.o.offerCode)}）續訂合約 <strong>${escapeHtml(c.contractNo)}</strong> 的申請。</p>` +
            `<p>新合約期：${formatDate(newStartDate, 'tc')} 至 ${formatDate(newEndDate, 'tc')}（${offer.o.termMonths}個月）。${priced ? `按您過去${cmp.monthsCompared}個月的印量計算：${formatHkd(offerCost)}，現行條款則為 ${formatHkd(cmp.currentCostCents)}。` : ''}</p>` +
            `<p>參考編號：${renewalNo}。客戶經理將與您聯絡確認。</p>`,
        ),
        category: 'contract',
        status: 'sent',
        sendTime: ctx.now(),
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning({ id: inboxMessages.id });
    await tx.db.insert(inboxDeliveries).values({ messageId: message!.id, userAcUuid: ctx.actor.userAcUuid, ucpId: ctx.actor.ucpId, sendTime: ctx.now(), deliveredAt: ctx.now() });
    return { id: row.id, renewalNo, status: 'submitted', replayed: false };
  });
}
