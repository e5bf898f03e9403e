/** Contract renewal: request schemas and answer types (API lib/server/api/renewal.ts, screens components/renewal, components/admin/renewal). */
import { z } from 'zod';
import type { CustomerRef } from '@/lib/customers/schemas';
import { CONTRACT_TYPES, type ContractType } from '@/lib/contracts/constants';
import type { ContractEvent, ContractTerms } from '@/lib/contracts/schemas';
import { isoDateSchema, listBodySchema, searchStatusFilter, searchTextSchema, type ListFilterOf, type ListResult, enumListFilter, dateRangeFilter } from '@/lib/listQuery';
import { msg, zodMessages } from '@/lib/zodMessages';
import { optionalMoneyCents, versionSchema, trimBlank, trimHalfWidth } from '@/lib/zodText';
import { OFFER_STATUSES, RENEWAL_STATUSES, type OfferStatus, type RenewalStatus } from './constants';
import { LOCALES } from '@/lib/i18n/locales';

const id = z.uuid({ error: 'ui.validation.invalid' });

export type Eligibility = {
  eligible: boolean;
  /** Why not, when not: outside_window (too early), past_deadline, not_active, open_renewal. */
  reason: 'outside_window' | 'past_deadline' | 'not_active' | 'open_renewal' | null;
  windowOpensOn: string;
  noticeDeadline: string;
  /** Days from today to the notice deadline (negative once passed). */
  daysToDeadline: number;
};

/** The contract's renewal in progress; `offerId` marks the chosen offer among the options (the page shows which). */
export type OpenRenewal = { id: string; renewalNo: string; status: RenewalStatus; offerId: string; offerNameEn: string; offerNameZh: string; submittedAt: string };

export type RenewableContract = {
  contractId: string;
  contractNo: string;
  contractType: ContractType;
  startDate: string;
  endDate: string;
  serials: string[];
  eligibility: Eligibility;
  renewal: OpenRenewal | null;
  offerCount: number;
};
export type RenewableResult = { items: RenewableContract[]; today: string };

export type OfferTerms = ContractTerms & { termMonths: number; newModelCode: string | null };

/** An offer with its terms, code, names and descriptions: what the customer's choices and the staff list both show. */
export type NamedOffer = OfferTerms & {
  id: string;
  offerCode: string;
  nameEn: string;
  nameZh: string;
  descriptionEn: string;
  descriptionZh: string;
};

export type OfferOption = NamedOffer & {
  newModelNameEn: string | null;
  newModelNameZh: string | null;
  validTo: string;
  /** The last 12 months of actual volume priced at this offer (billed monthly). */
  offerCostCents: number;
  /** offer − current: negative is a saving. */
  differenceCents: number;
};

export type RenewalOptions = {
  contract: RenewableContract & ContractTerms & { billingFrequency: string; termMonths: number };
  /** Months of actual volume compared (up to 12), and the months' pages in total. */
  monthsCompared: number;
  pages: { mono: number; colour: number };
  currentCostCents: number;
  offers: OfferOption[];
  history: ContractEvent[];
};

export const renewalOptionsSchema = z.strictObject({ contractId: id });

export const submitRenewalSchema = z.strictObject({
  contractId: id,
  offerId: id,
  idempotencyKey: id,
  /** The user ticked "I accept these terms". */
  acceptTerms: z.literal(true, { error: 'renewal:form.acceptRequired' }),
});
export type SubmitRenewalBody = z.input<typeof submitRenewalSchema>;
export type SubmitRenewalResult = { id: string; renewalNo: string; status: RenewalStatus; replayed: boolean };

// ---------------------------------------------------------------------------------------------------------------
// Staff: offers

/** A rate per page: required (an empty box says so, not the format hint), up to 4 decimals. */
/**
 * A rate typed in full-width mode (`０．０４５０`) means the same digits: read half-width (NFKC), as phone numbers and
 * counters are (it was refused with the format hint).
 */
const rateSchema = z
  .string({ error: 'ui.validation.required' })
  .overwrite(trimHalfWidth)
  .min(1, { error: 'ui.validation.required', abort: true })
  .regex(/^\d{1,4}(\.\d{1,4})?$/, { error: 'renewal:offers.rateFormat' });
/** An offer's charges, up to HK$1,000,000; the fields have no asterisk: left empty is none (0, the table's default). */
const chargeSchema = optionalMoneyCents(100_000_000);
/** Pages included, a whole number up to 10,000,000; left empty is none (0, the table's default). */
const pagesSchema = z
  .number({ error: zodMessages.integer })
  .nullable()
  .transform((v) => v ?? 0)
  .pipe(z.number().int({ error: zodMessages.integer }).min(0, { error: zodMessages.min(0) }).max(10_000_000, { error: zodMessages.max('10,000,000') }));
const text = (max: number, required = false) => {
  const base = z
    .string()
    .overwrite(trimBlank)
    .max(max, { error: msg('ui.validation.maxLength', { max }) })
    .refine((s) => !s.includes('\u0000'), { error: 'ui.validation.invalid' });
  return required ? base.refine((s) => s.length > 0, { error: 'ui.validation.required' }) : base;
};

export const offerFieldsSchema = z
  .strictObject({
    /** `RN-RENT-36`: letters, digits and dashes; half-width (NFKC: `ＲＮ－３６` typed in full-width mode), trimmed and upper-cased before it is checked. */
    offerCode: z
      .string()
      .overwrite(trimHalfWidth)
      .toUpperCase()
      .min(1, { error: 'ui.validation.required' })
      .max(30, { error: msg('ui.validation.maxLength', { max: 30 }) })
      .regex(/^[A-Z0-9][A-Z0-9-]*$/, { error: 'renewal:offers.codeFormat' }),
    nameEn: text(120, true),
    nameZh: text(120, true),
    descriptionEn: text(1000),
    descriptionZh: text(1000),
    contractType: z.enum(CONTRACT_TYPES).nullable(),
    termMonths: z.number({ error: zodMessages.integer }).int({ error: zodMessages.integer }).min(1, { error: zodMessages.min(1) }).max(120, { error: zodMessages.max(120) }),
    periodChargeCents: chargeSchema,
    minimumChargeCents: chargeSchema,
    monoRate: rateSchema,
    colourRate: rateSchema,
    monoAllowance: pagesSchema,
    colourAllowance: pagesSchema,
    newModelCode: z.string().overwrite(trimBlank).max(40).nullable(),
    validFrom: isoDateSchema,
    validTo: isoDateSchema,
    status: z.enum(OFFER_STATUSES),
  })
  .refine((o) => o.validTo >= o.validFrom, { path: ['validTo'], error: 'renewal:offers.validToBeforeFrom' });
export type OfferFields = z.input<typeof offerFieldsSchema>;
/** The fields as the schema gives them (an empty charge or page count is 0). */
export type OfferValues = z.output<typeof offerFieldsSchema>;

/** An update names the offer (`id`) and the version (`updatedAt`) its dialog loaded; a create names neither. */
export const saveOfferSchema = z
  .strictObject({ id: id.optional(), version: versionSchema.optional(), offer: offerFieldsSchema })
  .refine((b) => (b.id === undefined) === (b.version === undefined), { path: ['version'], error: zodMessages.invalid });
export type SaveOfferBody = z.input<typeof saveOfferSchema>;

export type OfferItem = NamedOffer & {
  contractType: ContractType | null;
  validFrom: string;
  validTo: string;
  status: OfferStatus;
  renewalCount: number;
  updatedAt: string;
};
export type OfferListResult = ListResult<OfferItem>;

/** Sortable columns of the staff offer list; `periodCharge` is the offer's charge per period (issue 10 minor). */
export const OFFER_SORT_FIELDS = ['offerCode', 'validTo', 'updatedAt', 'periodCharge'] as const;
export type OfferSortField = (typeof OFFER_SORT_FIELDS)[number];
export const listOffersSchema = listBodySchema(OFFER_SORT_FIELDS, searchStatusFilter(OFFER_STATUSES));
export type ListOffersBody = z.input<typeof listOffersSchema>;
export type MachineModelOption = { modelCode: string; nameEn: string; nameZh: string };

// ---------------------------------------------------------------------------------------------------------------
// Staff: logs and report

export const LOG_SORT_FIELDS = ['submittedAt', 'renewalNo'] as const;
export const listLogsSchema = listBodySchema(LOG_SORT_FIELDS, {
  status: enumListFilter(RENEWAL_STATUSES),
  offerId: id.optional(),
  ...dateRangeFilter(),
  q: searchTextSchema.optional(),
});
export type ListLogsBody = z.input<typeof listLogsSchema>;
export type LogFilter = ListFilterOf<typeof listLogsSchema>;

export type RenewalLogItem = CustomerRef & {
  id: string;
  renewalNo: string;
  status: RenewalStatus;
  contractId: string;
  contractNo: string;
  offerCode: string;
  offerNameEn: string;
  offerNameZh: string;
  submittedAt: string;
  submittedByName: string;
  currentCostCents: number;
  offerCostCents: number;
  /** The months of readings the two costs were priced on (fewer than 12 when a reading was missed); null for renewals before it was kept. */
  monthsCompared: number | null;
};
export type RenewalLogListResult = ListResult<RenewalLogItem>;
export type RenewalLogDetail = RenewalLogItem & { terms: OfferTerms; newStartDate: string; newEndDate: string; events: ContractEvent[] };
export const renewalIdSchema = z.strictObject({ id });

export const reportSchema = z.strictObject({ filter: listLogsSchema.shape.filter });
export const reportCsvSchema = z.strictObject({ filter: listLogsSchema.shape.filter, lang: z.enum(LOCALES).default('en') });
export type ReportRow = {
  period: string;
  status: RenewalStatus;
  offerId: string;
  offerCode: string;
  offerNameEn: string;
  offerNameZh: string;
  count: number;
  /** How many of them had readings to price (the rest are left out of the two amounts). */
  priced: number;
  /** The priced renewals' costs, each scaled to 12 months from the months it was priced on, summed. */
  currentCostCents: number;
  offerCostCents: number;
};
export type ReportResult = { rows: ReportRow[]; totals: { count: number; byStatus: Record<RenewalStatus, number> } };
