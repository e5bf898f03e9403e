import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONTRACT_EVENT_TYPES, CONTRACT_TYPES } from '@/lib/contracts/constants';
import { OFFER_STATUSES, OPEN_RENEWAL_STATUSES, RENEWAL_STATUSES } from '@/lib/renewal/constants';
import { customerRef } from './customers';
import { contracts, machineModels } from './equipment';
import { actorRef } from './users';
import { uuidPk, timestamps, eventAt, uuidRef, optionalUuidRef, inList } from './columns';

/**
 * Contract renewal (docs/contracts-and-meters.md): the provider's renewal offers, the customers' renewal requests
 * (with a copy of the terms they chose and the comparison they were shown) and every contract's history.
 */

export const renewalOffers = pgTable(
  'renewal_offers',
  {
    id: uuidPk(),
    offerCode: text('offer_code').notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionZh: text('description_zh').notNull().default(''),
    /** The contract type it renews; null: any. */
    contractType: text('contract_type', { enum: CONTRACT_TYPES }),
    termMonths: integer('term_months').notNull(),
    periodChargeCents: integer('period_charge_cents').notNull().default(0),
    minimumChargeCents: integer('minimum_charge_cents').notNull().default(0),
    monoRate: numeric('mono_rate', { precision: 10, scale: 4 }).notNull(),
    colourRate: numeric('colour_rate', { precision: 10, scale: 4 }).notNull(),
    monoAllowance: integer('mono_allowance').notNull().default(0),
    colourAllowance: integer('colour_allowance').notNull().default(0),
    /** An optional new machine model that comes with the renewal. */
    newModelCode: text('new_model_code').references(() => machineModels.modelCode),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('active'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('renewal_offers_code_uq').on(t.offerCode),
    check('renewal_offers_status_chk', sql`${t.status} in ${inList(OFFER_STATUSES)}`),
    check('renewal_offers_type_chk', sql`${t.contractType} is null or ${t.contractType} in ${inList(CONTRACT_TYPES)}`),
    check('renewal_offers_term_chk', sql`${t.termMonths} between 1 and 120`),
    check('renewal_offers_dates_chk', sql`${t.validTo} >= ${t.validFrom}`),
    check(
      'renewal_offers_money_chk',
      sql`${t.periodChargeCents} >= 0 and ${t.minimumChargeCents} >= 0 and ${t.monoRate} >= 0 and ${t.colourRate} >= 0 and ${t.monoAllowance} >= 0 and ${t.colourAllowance} >= 0`,
    ),
  ],
);

export const contractRenewals = pgTable(
  'contract_renewals',
  {
    id: uuidPk(),
    renewalNo: text('renewal_no').notNull(),
    contractId: uuidRef('contract_id', () => contracts.id, 'restrict'),
    ucpId: customerRef(),
    offerId: uuidRef('offer_id', () => renewalOffers.id, 'restrict'),
    status: text('status', { enum: RENEWAL_STATUSES }).notNull().default('submitted'),
    /** The offer's terms as the customer accepted them (an offer edited later does not change a renewal). */
    terms: jsonb('terms').notNull(),
    /**
     * Last 12 months of actual volumes priced at the current and at the offered terms, as shown to the customer. bigint:
     * a year of counters near their 999,999,999 limit prices past the 2,147,483,647 cents an integer holds (a 500).
     */
    currentCostCents: bigint('current_cost_cents', { mode: 'number' }).notNull(),
    offerCostCents: bigint('offer_cost_cents', { mode: 'number' }).notNull(),
    /** How many of those months had readings (fewer than 12 when a machine's reading was missed); null before 0019. */
    monthsCompared: smallint('months_compared'),
    newStartDate: date('new_start_date', { mode: 'string' }).notNull(),
    newEndDate: date('new_end_date', { mode: 'string' }).notNull(),
    submittedBy: actorRef('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (t) => [
    uniqueIndex('contract_renewals_no_uq').on(t.renewalNo),
    unique('contract_renewals_idempotency_uq').on(t.ucpId, t.idempotencyKey),
    index('contract_renewals_contract_idx').on(t.contractId),
    index('contract_renewals_submitted_idx').on(t.submittedAt),
    // One open (submitted or approved) renewal per contract.
    uniqueIndex('contract_renewals_open_uq').on(t.contractId).where(sql`${t.status} in ${inList(OPEN_RENEWAL_STATUSES)}`),
    check('contract_renewals_status_chk', sql`${t.status} in ${inList(RENEWAL_STATUSES)}`),
    check('contract_renewals_months_chk', sql`${t.monthsCompared} between 0 and 12`),
  ],
);

/** A contract's history: each event with who did it and what (a renewal's events name the renewal). */
export const contractEvents = pgTable(
  'contract_events',
  {
    id: uuidPk(),
    contractId: uuidRef('contract_id', () => contracts.id, 'cascade'),
    ucpId: customerRef(),
    renewalId: optionalUuidRef('renewal_id', () => contractRenewals.id, 'cascade'),
    eventType: text('event_type', { enum: CONTRACT_EVENT_TYPES }).notNull(),
    actorUuid: actorRef('actor_uuid'),
    /** Name of who acted, kept when the account goes. */
    actorName: text('actor_name').notNull().default(''),
    detail: jsonb('detail'),
    at: eventAt(),
  },
  (t) => [
    index('contract_events_contract_idx').on(t.contractId, t.at),
    index('contract_events_renewal_idx').on(t.renewalId),
    check('contract_events_type_chk', sql`${t.eventType} in ${inList(CONTRACT_EVENT_TYPES)}`),
  ],
);
