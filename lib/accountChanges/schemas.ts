/**
 * Account-information changes: the zod schema of every form (shared by the browser form and the API), the list and
 * review requests, and the answer types. Client-safe: no server import.
 *
 * Messages are translation keys: `ui.validation.*` (common) or `accountChanges:validation.*` (this feature's
 * namespace), so the form shows the same text whether the browser or the server found the problem.
 */
import { z } from 'zod';
import type { CustomerRef } from '@/lib/customers/schemas';
import { recordIdSchema, uuidSchema, trimBlank, trimHalfWidth } from '@/lib/zodText';
import { HK_PHONE_DIGITS, normalizeHkPhone } from '@/lib/phone';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { enumListFilter, isoDateSchema, listBodySchema, searchTextSchema, type ListFilterOf, type ListResult, dateRangeFilter } from '@/lib/listQuery';
import type { CurrentCustomer } from '@/lib/customer/schemas';
import { msg } from '@/lib/zodMessages';
import { CHANGE_STATUSES, CHANGE_TYPES, REVIEW_ACTIONS, type AttachmentKind, type ChangeStatus, type ChangeType, type ReviewAction } from './constants';

const V = (key: string) => `accountChanges:validation.${key}`;

export const LIMITS = {
  companyNameEn: 200,
  companyNameZh: 100,
  person: 100,
  addressPart: 20,
  building: 100,
  street: 120,
  locationDetail: 100,
  email: 254,
  reason: 500,
  comment: 500,
  maxMachines: 50,
  maxContracts: 20,
  /** An effective / move date lies from today (Hong Kong) up to this many days ahead. */
  maxDaysAhead: 365,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Hong Kong addresses

/** The three regions and the 18 districts of Hong Kong, each district in its region. */
export const HK_REGIONS = ['hong_kong_island', 'kowloon', 'new_territories'] as const;
export type HkRegion = (typeof HK_REGIONS)[number];

export const HK_DISTRICTS_BY_REGION = {
  hong_kong_island: ['central_and_western', 'wan_chai', 'eastern', 'southern'],
  kowloon: ['yau_tsim_mong', 'sham_shui_po', 'kowloon_city', 'wong_tai_sin', 'kwun_tong'],
  new_territories: ['kwai_tsing', 'tsuen_wan', 'tuen_mun', 'yuen_long', 'north', 'tai_po', 'sha_tin', 'sai_kung', 'islands'],
} as const satisfies Record<HkRegion, readonly string[]>;

export const HK_DISTRICTS = [
  ...HK_DISTRICTS_BY_REGION.hong_kong_island,
  ...HK_DISTRICTS_BY_REGION.kowloon,
  ...HK_DISTRICTS_BY_REGION.new_territories,
] as const;
export type HkDistrict = (typeof HK_DISTRICTS)[number];

export const regionOfDistrict = (d: HkDistrict): HkRegion =>
  HK_REGIONS.find((r) => (HK_DISTRICTS_BY_REGION[r] as readonly string[]).includes(d))!;

/** The names the formatted address uses (what a bill prints); the screens translate the codes themselves. */
export const REGION_NAMES: Record<HkRegion, { en: string; zh: string }> = {
  hong_kong_island: { en: 'Hong Kong', zh: '香港' },
  kowloon: { en: 'Kowloon', zh: '九龍' },
  new_territories: { en: 'New Territories', zh: '新界' },
};
export const DISTRICT_NAMES: Record<HkDistrict, { en: string; zh: string }> = {
  central_and_western: { en: 'Central and Western', zh: '中西區' },
  wan_chai: { en: 'Wan Chai', zh: '灣仔' },
  eastern: { en: 'Eastern', zh: '東區' },
  southern: { en: 'Southern', zh: '南區' },
  yau_tsim_mong: { en: 'Yau Tsim Mong', zh: '油尖旺' },
  sham_shui_po: { en: 'Sham Shui Po', zh: '深水埗' },
  kowloon_city: { en: 'Kowloon City', zh: '九龍城' },
  wong_tai_sin: { en: 'Wong Tai Sin', zh: '黃大仙' },
  kwun_tong: { en: 'Kwun Tong', zh: '觀塘' },
  kwai_tsing: { en: 'Kwai Tsing', zh: '葵青' },
  tsuen_wan: { en: 'Tsuen Wan', zh: '荃灣' },
  tuen_mun: { en: 'Tuen Mun', zh: '屯門' },
  yuen_long: { en: 'Yuen Long', zh: '元朗' },
  north: { en: 'North', zh: '北區' },
  tai_po: { en: 'Tai Po', zh: '大埔' },
  sha_tin: { en: 'Sha Tin', zh: '沙田' },
  sai_kung: { en: 'Sai Kung', zh: '西貢' },
  islands: { en: 'Islands', zh: '離島' },
};

/** No NUL or other control characters (these are one-line fields; `multilineText` keeps line breaks). */
const CONTROL = /[\u0000-\u001f\u007f]/;

const text = (max: number) =>
  z
    .string({ error: 'ui.validation.required' })
    .overwrite(trimBlank)
    .max(max, { error: msg('ui.validation.maxLength', { max }) })
    .refine((v) => !CONTROL.test(v), { error: V('noControl') });
const requiredText = (max: number) => text(max).pipe(z.string().min(1, { error: 'ui.validation.required' }));

/** Control characters but the line break: a review's comment or reason is typed in a multi-line box. */
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f]/;

/**
 * Text of a multi-line box: like `text`, with its line breaks kept (a Windows `\r\n` stored as `\n`). A reason on two
 * lines was refused as "special characters" (QA).
 */
const multilineText = (max: number) =>
  z
    .string({ error: 'ui.validation.required' })
    .overwrite((v) => trimBlank(v.replace(/\r\n?/g, '\n')))
    .max(max, { error: msg('ui.validation.maxLength', { max }) })
    .refine((v) => !CONTROL_BUT_NEWLINE.test(v), { error: V('noControl') });

export const hkAddressSchema = z
  .strictObject({
    flat: text(LIMITS.addressPart).default(''),
    floor: text(LIMITS.addressPart).default(''),
    block: text(LIMITS.addressPart).default(''),
    building: text(LIMITS.building).default(''),
    street: requiredText(LIMITS.street),
    district: z.enum(HK_DISTRICTS, { error: V('district') }),
    region: z.enum(HK_REGIONS, { error: V('region') }),
  })
  // Checked whenever both codes are valid, even when another part of the address failed (a wrong type or an unknown
  // key there would otherwise skip the check): every field's problem is reported on the first submission.
  .refine((a) => regionOfDistrict(a.district) === a.region, {
    error: V('districtNotInRegion'),
    path: ['district'],
    when: ({ value }) => {
      const v = (value ?? {}) as { district?: unknown; region?: unknown };
      return (HK_DISTRICTS as readonly unknown[]).includes(v.district) && (HK_REGIONS as readonly unknown[]).includes(v.region);
    },
  });
export type HkAddress = z.output<typeof hkAddressSchema>;
export type HkAddressInput = z.input<typeof hkAddressSchema>;

/** A bare code ("A", "1205") gets its label; anything written out ("Room 1801", "Shop 7", "1205室") stays as written. */
const BARE = /^[A-Za-z0-9]{1,6}$/;
const labelled = (value: string, before: string, after: string) => (BARE.test(value) ? `${before}${value}${after}` : value);
const floorLabelEn = (floor: string) => (/^\d+$/.test(floor) ? `${floor}/F` : floor);
const floorLabelZh = (floor: string) => (/^\d+$/.test(floor) ? `${floor}樓` : floor);

const CJK = /[\u3400-\u9fff]/;

/**
 * One line in English order ("Room 1801, 18/F, Block 2, Building, Street, District, Region") and, when the street or
 * building was written in Chinese, in Chinese order (region, district, street, building, block, floor, flat); an
 * address written in English is printed as written in both languages (a bill never mixes the two orders).
 */
export function formatHkAddress(a: HkAddress): { en: string; zh: string } {
  const en = [a.flat && labelled(a.flat, 'Flat ', ''), a.floor && floorLabelEn(a.floor), a.block && labelled(a.block, 'Block ', ''), a.building, a.street, DISTRICT_NAMES[a.district].en, REGION_NAMES[a.region].en]
    .filter(Boolean)
    .join(', ');
  const zh = [REGION_NAMES[a.region].zh, DISTRICT_NAMES[a.district].zh, a.street, a.building, a.block && labelled(a.block, '', '座'), a.floor && floorLabelZh(a.floor), a.flat && labelled(a.flat, '', '室')]
    .filter(Boolean)
    .join('');
  return { en, zh: CJK.test(`${a.street}${a.building}`) ? zh : en };
}

// ---------------------------------------------------------------------------------------------------------------
// Shared fields

/** Hong Kong phone: 8 digits starting 2–9, optionally written with +852 and spaces or hyphens; stored as 8 digits. */
export const hkPhoneSchema = z
  .string({ error: 'ui.validation.required' })
  .overwrite(trimHalfWidth)
  .min(1, { error: 'ui.validation.required' })
  .max(20, { error: V('phone') })
  .transform(normalizeHkPhone)
  .pipe(z.string().regex(HK_PHONE_DIGITS, { error: V('phone') }));

/**
 * Business registration number: the 8-digit BR number, optionally followed by the certificate's branch and check
 * parts as printed (12345678-000-01-24-6).
 */
export const brNoSchema = z
  .string({ error: 'ui.validation.required' })
  .overwrite(trimHalfWidth)
  .min(1, { error: 'ui.validation.required' })
  .regex(/^\d{8}(-\d{3}-\d{2}-\d{2}-[0-9A-Z])?$/, { error: V('brNo') });

export const emailSchema = z
  .string({ error: 'ui.validation.required' })
  .overwrite(trimHalfWidth)
  .min(1, { error: 'ui.validation.required' })
  .max(LIMITS.email, { error: msg('ui.validation.maxLength', { max: LIMITS.email }) })
  .pipe(z.email({ error: V('email') }));

/** Whether `date` lies from today up to `maxDaysAhead` days ahead (Hong Kong days); `today` is passed for tests. */
export function dateInRange(date: string, today: string = hkToday()): 'past' | 'tooFar' | null {
  if (date < today) return 'past';
  if (date > addDays(today, LIMITS.maxDaysAhead)) return 'tooFar';
  return null;
}

function isRealDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/**
 * An effective or move date: a real date, not before today and at most a year ahead (Hong Kong). Its own range is
 * the one to tell: 1 Jan 2200 is "at most a year ahead", not isoDateSchema's years 1900–2100.
 */
export const futureDateSchema = z
  .string()
  // 'YYYY-MM-DD' is 10 characters: the bound the body caps are computed from (lib/server/api/bodySize.ts).
  .max(10, { error: 'ui.validation.date', abort: true })
  .superRefine((v, ctx) => {
    if (!isRealDate(v)) {
      ctx.addIssue({ code: 'custom', message: 'ui.validation.date' });
      return;
    }
    const problem = dateInRange(v);
    if (problem === 'past') ctx.addIssue({ code: 'custom', message: V('dateInPast') });
    if (problem === 'tooFar') ctx.addIssue({ code: 'custom', message: msg(V('dateTooFar'), { days: LIMITS.maxDaysAhead }) });
  });


const idList = (max: number, emptyKey: string) =>
  z
    .array(uuidSchema)
    .min(1, { error: V(emptyKey) })
    .max(max, { error: msg(V('tooMany'), { max }) })
    .refine((ids) => new Set(ids).size === ids.length, { error: V('duplicate') });

/** Repeated multipart fields, or one field holding a JSON array: both become an array. */
function toArray(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  if (t.startsWith('[')) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return value;
    }
  }
  return t ? [t] : [];
}

/** A "true" / "false" multipart or JSON value. */
function toBoolean(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

export const idempotencyKeySchema = uuidSchema;

// ---------------------------------------------------------------------------------------------------------------
// The six forms (what the browser form holds; the server body adds idempotencyKey)

/** comp_name: the new names, the BR number and when it takes effect; the BR certificate is the upload's file. */
export const companyNameFormSchema = z.strictObject({
  nameEn: requiredText(LIMITS.companyNameEn),
  nameZh: requiredText(LIMITS.companyNameZh),
  brNo: brNoSchema,
  effectiveDate: futureDateSchema,
});

/** bill_addr: the new billing address, who to contact about bills, from when. */
export const billingAddressFormSchema = z.strictObject({
  address: hkAddressSchema,
  contactName: requiredText(LIMITS.person),
  contactPhone: hkPhoneSchema,
  effectiveDate: futureDateSchema,
});

/** machine_loc: which of the customer's machines move, where to, who is on site, the preferred move date. */
export const machineLocationFormSchema = z.strictObject({
  machineIds: idList(LIMITS.maxMachines, 'pickMachine'),
  address: hkAddressSchema,
  locationDetail: text(LIMITS.locationDetail).default(''),
  siteContactName: requiredText(LIMITS.person),
  siteContactPhone: hkPhoneSchema,
  moveDate: futureDateSchema,
});

/** rec_hardcopy: paper bills on or off; e-bills always go to this e-mail. */
export const receiveHardcopyFormSchema = z.strictObject({
  receiveHardcopy: z.preprocess(toBoolean, z.boolean({ error: 'ui.validation.required' })),
  ebillEmail: emailSchema,
});

/** toner_addr: which machines' supplies go to the new delivery address and contact. */
export const tonerAddressFormSchema = z.strictObject({
  machineIds: idList(LIMITS.maxMachines, 'pickMachine'),
  address: hkAddressSchema,
  contactName: requiredText(LIMITS.person),
  contactPhone: hkPhoneSchema,
});

/** trans_agree: which contracts pass to which company, from when; the signed agreement is the upload's file. */
export const transferAgreementFormSchema = z.strictObject({
  contractIds: idList(LIMITS.maxContracts, 'pickContract'),
  transfereeNameEn: requiredText(LIMITS.companyNameEn),
  transfereeNameZh: text(LIMITS.companyNameZh).default(''),
  transfereeBrNo: brNoSchema,
  transfereeContactName: requiredText(LIMITS.person),
  transfereeContactPhone: hkPhoneSchema,
  transfereeEmail: emailSchema,
  effectiveDate: futureDateSchema,
});

export const FORM_SCHEMAS = {
  comp_name: companyNameFormSchema,
  bill_addr: billingAddressFormSchema,
  machine_loc: machineLocationFormSchema,
  rec_hardcopy: receiveHardcopyFormSchema,
  toner_addr: tonerAddressFormSchema,
  trans_agree: transferAgreementFormSchema,
} as const satisfies Record<ChangeType, z.ZodType>;

export type CompanyNameForm = z.input<typeof companyNameFormSchema>;
export type BillingAddressForm = z.input<typeof billingAddressFormSchema>;
export type MachineLocationForm = z.input<typeof machineLocationFormSchema>;
export type ReceiveHardcopyForm = z.input<typeof receiveHardcopyFormSchema>;
export type TonerAddressForm = z.input<typeof tonerAddressFormSchema>;
export type TransferAgreementForm = z.input<typeof transferAgreementFormSchema>;

/** The terms must have been accepted (agreement / agreement-toner page) before anything is submitted. */
const accepted = z.literal(true, { error: V('acceptTerms') });
const termsAccepted = z.preprocess(toBoolean, accepted);

// Server bodies. JSON endpoints:
export const submitBillingAddressSchema = billingAddressFormSchema.extend({ idempotencyKey: idempotencyKeySchema, termsAccepted: accepted });
export const submitMachineLocationSchema = machineLocationFormSchema.extend({ idempotencyKey: idempotencyKeySchema, termsAccepted: accepted });
export const submitReceiveHardcopySchema = receiveHardcopyFormSchema.extend({ idempotencyKey: idempotencyKeySchema, termsAccepted: accepted });
export const submitTonerAddressSchema = tonerAddressFormSchema.extend({ idempotencyKey: idempotencyKeySchema, termsAccepted: accepted });
// Multipart endpoints (every value arrives as a string; the file part is checked separately):
export const submitCompanyNameFieldsSchema = companyNameFormSchema.extend({ idempotencyKey: idempotencyKeySchema, termsAccepted: termsAccepted });
export const submitTransferAgreementFieldsSchema = transferAgreementFormSchema.extend({
  idempotencyKey: idempotencyKeySchema,
  termsAccepted: termsAccepted,
  contractIds: z.preprocess(toArray, idList(LIMITS.maxContracts, 'pickContract')),
});

// ---------------------------------------------------------------------------------------------------------------
// Stored values (typed JSON of change_requests.old_value / new_value), one schema per type

const machineSnapshot = z.object({
  id: z.string(),
  serialNo: z.string(),
  addressEn: z.string(),
  addressZh: z.string(),
  locationEn: z.string(),
  locationZh: z.string(),
  tonerAddressEn: z.string(),
  tonerAddressZh: z.string(),
  tonerContactName: z.string(),
  tonerContactPhone: z.string(),
});
export type MachineSnapshot = z.infer<typeof machineSnapshot>;

const contractSnapshot = z.object({ id: z.string(), contractNo: z.string(), contractType: z.string(), endDate: z.string(), status: z.string() });
export type ContractSnapshot = z.infer<typeof contractSnapshot>;

const formatted = z.object({ addressEn: z.string(), addressZh: z.string() });

export const VALUE_SCHEMAS = {
  comp_name: {
    old: z.object({ nameEn: z.string(), nameZh: z.string(), brNo: z.string().nullable() }),
    new: companyNameFormSchema.extend({ effectiveDate: isoDateSchema }),
  },
  bill_addr: {
    old: z.object({ addressEn: z.string(), addressZh: z.string(), contactName: z.string(), contactPhone: z.string() }),
    new: billingAddressFormSchema.extend({ effectiveDate: isoDateSchema }).extend(formatted.shape),
  },
  machine_loc: {
    old: z.object({ machines: z.array(machineSnapshot) }),
    new: machineLocationFormSchema.extend({ moveDate: isoDateSchema, serialNos: z.array(z.string()) }).extend(formatted.shape),
  },
  rec_hardcopy: {
    old: z.object({ receiveHardcopy: z.boolean(), ebillEmail: z.string() }),
    new: receiveHardcopyFormSchema,
  },
  toner_addr: {
    old: z.object({ machines: z.array(machineSnapshot) }),
    new: tonerAddressFormSchema.extend({ serialNos: z.array(z.string()) }).extend(formatted.shape),
  },
  trans_agree: {
    old: z.object({ contracts: z.array(contractSnapshot) }),
    new: transferAgreementFormSchema.extend({ effectiveDate: isoDateSchema, contractNos: z.array(z.string()) }),
  },
} as const satisfies Record<ChangeType, { old: z.ZodType; new: z.ZodType }>;

export type OldValue<T extends ChangeType> = z.output<(typeof VALUE_SCHEMAS)[T]['old']>;
export type NewValue<T extends ChangeType> = z.output<(typeof VALUE_SCHEMAS)[T]['new']>;

/** A request's values, discriminated by its type (what the API answers). */
export type ChangeValues = { [T in ChangeType]: { type: T; oldValue: OldValue<T>; newValue: NewValue<T> } }[ChangeType];

// ---------------------------------------------------------------------------------------------------------------
// Lists, detail, review

export const CHANGE_SORT_FIELDS = ['requestNo', 'submittedAt', 'status', 'type'] as const;
export type ChangeSortField = (typeof CHANGE_SORT_FIELDS)[number];

/** The filter of the customer's list and of the approval queue (`q`: the reference; in the queue also customer name or UCP id). */
const changeFilter = {
  type: enumListFilter(CHANGE_TYPES),
  status: enumListFilter(CHANGE_STATUSES),
  ...dateRangeFilter(),
  q: searchTextSchema.optional(),
};

export const listRequestsSchema = listBodySchema(CHANGE_SORT_FIELDS, changeFilter);
export type ListRequestsBody = z.input<typeof listRequestsSchema>;
export type ListRequestsFilter = ListFilterOf<typeof listRequestsSchema>;

export const listQueueSchema = listBodySchema(CHANGE_SORT_FIELDS, changeFilter);
export type ListQueueBody = z.input<typeof listQueueSchema>;
export type ListQueueFilter = ListFilterOf<typeof listQueueSchema>;

export const requestIdSchema = recordIdSchema;
export const attachmentIdSchema = z.strictObject({ id: uuidSchema, fileId: uuidSchema });
export const currentValuesSchema = z.strictObject({});

export const transitionSchema = z
  .strictObject({
    id: uuidSchema,
    action: z.enum(REVIEW_ACTIONS),
    /** The reason of a rejection (required, shown to the customer) or a note with any other step. */
    comment: multilineText(LIMITS.comment).default(''),
  })
  .refine((b) => b.action !== 'reject' || b.comment.length > 0, { error: V('reasonRequired'), path: ['comment'] });
export type TransitionBody = z.input<typeof transitionSchema>;

export type ChangeListItem = {
  id: string;
  requestNo: string;
  type: ChangeType;
  status: ChangeStatus;
  channelSource: 'W';
  submittedAt: string;
  submittedByName: string | null;
  reviewerComment: string | null;
  updatedAt: string;
};
/**
 * A row of the customer's own list (`listRequests`). `machineIds`: the machines a machine-location or toner-address
 * request is about; `contractIds`: the contracts a transfer is about ([] for the other types), so a form of that type
 * can mark the machines / contracts an open request holds.
 */
export type CustomerChangeListItem = ChangeListItem & { machineIds: string[]; contractIds: string[] };
export type ChangeListResult = ListResult<CustomerChangeListItem>;

export type QueueItem = ChangeListItem & CustomerRef;
export type QueueResult = ListResult<QueueItem>;

export type ChangeEvent = {
  at: string;
  fromStatus: ChangeStatus | null;
  toStatus: ChangeStatus;
  actorName: string | null;
  /** Whether the provider (staff) took the step; customers see "the provider", not a staff member's name. */
  byProvider: boolean;
  comment: string | null;
};

export type ChangeAttachment = { fileId: string; kind: AttachmentKind; fileName: string; mimeType: string; sizeBytes: number };

export type ChangeDetail = ChangeListItem &
  ChangeValues & {
    effectiveDate: string | null;
    attachments: ChangeAttachment[];
    history: ChangeEvent[];
  };

export type ReviewDetail = ChangeDetail & CustomerRef & {
  /** What the caller may do now (empty without the type's write code). */
  actions: ReviewAction[];
};

export type SubmitResult = { id: string; requestNo: string; status: ChangeStatus; replayed: boolean };
export type TransitionResult = { id: string; status: ChangeStatus };

/** What the forms show beside the new value: the current record, and the machines / contracts to pick from. */
export type CurrentValues = {
  customer: Omit<CurrentCustomer, 'ucpId' | 'isProvider' | 'customerNos'>;
  machines: (MachineSnapshot & { modelNameEn: string; modelNameZh: string; contractNo: string | null })[];
  contracts: ContractSnapshot[];
  /** Types the caller may submit (its `_write` codes). */
  writable: ChangeType[];
};
