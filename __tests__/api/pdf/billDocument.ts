import type { BillDocument } from '@/lib/server/pdf/billPdf';
import type { Party } from '@/lib/server/pdf/parties';
import { paymentInstructions } from '@/lib/server/services/bills/parties';

/** A bill document as the bill download builds it, with the customer given (the PDF tests change only the customer). */
export function billDocument(customer: Partial<Party> = {}): BillDocument {
  const provider: Party = {
    ucpId: 'PROV-1',
    nameEn: 'Harbour Document Solutions Ltd',
    nameZh: '海港文件方案有限公司',
    addressEn: '18/F, 8 Harbour Road, Wan Chai, Hong Kong',
    addressZh: '香港灣仔港灣道8號18樓',
    phone: '2888 8888',
    email: 'billing@example.com',
    brNo: '12345678',
  };
  const party: Party = {
    ucpId: 'UCP-000123',
    nameEn: 'Sea View Trading Ltd',
    nameZh: '海景貿易有限公司',
    addressEn: '6 Wing Yip Street, Kwun Tong, Kowloon',
    addressZh: '九龍觀塘榮業街6號',
    phone: '2123 4567',
    email: 'ap@example.com',
    brNo: null,
    ...customer,
  };
  const usage = (lineNo: number, mono: boolean) => ({
    lineNo,
    lineType: mono ? ('mono_usage' as const) : ('colour_usage' as const),
    descriptionEn: mono ? 'Black and white pages' : 'Colour pages',
    descriptionZh: mono ? '黑白印量' : '彩色印量',
    machineId: null,
    serialNo: 'SN-7788-0042',
    openingReading: 120_345,
    closingReading: 131_020,
    allowance: 3_000,
    billablePages: 7_675,
    rate: mono ? '0.0450' : '0.4500',
    amountCents: mono ? 34_538 : 345_375,
  });
  return {
    provider,
    customer: party,
    instructions: paymentInstructions(provider),
    generatedOn: '2026-03-02',
    bill: {
      id: '00000000-0000-4000-8000-000000000001',
      billNo: 'INV-2026-000123',
      contractId: null,
      contractNo: 'CT-2024-0042',
      periodStart: '2026-02-01',
      periodEnd: '2026-02-28',
      billDate: '2026-03-01',
      dueDate: '2026-03-31',
      amountCents: 409_913,
      paidCents: 0,
      balanceCents: 409_913,
      pendingCents: 0,
      payableCents: 409_913,
      status: 'unpaid',
      statuses: ['unpaid'],
      contract: null,
      billTo: { nameEn: party.nameEn, nameZh: party.nameZh, addressEn: party.addressEn, addressZh: party.addressZh },
      payments: [],
      lines: [
        { lineNo: 1, lineType: 'period_charge', descriptionEn: 'Period charge', descriptionZh: '期費', machineId: null, serialNo: 'SN-7788-0042', openingReading: null, closingReading: null, allowance: null, billablePages: null, rate: null, amountCents: 30_000 },
        usage(2, true),
        usage(3, false),
      ],
    },
  };
}
