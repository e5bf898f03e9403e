import type { BillDetail, BillListItem, BillListResult } from '@/lib/bills/schemas';

export const billItem = (overrides: Partial<BillListItem> = {}): BillListItem => {
  const b = {
  id: '5eed0030-0000-4000-8000-000000001032',
  billNo: 'INV-202611-1032',
  contractId: '5eed0020-0000-4000-8000-000000000001',
  contractNo: 'CT-2024-00118',
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  billDate: '2026-11-01',
  dueDate: '2026-12-01',
  amountCents: 258_706,
  paidCents: 0,
  balanceCents: 258_706,
  status: 'unpaid' as BillListItem['status'],
  ...overrides,
  };
  // Unless given: no slip pending (all of the balance payable) and the main status the only one.
  return { pendingCents: 0, payableCents: b.balanceCents - (b.pendingCents ?? 0), statuses: [b.status], ...b };
};

export const BILLS: BillListItem[] = [
  billItem(),
  billItem({
    id: '5eed0030-0000-4000-8000-000000001031',
    billNo: 'INV-202610-1031',
    periodStart: '2026-09-01',
    periodEnd: '2026-09-30',
    billDate: '2026-10-01',
    dueDate: '2026-10-31',
    amountCents: 262_806,
    balanceCents: 262_806,
    status: 'overdue',
  }),
  billItem({
    id: '5eed0030-0000-4000-8000-000000002012',
    billNo: 'INV-202610-2012',
    contractNo: 'CT-2022-00412',
    amountCents: 172_957,
    paidCents: 100_000,
    balanceCents: 72_957,
    status: 'partly_paid',
  }),
];

export const billList = (items: BillListItem[] = BILLS): BillListResult => ({
  items,
  total: items.length,
  summary: { outstandingCents: 594_469, overdueCents: 262_806, overdueCount: 1, underReviewCents: 0, underReviewCount: 0 },
});

/** The machine and reading fields of a bill line that is not about one machine's usage. */
const NO_MACHINE = {
  machineId: null,
  serialNo: null,
  openingReading: null,
  closingReading: null,
  allowance: null,
  billablePages: null,
  rate: null,
} as const;

export const billDetail = (overrides: Partial<BillDetail> = {}): BillDetail => ({
  ...billItem(),
  contract: { id: '5eed0020-0000-4000-8000-000000000001', contractNo: 'CT-2024-00118', contractType: 'managed_print', billingFrequency: 'monthly' },
  billTo: {
    nameEn: 'Harbour View Trading Company Limited',
    nameZh: '海景貿易有限公司',
    addressEn: 'Unit 1205, 12/F, Wing Yip Industrial Building, 6 Wing Yip Street, Kwun Tong, Kowloon',
    addressZh: '九龍觀塘榮業街6號榮業工業大廈12樓1205室',
  },
  lines: [
    {
      lineNo: 1,
      lineType: 'period_charge',
      descriptionEn: 'Managed print service charge, 2026-10-01 – 2026-10-31',
      descriptionZh: '打印管理服務費（2026-10-01 至 2026-10-31）',
      ...NO_MACHINE,
      amountCents: 185_000,
    },
    {
      lineNo: 2,
      lineType: 'mono_usage',
      descriptionEn: 'Black & white pages, 12/F Reception',
      descriptionZh: '黑白印量（12樓接待處）',
      machineId: '5eed0021-0000-4000-8000-000000000001',
      serialNo: '3C4-512784',
      openingReading: 113_475,
      closingReading: 118_003,
      allowance: 3000,
      billablePages: 1528,
      rate: '0.0450',
      amountCents: 6876,
    },
    {
      lineNo: 3,
      lineType: 'minimum_charge',
      descriptionEn: 'Minimum usage charge top-up',
      descriptionZh: '最低印量收費補足',
      ...NO_MACHINE,
      amountCents: 66_830,
    },
  ],
  payments: [],
  ...overrides,
});
