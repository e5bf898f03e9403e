import { addDays, hkToday } from '@/lib/dates/hongKong';
import {
  ACTION_FROM,
  allowedActions,
  CHANGE_STATUSES,
  customerReadableTypes,
  customerWritableTypes,
  staffReadableTypes,
  staffWritableTypes,
} from '@/lib/accountChanges/constants';
import {
  billingAddressFormSchema,
  brNoSchema,
  companyNameFormSchema,
  dateInRange,
  formatHkAddress,
  HK_DISTRICTS,
  HK_DISTRICTS_BY_REGION,
  hkAddressSchema,
  hkPhoneSchema,
  machineLocationFormSchema,
  receiveHardcopyFormSchema,
  submitBillingAddressSchema,
  submitTransferAgreementFieldsSchema,
  tonerAddressFormSchema,
  transferAgreementFormSchema,
  transitionSchema,
} from '@/lib/accountChanges/schemas';
import type { z } from 'zod';

const today = hkToday();
const tomorrow = addDays(today, 1);
const address = { flat: 'Room 1801', floor: '18', block: '', building: 'Kwun Tong Harbour Plaza', street: '182 Wai Yip Street', district: 'kwun_tong', region: 'kowloon' };
const id1 = '11111111-1111-4111-8111-111111111111';
const id2 = '22222222-2222-4222-8222-222222222222';

/** The messages zod gives per field path ('' for the root). */
function problems(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const r = schema.safeParse(value);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
}

describe('Hong Kong address', () => {
  it('has the 18 districts, each in exactly one of the three regions', () => {
    expect(HK_DISTRICTS).toHaveLength(18);
    expect(new Set(HK_DISTRICTS).size).toBe(18);
    expect(Object.values(HK_DISTRICTS_BY_REGION).map((d) => d.length)).toEqual([4, 5, 9]);
  });

  it('accepts a full address and formats it in English and Chinese order', () => {
    const parsed = hkAddressSchema.parse(address);
    expect(formatHkAddress(parsed)).toEqual({
      en: 'Room 1801, 18/F, Kwun Tong Harbour Plaza, 182 Wai Yip Street, Kwun Tong, Kowloon',
      zh: 'Room 1801, 18/F, Kwun Tong Harbour Plaza, 182 Wai Yip Street, Kwun Tong, Kowloon',
    });
    const zh = hkAddressSchema.parse({ flat: '1205室', floor: '12', building: '榮業工業大廈', street: '榮業街6號', district: 'kwun_tong', region: 'kowloon' });
    expect(formatHkAddress(zh).zh).toBe('九龍觀塘榮業街6號榮業工業大廈12樓1205室');
    expect(formatHkAddress(hkAddressSchema.parse({ street: '1 Lantau Road', district: 'islands', region: 'new_territories' })).en).toBe('1 Lantau Road, Islands, New Territories');
  });

  it('needs the street, a known district and region, and the district inside the region', () => {
    expect(problems(hkAddressSchema, { ...address, street: '  ' })).toEqual({ street: ['ui.validation.required'] });
    expect(problems(hkAddressSchema, { ...address, district: 'mong_kok' })).toEqual({ district: ['accountChanges:validation.district'] });
    expect(problems(hkAddressSchema, { ...address, region: 'macau' })).toEqual({ region: ['accountChanges:validation.region'] });
    expect(problems(hkAddressSchema, { ...address, region: 'hong_kong_island' })).toEqual({ district: ['accountChanges:validation.districtNotInRegion'] });
  });

  it('reports every field of a form at once: region and district with a too long street, a bad phone and a past date', () => {
    const form = (addr: Record<string, unknown>) => ({ address: { ...address, street: 'x'.repeat(5000), ...addr }, contactName: 'Lee', contactPhone: '1234', effectiveDate: addDays(today, -1) });
    const rest = { contactPhone: ['accountChanges:validation.phone'], effectiveDate: ['accountChanges:validation.dateInPast'] };
    expect(problems(billingAddressFormSchema, form({ region: '', district: '' }))).toEqual({
      'address.street': ['ui.validation.maxLength|{"max":120}'],
      'address.region': ['accountChanges:validation.region'],
      'address.district': ['accountChanges:validation.district'],
      ...rest,
    });
    // A district outside its region is found even when another part of the address is of the wrong type.
    expect(problems(billingAddressFormSchema, form({ region: 'hong_kong_island', flat: 5 }))).toEqual({
      'address.street': ['ui.validation.maxLength|{"max":120}'],
      'address.flat': [expect.any(String)],
      'address.district': ['accountChanges:validation.districtNotInRegion'],
      ...rest,
    });
    for (const schema of [machineLocationFormSchema, tonerAddressFormSchema]) {
      const r = schema.safeParse({ machineIds: [], address: { ...address, street: 'x'.repeat(5000), region: 'hong_kong_island', block: null } });
      const paths = (r.error?.issues ?? []).map((i) => i.path.join('.'));
      expect(paths).toEqual(expect.arrayContaining(['machineIds', 'address.street', 'address.block', 'address.district']));
    }
  });

  it('caps every part and refuses control characters and unknown keys', () => {
    expect(problems(hkAddressSchema, { ...address, flat: 'x'.repeat(21) }).flat).toEqual(['ui.validation.maxLength|{"max":20}']);
    expect(problems(hkAddressSchema, { ...address, building: 'a\u0000b' }).building).toEqual(['accountChanges:validation.noControl']);
    expect(hkAddressSchema.safeParse({ ...address, country: 'HK' }).success).toBe(false);
  });
});

describe('shared fields', () => {
  it('phone: 8 digits from 2 to 9, +852 and spaces allowed, stored bare', () => {
    expect(hkPhoneSchema.parse('+852 2345 6789')).toBe('23456789');
    expect(hkPhoneSchema.parse('9123-4567')).toBe('91234567');
    for (const bad of ['12345678', '2345678', '234567890', 'abcdefgh', '+86 2345 6789']) expect(hkPhoneSchema.safeParse(bad).success).toBe(false);
    expect(problems(hkPhoneSchema, '')).toEqual({ '': ['ui.validation.required'] });
    // A Chinese input method's full-width digits are read as digits; '１２３４５６７８' is refused for its leading 1, and
    // the message says what a Hong Kong number starts with (QA read the refusal as a full-width problem).
    expect(hkPhoneSchema.parse('＋８５２ ９１２３ ４５６７')).toBe('91234567');
    expect(problems(hkPhoneSchema, '１２３４５６７８')).toEqual({ '': ['accountChanges:validation.phone'] });
  });

  it('BR number: 8 digits, optionally with the certificate suffix', () => {
    expect(brNoSchema.safeParse('31845620').success).toBe(true);
    expect(brNoSchema.safeParse('31845620-000-01-24-6').success).toBe(true);
    // Full-width, as a Chinese input method types it (QA: refused as "8 digits").
    expect(brNoSchema.parse('３１８４５６２０')).toBe('31845620');
    for (const bad of ['3184562', '318456201', 'BR318456', '31845620-000']) expect(problems(brNoSchema, bad)).toEqual({ '': ['accountChanges:validation.brNo'] });
  });

  it('dates: from today to a year ahead (Hong Kong)', () => {
    expect(dateInRange('2026-11-24', '2026-11-24')).toBeNull();
    expect(dateInRange('2026-11-23', '2026-11-24')).toBe('past');
    expect(dateInRange('2027-11-24', '2026-11-24')).toBeNull();
    expect(dateInRange('2027-11-25', '2026-11-24')).toBe('tooFar');
    const schema = companyNameFormSchema.shape.effectiveDate;
    expect(schema.safeParse(today).success).toBe(true);
    expect(problems(schema, addDays(today, -1))).toEqual({ '': ['accountChanges:validation.dateInPast'] });
    expect(problems(schema, addDays(today, 366))).toEqual({ '': ['accountChanges:validation.dateTooFar|{"days":365}'] });
    expect(problems(schema, '2026-02-30')).toEqual({ '': ['ui.validation.date'] });
    // A real date far ahead is too far ahead, not "not a valid date" (QA: 1 Jan 2200).
    expect(problems(schema, '2200-01-01')).toEqual({ '': ['accountChanges:validation.dateTooFar|{"days":365}'] });
    expect(problems(schema, '1899-12-31')).toEqual({ '': ['accountChanges:validation.dateInPast'] });
  });
});

describe('the six forms', () => {
  it('company name: both names, BR number, effective date', () => {
    const ok = { nameEn: 'Harbour View Trading (Asia) Limited', nameZh: '海景貿易（亞洲）有限公司', brNo: '31845620', effectiveDate: tomorrow };
    expect(companyNameFormSchema.safeParse(ok).success).toBe(true);
    expect(Object.keys(problems(companyNameFormSchema, { ...ok, nameEn: '', nameZh: ' ', brNo: '1' }))).toEqual(['nameEn', 'nameZh', 'brNo']);
    expect(problems(companyNameFormSchema, { ...ok, nameZh: '字'.repeat(101) }).nameZh).toEqual(['ui.validation.maxLength|{"max":100}']);
  });

  it('billing address: address, contact name and phone, effective date', () => {
    const ok = { address, contactName: 'Lee Ka Yan', contactPhone: '2345 6790', effectiveDate: tomorrow };
    expect(billingAddressFormSchema.parse(ok).contactPhone).toBe('23456790');
    expect(Object.keys(problems(billingAddressFormSchema, { ...ok, contactName: '', contactPhone: '123', effectiveDate: addDays(today, -3) }))).toEqual([
      'contactName',
      'contactPhone',
      'effectiveDate',
    ]);
    expect(Object.keys(problems(billingAddressFormSchema, { ...ok, address: { ...address, street: '' } }))).toEqual(['address.street']);
  });

  it('machine location: at least one machine, no duplicates, site contact, move date', () => {
    const ok = { machineIds: [id1], address, locationDetail: '3/F store room', siteContactName: 'Chan', siteContactPhone: '91234567', moveDate: tomorrow };
    expect(machineLocationFormSchema.safeParse(ok).success).toBe(true);
    expect(problems(machineLocationFormSchema, { ...ok, machineIds: [] }).machineIds).toEqual(['accountChanges:validation.pickMachine']);
    expect(problems(machineLocationFormSchema, { ...ok, machineIds: [id1, id1] }).machineIds).toEqual(['accountChanges:validation.duplicate']);
    expect(problems(machineLocationFormSchema, { ...ok, machineIds: ['not-a-uuid'] })['machineIds.0']).toEqual(['ui.validation.invalid']);
    expect(Object.keys(problems(machineLocationFormSchema, { ...ok, siteContactName: '', moveDate: 'tomorrow' }))).toEqual(['siteContactName', 'moveDate']);
  });

  it('receive hardcopy: on or off, and a valid e-bill e-mail', () => {
    expect(receiveHardcopyFormSchema.parse({ receiveHardcopy: 'false', ebillEmail: ' a@b.hk ' })).toEqual({ receiveHardcopy: false, ebillEmail: 'a@b.hk' });
    expect(problems(receiveHardcopyFormSchema, { receiveHardcopy: true, ebillEmail: 'not-an-email' }).ebillEmail).toEqual(['accountChanges:validation.email']);
    expect(problems(receiveHardcopyFormSchema, { ebillEmail: 'a@b.hk' }).receiveHardcopy).toEqual(['ui.validation.required']);
  });

  it('toner address: machines, address, contact', () => {
    const ok = { machineIds: [id1, id2], address, contactName: 'Chan', contactPhone: '23456789' };
    expect(tonerAddressFormSchema.safeParse(ok).success).toBe(true);
    expect(Object.keys(problems(tonerAddressFormSchema, { ...ok, machineIds: [], contactPhone: '' }))).toEqual(['machineIds', 'contactPhone']);
  });

  it('transfer agreement: contracts, the transferee, effective date; multipart sends contract ids as repeated fields or JSON', () => {
    const ok = {
      contractIds: [id1],
      transfereeNameEn: 'Lung Cheong Supply Chain Limited',
      transfereeNameZh: '',
      transfereeBrNo: '40558812',
      transfereeContactName: 'Ho Mei Ling',
      transfereeContactPhone: '25110399',
      transfereeEmail: 'contracts@lcsupply.example.hk',
      effectiveDate: tomorrow,
    };
    expect(transferAgreementFormSchema.safeParse(ok).success).toBe(true);
    expect(Object.keys(problems(transferAgreementFormSchema, { ...ok, contractIds: [], transfereeBrNo: 'x', transfereeEmail: 'x' }))).toEqual([
      'contractIds',
      'transfereeBrNo',
      'transfereeEmail',
    ]);
    const key = '33333333-3333-4333-8333-333333333333';
    expect(submitTransferAgreementFieldsSchema.parse({ ...ok, contractIds: JSON.stringify([id1, id2]), idempotencyKey: key, termsAccepted: 'true' }).contractIds).toEqual([id1, id2]);
    expect(submitTransferAgreementFieldsSchema.parse({ ...ok, contractIds: id1, idempotencyKey: key, termsAccepted: 'true' }).contractIds).toEqual([id1]);
    expect(problems(submitTransferAgreementFieldsSchema, { ...ok, idempotencyKey: key, termsAccepted: 'false' }).termsAccepted).toEqual(['accountChanges:validation.acceptTerms']);
  });

  it('a submission needs the terms accepted and an idempotency key', () => {
    const body = { address, contactName: 'Lee', contactPhone: '23456790', effectiveDate: tomorrow, idempotencyKey: id1, termsAccepted: true };
    expect(submitBillingAddressSchema.safeParse(body).success).toBe(true);
    expect(Object.keys(problems(submitBillingAddressSchema, { ...body, termsAccepted: false, idempotencyKey: 'x' }))).toEqual(['idempotencyKey', 'termsAccepted']);
  });
});

describe('review', () => {
  it('a rejection needs its reason; other steps take an optional note', () => {
    expect(problems(transitionSchema, { id: id1, action: 'reject' })).toEqual({ comment: ['accountChanges:validation.reasonRequired'] });
    expect(transitionSchema.safeParse({ id: id1, action: 'reject', comment: 'Wrong district' }).success).toBe(true);
    // The reason box is multi-line: its line breaks are kept (a Windows one stored as \n); other control characters are not.
    expect(transitionSchema.parse({ id: id1, action: 'reject', comment: 'Wrong district.\r\nPlease send again. ' }).comment).toBe('Wrong district.\nPlease send again.');
    expect(problems(transitionSchema, { id: id1, action: 'reject', comment: 'Wrong\u0007district' })).toEqual({ comment: ['accountChanges:validation.noControl'] });
    expect(transitionSchema.safeParse({ id: id1, action: 'approve' }).success).toBe(true);
    expect(transitionSchema.safeParse({ id: id1, action: 'delete' }).success).toBe(false);
  });

  it('the state machine: what may be done from each status', () => {
    expect(Object.fromEntries(CHANGE_STATUSES.map((s) => [s, allowedActions(s)]))).toEqual({
      pending: ['start', 'approve', 'reject'],
      inProgress: ['approve', 'reject'],
      approved: ['complete'],
      reject: [],
      completed: [],
    });
    expect(ACTION_FROM.complete).toEqual(['approved']);
  });

  it('codes decide the types: customer read/write, staff apv read/write, credit control reads billing addresses only', () => {
    expect(customerReadableTypes(['ac_chg_bill_addr_read', 'ac_transfer_agreemt_write'])).toEqual(['bill_addr', 'trans_agree']);
    expect(customerWritableTypes(['ac_chg_bill_addr_read', 'ac_transfer_agreemt_write'])).toEqual(['trans_agree']);
    expect(staffReadableTypes(new Set(['apv_chg_bill_addr_read', 'apv_chg_bill_addr_write']))).toEqual(['bill_addr']);
    expect(staffWritableTypes(new Set(['apv_chg_bill_addr_read']))).toEqual([]);
    expect(staffReadableTypes(['cac_chg_bill_addr_read'])).toEqual(['bill_addr']);
    expect(staffWritableTypes(['cac_chg_bill_addr_read'])).toEqual([]);
    expect(staffWritableTypes(['all'])).toHaveLength(6);
  });
});
