import { addDays, addMonths, hkToday } from '@/lib/dates/hongKong';
import { contracts, machineModels, machines, productCompatibility, products } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { DEMO_UCP } from './customers';
import { SEED_TIME } from './users';

/**
 * Demo machines, contracts and the supplies catalogue (docs/data-model.md, docs/demo-data.md). Orders, bills, meter
 * readings and renewals all hang off these rows, so the ids, contract numbers and serials are fixed and exported:
 * other seed modules and tests refer to them by constant, never by looking them up.
 *
 * Reference date of the demo bills: 2026-11-01. Each customer has one contract inside its renewal window whose end
 * date is relative to the day the data is seeded (`SEED_DAY`, see renewalEndOf), so the renewal demo works whenever
 * the portal is installed; the others run well beyond it.
 */

// ---------------------------------------------------------------------------------------------------------------
// Machine models

export const MODEL = {
  apeosC3060: 'FFB-APC3060',
  apeos5570: 'FFB-AP5570',
  canonC3926: 'CAN-DXC3926',
  ricohIm2500: 'RIC-IM2500',
  hpM611: 'HP-M611DN',
} as const;
export type SeedModelCode = (typeof MODEL)[keyof typeof MODEL];

export type SeedMachineModel = typeof machineModels.$inferInsert;

export const SEED_MACHINE_MODELS: readonly SeedMachineModel[] = [
  {
    modelCode: MODEL.apeosC3060,
    brand: 'Fujifilm',
    nameEn: 'Fujifilm Apeos C3060 colour multifunction printer',
    nameZh: '富士膠片 Apeos C3060 彩色多功能打印機',
    category: 'mfp',
    isColour: true,
    pagesPerMinute: 30,
  },
  {
    modelCode: MODEL.apeos5570,
    brand: 'Fujifilm',
    nameEn: 'Fujifilm Apeos 5570 mono multifunction printer',
    nameZh: '富士膠片 Apeos 5570 黑白多功能打印機',
    category: 'mfp',
    isColour: false,
    pagesPerMinute: 55,
  },
  {
    modelCode: MODEL.canonC3926,
    brand: 'Canon',
    nameEn: 'Canon imageRUNNER ADVANCE DX C3926 colour multifunction copier',
    nameZh: '佳能 imageRUNNER ADVANCE DX C3926 彩色多功能影印機',
    category: 'copier',
    isColour: true,
    pagesPerMinute: 26,
  },
  {
    modelCode: MODEL.ricohIm2500,
    brand: 'Ricoh',
    nameEn: 'Ricoh IM 2500 mono multifunction copier',
    nameZh: '理光 IM 2500 黑白多功能影印機',
    category: 'copier',
    isColour: false,
    pagesPerMinute: 25,
  },
  {
    modelCode: MODEL.hpM611,
    brand: 'HP',
    nameEn: 'HP LaserJet Enterprise M611dn mono printer',
    nameZh: 'HP LaserJet Enterprise M611dn 黑白鐳射打印機',
    category: 'printer',
    isColour: false,
    pagesPerMinute: 61,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Products: consumables per model family, generic supplies (no compatibility rows: they fit every machine), and
// equipment / service items that appear on historic orders but cannot be ordered from the toner form.

export type SeedProduct = typeof products.$inferInsert & { fits: readonly SeedModelCode[] };

const hkd = (dollars: number): number => Math.round(dollars * 100);

const toner = (
  productCode: string,
  colour: 'black' | 'cyan' | 'magenta' | 'yellow',
  family: { en: string; zh: string },
  dollars: number,
  fits: readonly SeedModelCode[],
): SeedProduct => {
  const names = {
    black: ['Black', '黑色'],
    cyan: ['Cyan', '青色'],
    magenta: ['Magenta', '洋紅色'],
    yellow: ['Yellow', '黃色'],
  } as const;
  const [en, zh] = names[colour];
  return {
    productCode,
    productType: 'toner',
    descriptionEn: `${en} toner cartridge (${family.en})`,
    descriptionZh: `${zh}碳粉盒（${family.zh}）`,
    unitPriceCents: hkd(dollars),
    // Black runs out roughly three times as fast as each colour, so more of it may be ordered at once.
    maxOrderQty: colour === 'black' ? 6 : 4,
    colour,
    isActive: true,
    fits,
  };
};

const FAMILY = {
  apeosC3060: { en: 'Apeos C3060', zh: 'Apeos C3060' },
  apeos5570: { en: 'Apeos 5570', zh: 'Apeos 5570' },
  canonNpg88: { en: 'Canon NPG-88', zh: '佳能 NPG-88' },
  ricoh2500: { en: 'Ricoh IM 2500', zh: '理光 IM 2500' },
  hp147: { en: 'HP 147A', zh: 'HP 147A' },
} as const;

/** Product codes referenced by other seed modules and tests. */
export const PRODUCT = {
  c3060Black: 'CT203502',
  c3060Cyan: 'CT203503',
  c3060Magenta: 'CT203504',
  c3060Yellow: 'CT203505',
  c3060Drum: 'CT351282',
  c3060Waste: 'CWAA0869',
  a5570Black: 'CT203476',
  a5570Drum: 'CT351285',
  a5570Staples: 'CWAA0952',
  canonBlack: 'NPG-88-BK',
  canonCyan: 'NPG-88-C',
  canonMagenta: 'NPG-88-M',
  canonYellow: 'NPG-88-Y',
  canonDrum: 'CEXV55-DRUM',
  canonWaste: 'FM1-A606',
  ricohBlack: '842347',
  ricohDrum: 'D2472210',
  hpBlack: 'W1470A',
  hpBlackHigh: 'W1470X',
  staplesGeneric: 'STP-5000-3',
  paperA4: 'PAP-A4-80-BOX',
  paperA3: 'PAP-A3-80-BOX',
  finisher: 'EQP-FIN-IN',
  paperTray: 'EQP-HP-550T',
  serviceVisit: 'SVC-PM-VISIT',
  relocation: 'SVC-RELOCATE',
} as const;

const FUJI = [MODEL.apeosC3060, MODEL.apeos5570] as const;

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  toner(PRODUCT.c3060Black, 'black', FAMILY.apeosC3060, 620, [MODEL.apeosC3060]),
  toner(PRODUCT.c3060Cyan, 'cyan', FAMILY.apeosC3060, 1150, [MODEL.apeosC3060]),
  toner(PRODUCT.c3060Magenta, 'magenta', FAMILY.apeosC3060, 1150, [MODEL.apeosC3060]),
  toner(PRODUCT.c3060Yellow, 'yellow', FAMILY.apeosC3060, 1150, [MODEL.apeosC3060]),
  {
    productCode: PRODUCT.c3060Drum,
    productType: 'drum',
    descriptionEn: 'Drum cartridge (Apeos C3060)',
    descriptionZh: '感光鼓（Apeos C3060）',
    unitPriceCents: hkd(1680),
    maxOrderQty: 2,
    colour: null,
    fits: [MODEL.apeosC3060],
  },
  {
    productCode: PRODUCT.c3060Waste,
    productType: 'waste_toner',
    descriptionEn: 'Waste toner box (Apeos C3060)',
    descriptionZh: '廢粉盒（Apeos C3060）',
    unitPriceCents: hkd(180),
    maxOrderQty: 2,
    colour: null,
    fits: [MODEL.apeosC3060],
  },
  toner(PRODUCT.a5570Black, 'black', FAMILY.apeos5570, 780, [MODEL.apeos5570]),
  {
    productCode: PRODUCT.a5570Drum,
    productType: 'drum',
    descriptionEn: 'Drum cartridge (Apeos 5570)',
    descriptionZh: '感光鼓（Apeos 5570）',
    unitPriceCents: hkd(1950),
    maxOrderQty: 2,
    colour: null,
    fits: [MODEL.apeos5570],
  },
  {
    productCode: PRODUCT.a5570Staples,
    productType: 'staples',
    descriptionEn: 'Staple cartridge for Fujifilm finisher, 5,000 staples',
    descriptionZh: '富士膠片裝訂器釘匣（5,000口）',
    unitPriceCents: hkd(240),
    maxOrderQty: 4,
    colour: null,
    fits: FUJI,
  },
  toner(PRODUCT.canonBlack, 'black', FAMILY.canonNpg88, 560, [MODEL.canonC3926]),
  toner(PRODUCT.canonCyan, 'cyan', FAMILY.canonNpg88, 1080, [MODEL.canonC3926]),
  toner(PRODUCT.canonMagenta, 'magenta', FAMILY.canonNpg88, 1080, [MODEL.canonC3926]),
  toner(PRODUCT.canonYellow, 'yellow', FAMILY.canonNpg88, 1080, [MODEL.canonC3926]),
  {
    productCode: PRODUCT.canonDrum,
    productType: 'drum',
    descriptionEn: 'Drum unit C-EXV55 (imageRUNNER ADVANCE DX C3926)',
    descriptionZh: 'C-EXV55 感光鼓組件（imageRUNNER ADVANCE DX C3926）',
    unitPriceCents: hkd(2200),
    maxOrderQty: 2,
    colour: null,
    fits: [MODEL.canonC3926],
  },
  {
    productCode: PRODUCT.canonWaste,
    productType: 'waste_toner',
    descriptionEn: 'Waste toner container (imageRUNNER ADVANCE DX C3926)',
    descriptionZh: '廢粉收集盒（imageRUNNER ADVANCE DX C3926）',
    unitPriceCents: hkd(160),
    maxOrderQty: 2,
    colour: null,
    fits: [MODEL.canonC3926],
  },
  toner(PRODUCT.ricohBlack, 'black', FAMILY.ricoh2500, 420, [MODEL.ricohIm2500]),
  {
    productCode: PRODUCT.ricohDrum,
    productType: 'drum',
    descriptionEn: 'Photoconductor unit (Ricoh IM 2500)',
    descriptionZh: '感光組件（理光 IM 2500）',
    unitPriceCents: hkd(1380),
    maxOrderQty: 2,
    colour: null,
    fits: [MODEL.ricohIm2500],
  },
  toner(PRODUCT.hpBlack, 'black', FAMILY.hp147, 1580, [MODEL.hpM611]),
  {
    ...toner(PRODUCT.hpBlackHigh, 'black', { en: 'HP 147X high yield', zh: 'HP 147X 高容量' }, 2380, [MODEL.hpM611]),
    maxOrderQty: 4,
  },
  {
    productCode: PRODUCT.staplesGeneric,
    productType: 'staples',
    descriptionEn: 'Standard staple refill, 3 × 5,000',
    descriptionZh: '通用釘書釘補充裝（3 × 5,000口）',
    unitPriceCents: hkd(280),
    maxOrderQty: 4,
    colour: null,
    fits: [],
  },
  {
    productCode: PRODUCT.paperA4,
    productType: 'paper',
    descriptionEn: 'A4 copy paper 80 gsm, box of 5 reams (2,500 sheets)',
    descriptionZh: 'A4 影印紙 80克，每箱5令（2,500張）',
    unitPriceCents: hkd(195),
    maxOrderQty: 20,
    colour: null,
    fits: [],
  },
  {
    productCode: PRODUCT.paperA3,
    productType: 'paper',
    descriptionEn: 'A3 copy paper 80 gsm, box of 5 reams (2,500 sheets)',
    descriptionZh: 'A3 影印紙 80克，每箱5令（2,500張）',
    unitPriceCents: hkd(345),
    maxOrderQty: 10,
    colour: null,
    fits: [],
  },
  {
    productCode: PRODUCT.finisher,
    productType: 'equipment',
    descriptionEn: 'Inner finisher with stapling (Apeos series), supply and installation',
    descriptionZh: 'Apeos 系列內置裝訂器（連安裝）',
    unitPriceCents: hkd(6800),
    maxOrderQty: 1,
    colour: null,
    fits: FUJI,
  },
  {
    productCode: PRODUCT.paperTray,
    productType: 'equipment',
    descriptionEn: '550-sheet paper feeder (LaserJet Enterprise M611)',
    descriptionZh: '550張進紙匣（LaserJet Enterprise M611）',
    unitPriceCents: hkd(2450),
    maxOrderQty: 2,
    colour: null,
    fits: [MODEL.hpM611],
  },
  {
    productCode: PRODUCT.serviceVisit,
    productType: 'service',
    descriptionEn: 'Preventive maintenance visit (on-site, 2 hours)',
    descriptionZh: '預防性保養上門服務（2小時）',
    unitPriceCents: hkd(880),
    maxOrderQty: 1,
    colour: null,
    fits: [],
  },
  {
    productCode: PRODUCT.relocation,
    productType: 'service',
    descriptionEn: 'Machine relocation within the same building',
    descriptionZh: '同一大廈內搬遷機器',
    unitPriceCents: hkd(1500),
    maxOrderQty: 1,
    colour: null,
    fits: [],
  },
];

/** Product types the customer may order from the toner/supplies form; equipment and service go through sales. */
export const ORDERABLE_PRODUCT_TYPES = ['toner', 'drum', 'waste_toner', 'staples', 'paper'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Contracts

const contractId = (n: number): string => `5eed0020-0000-4000-8000-${String(n).padStart(12, '0')}`;
const machineId = (n: number): string => `5eed0021-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Fixed contract ids (bills, meter readings and renewals refer to them). */
export const CONTRACT_ID = {
  hvManagedPrint: contractId(1),
  hvRental: contractId(2),
  lcLease: contractId(3),
  lcMaintenance: contractId(4),
  lcMaintenanceOld: contractId(5),
  srRental: contractId(6),
  srMaintenance: contractId(7),
  hvLeaseOld: contractId(8),
  srRentalOld: contractId(9),
} as const;

export const CONTRACT_NO = {
  hvManagedPrint: 'CT-2024-00118',
  hvRental: 'CT-2022-00412',
  lcLease: 'CT-2023-00275',
  lcMaintenance: 'CT-2025-00031',
  lcMaintenanceOld: 'CT-2021-00188',
  srRental: 'CT-2024-00530',
  srMaintenance: 'CT-2025-00207',
  hvLeaseOld: 'CT-2019-00077',
  srRentalOld: 'CT-2020-00311',
} as const;

export type SeedContract = typeof contracts.$inferInsert & { id: string };

/** The day the demo data is seeded (Hong Kong): dates that must stay current (renewal windows) are counted from it. */
export const SEED_DAY = hkToday();

/**
 * The end date of a demo contract that should be inside its renewal window on the seed day: the first date on or
 * after `seedDay + minDays` that closes a contract month (the day before the start date's day of the month), so its
 * periods stay whole. With minDays 45–60 the end is 45–91 days away: inside the 90-day window (or on its first
 * day) and at least 15 days before the notice deadline (docs/contracts-and-meters.md).
 */
export function renewalEndOf(startDate: string, minDays: number, seedDay: string = SEED_DAY): string {
  const earliest = addDays(seedDay, minDays);
  const monthsFromStart = (Number(earliest.slice(0, 4)) - Number(startDate.slice(0, 4))) * 12 + Number(earliest.slice(5, 7)) - Number(startDate.slice(5, 7));
  for (let k = monthsFromStart; ; k += 1) {
    const end = addDays(addMonths(startDate, k), -1);
    if (end >= earliest) return end;
  }
}

/** Whole months from `startDate` to the day after `endDate`. */
export function termMonthsOf(startDate: string, endDate: string): number {
  const after = addDays(endDate, 1);
  return (Number(after.slice(0, 4)) - Number(startDate.slice(0, 4))) * 12 + Number(after.slice(5, 7)) - Number(startDate.slice(5, 7));
}

/** The contracts inside their renewal window on the seed day: start (fixed: bills, history) and days to the earliest end. */
export const RENEWING_CONTRACTS = {
  hvRental: { startDate: '2022-01-01', minDays: 60 },
  lcMaintenance: { startDate: '2025-01-21', minDays: 55 },
  srRental: { startDate: '2024-01-15', minDays: 45 },
} as const;

const renewing = (key: keyof typeof RENEWING_CONTRACTS) => {
  const { startDate, minDays } = RENEWING_CONTRACTS[key];
  const endDate = renewalEndOf(startDate, minDays);
  return { startDate, endDate, termMonths: termMonthsOf(startDate, endDate) };
};

export const SEED_CONTRACTS: readonly SeedContract[] = [
  // Harbour View: a managed-print contract for the colour and the mono MFP, and an old rental for the printer that
  // ends 60–91 days after the seed day (inside its renewal window: the renewal card).
  {
    id: CONTRACT_ID.hvManagedPrint,
    ucpId: DEMO_UCP.harbourView,
    contractNo: CONTRACT_NO.hvManagedPrint,
    contractType: 'managed_print',
    startDate: '2024-03-01',
    endDate: '2029-02-28',
    termMonths: 60,
    billingFrequency: 'monthly',
    periodChargeCents: hkd(1850),
    minimumChargeCents: hkd(600),
    monoRate: '0.0450',
    colourRate: '0.4500',
    monoAllowance: 3000,
    colourAllowance: 500,
    status: 'active',
    // Service level of the managed-print contract: an engineer within 4 business hours (docs/service-requests.md);
    // the other contracts keep the standard 8.
    responseHours: 4,
  },
  {
    id: CONTRACT_ID.hvRental,
    ucpId: DEMO_UCP.harbourView,
    contractNo: CONTRACT_NO.hvRental,
    contractType: 'rental',
    ...renewing('hvRental'),
    billingFrequency: 'quarterly',
    periodChargeCents: hkd(1260),
    minimumChargeCents: 0,
    monoRate: '0.0380',
    colourRate: '0',
    monoAllowance: 4500,
    colourAllowance: 0,
    status: 'active',
  },
  // Lung Cheong: a lease for the head-office copiers, a maintenance contract for the warehouse printers ending
  // 55–85 days after the seed day (renewal card), and the maintenance contract it replaced (bill history only).
  {
    id: CONTRACT_ID.lcLease,
    ucpId: DEMO_UCP.lungCheong,
    contractNo: CONTRACT_NO.lcLease,
    contractType: 'lease',
    startDate: '2023-07-01',
    endDate: '2028-06-30',
    termMonths: 60,
    billingFrequency: 'monthly',
    periodChargeCents: hkd(3200),
    minimumChargeCents: hkd(800),
    monoRate: '0.0420',
    colourRate: '0.4200',
    monoAllowance: 5000,
    colourAllowance: 1000,
    status: 'active',
  },
  {
    id: CONTRACT_ID.lcMaintenance,
    ucpId: DEMO_UCP.lungCheong,
    contractNo: CONTRACT_NO.lcMaintenance,
    contractType: 'maintenance',
    ...renewing('lcMaintenance'),
    billingFrequency: 'quarterly',
    periodChargeCents: 0,
    minimumChargeCents: hkd(450),
    monoRate: '0.0500',
    colourRate: '0',
    monoAllowance: 0,
    colourAllowance: 0,
    status: 'active',
  },
  {
    id: CONTRACT_ID.lcMaintenanceOld,
    ucpId: DEMO_UCP.lungCheong,
    contractNo: CONTRACT_NO.lcMaintenanceOld,
    contractType: 'maintenance',
    startDate: '2021-01-21',
    endDate: '2025-01-20',
    termMonths: 48,
    billingFrequency: 'quarterly',
    periodChargeCents: 0,
    minimumChargeCents: hkd(400),
    monoRate: '0.0550',
    colourRate: '0',
    monoAllowance: 0,
    colourAllowance: 0,
    status: 'renewed',
  },
  // Sunrise Dental: a rental of the reception colour MFP ending 45–75 days after the seed day (renewal card, with a
  // renewal already submitted: seedData/renewal.ts) and a maintenance contract for the printer in the surgery.
  {
    id: CONTRACT_ID.srRental,
    ucpId: DEMO_UCP.sunrise,
    contractNo: CONTRACT_NO.srRental,
    contractType: 'rental',
    ...renewing('srRental'),
    billingFrequency: 'monthly',
    periodChargeCents: hkd(980),
    minimumChargeCents: 0,
    monoRate: '0.0480',
    colourRate: '0.4800',
    monoAllowance: 1000,
    colourAllowance: 300,
    status: 'active',
  },
  {
    id: CONTRACT_ID.srMaintenance,
    ucpId: DEMO_UCP.sunrise,
    contractNo: CONTRACT_NO.srMaintenance,
    contractType: 'maintenance',
    startDate: '2025-06-01',
    endDate: '2028-05-31',
    termMonths: 36,
    billingFrequency: 'quarterly',
    periodChargeCents: 0,
    minimumChargeCents: hkd(300),
    monoRate: '0.0520',
    colourRate: '0',
    monoAllowance: 0,
    colourAllowance: 0,
    status: 'active',
  },
  // History only (no bills in the demo window, no machines now): Harbour View's lease that ran out before the
  // managed-print contract, and Sunrise's first rental, ended early when the clinic moved.
  {
    id: CONTRACT_ID.hvLeaseOld,
    ucpId: DEMO_UCP.harbourView,
    contractNo: CONTRACT_NO.hvLeaseOld,
    contractType: 'lease',
    startDate: '2019-03-01',
    endDate: '2023-02-28',
    termMonths: 48,
    billingFrequency: 'monthly',
    periodChargeCents: hkd(2100),
    minimumChargeCents: hkd(500),
    monoRate: '0.0500',
    colourRate: '0.5000',
    monoAllowance: 2500,
    colourAllowance: 400,
    status: 'expired',
  },
  {
    id: CONTRACT_ID.srRentalOld,
    ucpId: DEMO_UCP.sunrise,
    contractNo: CONTRACT_NO.srRentalOld,
    contractType: 'rental',
    startDate: '2020-06-01',
    endDate: '2023-05-31',
    termMonths: 60,
    billingFrequency: 'monthly',
    periodChargeCents: hkd(880),
    minimumChargeCents: 0,
    monoRate: '0.0520',
    colourRate: '0.5200',
    monoAllowance: 800,
    colourAllowance: 200,
    status: 'terminated',
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Machines

/** Fixed machine ids (orders, bill lines and meter readings refer to them). */
export const MACHINE_ID = {
  hvColour: machineId(1),
  hvMono: machineId(2),
  hvPrinter: machineId(3),
  lcColour: machineId(4),
  lcMonoOffice: machineId(5),
  lcMonoWarehouse: machineId(6),
  lcPrinter: machineId(7),
  srColour: machineId(8),
  srPrinter: machineId(9),
} as const;

export const MACHINE_SERIAL = {
  hvColour: '3C4-512784',
  hvMono: '3B7-209156',
  hvPrinter: 'JPBCN8K1Q7',
  lcColour: '2ZP04518',
  lcMonoOffice: '3101R820347',
  lcMonoWarehouse: '3101R820912',
  lcPrinter: 'JPBCN9F2M4',
  srColour: '3C4-530611',
  srPrinter: 'JPBCP1D0X3',
} as const;

export type SeedMachine = typeof machines.$inferInsert & { id: string };

const ADDR = {
  hv: {
    en: 'Unit 1205, 12/F, Wing Yip Industrial Building, 6 Wing Yip Street, Kwun Tong, Kowloon',
    zh: '九龍觀塘榮業街6號榮業工業大廈12樓1205室',
  },
  lcOffice: {
    en: 'Room 2301, 23/F, Wing Fat Commercial Centre, 88 Hennessy Road, Wan Chai, Hong Kong',
    zh: '香港灣仔軒尼詩道88號永發商業中心23樓2301室',
  },
  lcWarehouse: {
    en: 'Unit B, 5/F, Kwai Chung Cargo Centre, 38 Kwai Fung Crescent, Kwai Chung, New Territories',
    zh: '新界葵涌葵豐街38號葵涌貨運中心5樓B室',
  },
  sr: {
    en: 'Shop 7, 3/F, Carnarvon Plaza, 20 Carnarvon Road, Tsim Sha Tsui, Kowloon',
    zh: '九龍尖沙咀加拿分道20號加拿分廣場3樓7號舖',
  },
} as const;

export const SEED_MACHINES: readonly SeedMachine[] = [
  {
    id: MACHINE_ID.hvColour,
    ucpId: DEMO_UCP.harbourView,
    contractId: CONTRACT_ID.hvManagedPrint,
    serialNo: MACHINE_SERIAL.hvColour,
    modelCode: MODEL.apeosC3060,
    locationEn: '12/F Reception',
    locationZh: '12樓接待處',
    addressEn: ADDR.hv.en,
    addressZh: ADDR.hv.zh,
    tonerAddressEn: ADDR.hv.en,
    tonerAddressZh: ADDR.hv.zh,
    tonerContactName: 'Chan Tai Man',
    tonerContactPhone: '+852 2345 6789',
    installedOn: '2024-03-08',
    status: 'active',
  },
  {
    id: MACHINE_ID.hvMono,
    ucpId: DEMO_UCP.harbourView,
    contractId: CONTRACT_ID.hvManagedPrint,
    serialNo: MACHINE_SERIAL.hvMono,
    modelCode: MODEL.apeos5570,
    locationEn: '12/F General Office, beside pantry',
    locationZh: '12樓綜合辦公室（茶水間旁）',
    addressEn: ADDR.hv.en,
    addressZh: ADDR.hv.zh,
    tonerAddressEn: ADDR.hv.en,
    tonerAddressZh: ADDR.hv.zh,
    tonerContactName: 'Lee Ka Yan',
    tonerContactPhone: '+852 2345 6790',
    installedOn: '2024-03-08',
    status: 'active',
  },
  {
    id: MACHINE_ID.hvPrinter,
    ucpId: DEMO_UCP.harbourView,
    contractId: CONTRACT_ID.hvRental,
    serialNo: MACHINE_SERIAL.hvPrinter,
    modelCode: MODEL.hpM611,
    locationEn: '12/F Accounts Department',
    locationZh: '12樓會計部',
    addressEn: ADDR.hv.en,
    addressZh: ADDR.hv.zh,
    tonerAddressEn: ADDR.hv.en,
    tonerAddressZh: ADDR.hv.zh,
    tonerContactName: 'Chan Tai Man',
    tonerContactPhone: '+852 2345 6789',
    installedOn: '2022-01-10',
    status: 'active',
  },
  {
    id: MACHINE_ID.lcColour,
    ucpId: DEMO_UCP.lungCheong,
    contractId: CONTRACT_ID.lcLease,
    serialNo: MACHINE_SERIAL.lcColour,
    modelCode: MODEL.canonC3926,
    locationEn: '23/F Main Office, copy room',
    locationZh: '23樓總辦事處影印室',
    addressEn: ADDR.lcOffice.en,
    addressZh: ADDR.lcOffice.zh,
    tonerAddressEn: ADDR.lcOffice.en,
    tonerAddressZh: ADDR.lcOffice.zh,
    tonerContactName: 'Wong Siu Ming',
    tonerContactPhone: '+852 2511 0388',
    installedOn: '2023-07-12',
    status: 'active',
  },
  {
    id: MACHINE_ID.lcMonoOffice,
    ucpId: DEMO_UCP.lungCheong,
    contractId: CONTRACT_ID.lcLease,
    serialNo: MACHINE_SERIAL.lcMonoOffice,
    modelCode: MODEL.ricohIm2500,
    locationEn: '23/F Customer Service counter',
    locationZh: '23樓客戶服務櫃檯',
    addressEn: ADDR.lcOffice.en,
    addressZh: ADDR.lcOffice.zh,
    tonerAddressEn: ADDR.lcOffice.en,
    tonerAddressZh: ADDR.lcOffice.zh,
    tonerContactName: 'Wong Siu Ming',
    tonerContactPhone: '+852 2511 0388',
    installedOn: '2023-07-12',
    status: 'active',
  },
  {
    id: MACHINE_ID.lcMonoWarehouse,
    ucpId: DEMO_UCP.lungCheong,
    contractId: CONTRACT_ID.lcMaintenance,
    serialNo: MACHINE_SERIAL.lcMonoWarehouse,
    modelCode: MODEL.ricohIm2500,
    locationEn: '5/F Warehouse dispatch office',
    locationZh: '5樓貨倉發貨辦公室',
    addressEn: ADDR.lcWarehouse.en,
    addressZh: ADDR.lcWarehouse.zh,
    tonerAddressEn: ADDR.lcWarehouse.en,
    tonerAddressZh: ADDR.lcWarehouse.zh,
    tonerContactName: 'Tsang Chi Wai',
    tonerContactPhone: '9172 3480',
    installedOn: '2021-01-28',
    status: 'active',
  },
  {
    id: MACHINE_ID.lcPrinter,
    ucpId: DEMO_UCP.lungCheong,
    contractId: CONTRACT_ID.lcMaintenance,
    serialNo: MACHINE_SERIAL.lcPrinter,
    modelCode: MODEL.hpM611,
    locationEn: '5/F Warehouse loading bay',
    locationZh: '5樓貨倉上落貨區',
    addressEn: ADDR.lcWarehouse.en,
    addressZh: ADDR.lcWarehouse.zh,
    tonerAddressEn: ADDR.lcWarehouse.en,
    tonerAddressZh: ADDR.lcWarehouse.zh,
    tonerContactName: 'Tsang Chi Wai',
    tonerContactPhone: '9172 3480',
    installedOn: '2021-02-03',
    status: 'active',
  },
  {
    id: MACHINE_ID.srColour,
    ucpId: DEMO_UCP.sunrise,
    contractId: CONTRACT_ID.srRental,
    serialNo: MACHINE_SERIAL.srColour,
    modelCode: MODEL.apeosC3060,
    locationEn: 'Reception',
    locationZh: '接待處',
    addressEn: ADDR.sr.en,
    addressZh: ADDR.sr.zh,
    tonerAddressEn: ADDR.sr.en,
    tonerAddressZh: ADDR.sr.zh,
    tonerContactName: 'Cheung Wing Sze',
    tonerContactPhone: '+852 2723 4567',
    installedOn: '2024-01-22',
    status: 'active',
  },
  {
    id: MACHINE_ID.srPrinter,
    ucpId: DEMO_UCP.sunrise,
    contractId: CONTRACT_ID.srMaintenance,
    serialNo: MACHINE_SERIAL.srPrinter,
    modelCode: MODEL.hpM611,
    locationEn: 'Surgery 2, records desk',
    locationZh: '第二診症室病歷檯',
    addressEn: ADDR.sr.en,
    addressZh: ADDR.sr.zh,
    tonerAddressEn: ADDR.sr.en,
    tonerAddressZh: ADDR.sr.zh,
    tonerContactName: 'Cheung Wing Sze',
    tonerContactPhone: '+852 2723 4567',
    installedOn: '2025-06-05',
    status: 'active',
  },
];

/**
 * Machines taken back when their contract ended (status `removed`): My machines lists them after the machines in
 * service, with their old contract. They are kept apart from SEED_MACHINES, which the readings, bills, orders and
 * renewals are built from: a removed machine has none of those in the demo window.
 */
export const REMOVED_MACHINE_ID = { hvOldColour: machineId(10), srOldMono: machineId(11) } as const;
export const REMOVED_MACHINE_SERIAL = { hvOldColour: '3C2-118305', srOldMono: '3101R510266' } as const;

export const SEED_REMOVED_MACHINES: readonly SeedMachine[] = [
  {
    id: REMOVED_MACHINE_ID.hvOldColour,
    ucpId: DEMO_UCP.harbourView,
    contractId: CONTRACT_ID.hvLeaseOld,
    serialNo: REMOVED_MACHINE_SERIAL.hvOldColour,
    modelCode: MODEL.canonC3926,
    locationEn: '12/F Reception (replaced 2024)',
    locationZh: '12樓接待處（2024年更換）',
    addressEn: ADDR.hv.en,
    addressZh: ADDR.hv.zh,
    tonerAddressEn: ADDR.hv.en,
    tonerAddressZh: ADDR.hv.zh,
    tonerContactName: 'Chan Tai Man',
    tonerContactPhone: '+852 2345 6789',
    installedOn: '2019-03-11',
    status: 'removed',
  },
  {
    id: REMOVED_MACHINE_ID.srOldMono,
    ucpId: DEMO_UCP.sunrise,
    contractId: CONTRACT_ID.srRentalOld,
    serialNo: REMOVED_MACHINE_SERIAL.srOldMono,
    modelCode: MODEL.ricohIm2500,
    locationEn: 'Former clinic, front desk',
    locationZh: '舊診所前檯',
    addressEn: 'Room 1502, 15/F, Hang Seng Mongkok Building, 677 Nathan Road, Mong Kok, Kowloon',
    addressZh: '九龍旺角彌敦道677號恒生旺角大廈15樓1502室',
    tonerAddressEn: 'Room 1502, 15/F, Hang Seng Mongkok Building, 677 Nathan Road, Mong Kok, Kowloon',
    tonerAddressZh: '九龍旺角彌敦道677號恒生旺角大廈15樓1502室',
    tonerContactName: 'Cheung Wing Sze',
    tonerContactPhone: '+852 2723 4567',
    installedOn: '2020-06-08',
    status: 'removed',
  },
];

/**
 * Inserts the catalogue, the contracts and the machines. Every row has a fixed key and is `on conflict do
 * nothing`, so a second run inserts nothing and never overwrites what an administrator changed since.
 */
export async function seedEquipment(tx: Db): Promise<void> {
  await tx.insert(machineModels).values([...SEED_MACHINE_MODELS]).onConflictDoNothing();
  await tx
    .insert(products)
    .values(SEED_PRODUCTS.map(({ fits: _fits, ...p }) => p))
    .onConflictDoNothing();
  await tx
    .insert(productCompatibility)
    .values(SEED_PRODUCTS.flatMap((p) => p.fits.map((modelCode) => ({ productCode: p.productCode, modelCode }))))
    .onConflictDoNothing();
  await tx
    .insert(contracts)
    .values(SEED_CONTRACTS.map((c) => ({ ...c, createdAt: SEED_TIME, updatedAt: SEED_TIME })))
    .onConflictDoNothing();
  await tx
    .insert(machines)
    .values([...SEED_MACHINES, ...SEED_REMOVED_MACHINES].map((m) => ({ ...m, createdAt: SEED_TIME, updatedAt: SEED_TIME })))
    .onConflictDoNothing();
}
