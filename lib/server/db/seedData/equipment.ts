import type { Terms } from '@/lib/contracts/terms';
import { addDays, addMonths, hkToday } from '@/lib/dates/hongKong';
import { contracts, machineModels, machines, productCompatibility, products } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { DEMO_UCP } from './customers';
import { SEED_TIME } from './users';
import { seedId } from './ids';

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

/** A colour machine's four toners, black then cyan, magenta and yellow; the three colours cost the same. */
const colourToners = (
  [black, cyan, magenta, yellow]: readonly [string, string, string, string],
  family: { en: string; zh: string },
  dollars: { black: number; colour: number },
  fits: readonly SeedModelCode[],
): SeedProduct[] => [
  toner(black, 'black', family, dollars.black, fits),
  toner(cyan, 'cyan', family, dollars.colour, fits),
  toner(magenta, 'magenta', family, dollars.colour, fits),
  toner(yellow, 'yellow', family, dollars.colour, fits),
];

/** A product without a colour (drum, waste toner, staples, paper, equipment, service): one row of the catalogue. */
const supply = (
  productCode: string,
  productType: 'drum' | 'waste_toner' | 'staples' | 'paper' | 'equipment' | 'service',
  [descriptionEn, descriptionZh]: readonly [string, string],
  dollars: number,
  maxOrderQty: number,
  fits: readonly SeedModelCode[],
): SeedProduct => ({ productCode, productType, descriptionEn, descriptionZh, unitPriceCents: hkd(dollars), maxOrderQty, colour: null, fits });

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
  ...colourToners([PRODUCT.c3060Black, PRODUCT.c3060Cyan, PRODUCT.c3060Magenta, PRODUCT.c3060Yellow], FAMILY.apeosC3060, { black: 620, colour: 1150 }, [MODEL.apeosC3060]),
  supply(PRODUCT.c3060Drum, 'drum', ['Drum cartridge (Apeos C3060)', '感光鼓（Apeos C3060）'], 1680, 2, [MODEL.apeosC3060]),
  supply(PRODUCT.c3060Waste, 'waste_toner', ['Waste toner box (Apeos C3060)', '廢粉盒（Apeos C3060）'], 180, 2, [MODEL.apeosC3060]),
  toner(PRODUCT.a5570Black, 'black', FAMILY.apeos5570, 780, [MODEL.apeos5570]),
  supply(PRODUCT.a5570Drum, 'drum', ['Drum cartridge (Apeos 5570)', '感光鼓（Apeos 5570）'], 1950, 2, [MODEL.apeos5570]),
  supply(PRODUCT.a5570Staples, 'staples', ['Staple cartridge for Fujifilm finisher, 5,000 staples', '富士膠片裝訂器釘匣（5,000口）'], 240, 4, FUJI),
  ...colourToners([PRODUCT.canonBlack, PRODUCT.canonCyan, PRODUCT.canonMagenta, PRODUCT.canonYellow], FAMILY.canonNpg88, { black: 560, colour: 1080 }, [MODEL.canonC3926]),
  supply(PRODUCT.canonDrum, 'drum', ['Drum unit C-EXV55 (imageRUNNER ADVANCE DX C3926)', 'C-EXV55 感光鼓組件（imageRUNNER ADVANCE DX C3926）'], 2200, 2, [MODEL.canonC3926]),
  supply(PRODUCT.canonWaste, 'waste_toner', ['Waste toner container (imageRUNNER ADVANCE DX C3926)', '廢粉收集盒（imageRUNNER ADVANCE DX C3926）'], 160, 2, [MODEL.canonC3926]),
  toner(PRODUCT.ricohBlack, 'black', FAMILY.ricoh2500, 420, [MODEL.ricohIm2500]),
  supply(PRODUCT.ricohDrum, 'drum', ['Photoconductor unit (Ricoh IM 2500)', '感光組件（理光 IM 2500）'], 1380, 2, [MODEL.ricohIm2500]),
  toner(PRODUCT.hpBlack, 'black', FAMILY.hp147, 1580, [MODEL.hpM611]),
  {
    ...toner(PRODUCT.hpBlackHigh, 'black', { en: 'HP 147X high yield', zh: 'HP 147X 高容量' }, 2380, [MODEL.hpM611]),
    maxOrderQty: 4,
  },
  supply(PRODUCT.staplesGeneric, 'staples', ['Standard staple refill, 3 × 5,000', '通用釘書釘補充裝（3 × 5,000口）'], 280, 4, []),
  supply(PRODUCT.paperA4, 'paper', ['A4 copy paper 80 gsm, box of 5 reams (2,500 sheets)', 'A4 影印紙 80克，每箱5令（2,500張）'], 195, 20, []),
  supply(PRODUCT.paperA3, 'paper', ['A3 copy paper 80 gsm, box of 5 reams (2,500 sheets)', 'A3 影印紙 80克，每箱5令（2,500張）'], 345, 10, []),
  supply(PRODUCT.finisher, 'equipment', ['Inner finisher with stapling (Apeos series), supply and installation', 'Apeos 系列內置裝訂器（連安裝）'], 6800, 1, FUJI),
  supply(PRODUCT.paperTray, 'equipment', ['550-sheet paper feeder (LaserJet Enterprise M611)', '550張進紙匣（LaserJet Enterprise M611）'], 2450, 2, [MODEL.hpM611]),
  supply(PRODUCT.serviceVisit, 'service', ['Preventive maintenance visit (on-site, 2 hours)', '預防性保養上門服務（2小時）'], 880, 1, []),
  supply(PRODUCT.relocation, 'service', ['Machine relocation within the same building', '同一大廈內搬遷機器'], 1500, 1, []),
];

// ---------------------------------------------------------------------------------------------------------------
// Contracts

const contractId = (n: number): string => seedId('0020', n);
const machineId = (n: number): string => seedId('0021', n);

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

/** A seeded contract's (or renewal offer's) pricing terms, with the columns' defaults where the seed leaves one out. */
export const seedTerms = (c: Partial<Terms>): Terms => ({
  periodChargeCents: c.periodChargeCents ?? 0,
  minimumChargeCents: c.minimumChargeCents ?? 0,
  monoRate: c.monoRate ?? '0',
  colourRate: c.colourRate ?? '0',
  monoAllowance: c.monoAllowance ?? 0,
  colourAllowance: c.colourAllowance ?? 0,
});

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

/** A demo contract by id. */
export function seedContract(id: string): SeedContract {
  const contract = SEED_CONTRACTS.find((c) => c.id === id);
  if (!contract) throw new Error(`seed: no demo contract ${id}`);
  return contract;
}

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

/** A machine at a site: its toner goes to the site's address unless a customer changed that since. */
const machine = (
  id: string,
  ucpId: string,
  contractId: string,
  serialNo: string,
  modelCode: SeedModelCode,
  [locationEn, locationZh]: readonly [string, string],
  site: { en: string; zh: string },
  [tonerContactName, tonerContactPhone]: readonly [string, string],
  installedOn: string,
  status: 'active' | 'removed' = 'active',
): SeedMachine => ({
  id,
  ucpId,
  contractId,
  serialNo,
  modelCode,
  locationEn,
  locationZh,
  addressEn: site.en,
  addressZh: site.zh,
  tonerAddressEn: site.en,
  tonerAddressZh: site.zh,
  tonerContactName,
  tonerContactPhone,
  installedOn,
  status,
});

export const SEED_MACHINES: readonly SeedMachine[] = [
  machine(MACHINE_ID.hvColour, DEMO_UCP.harbourView, CONTRACT_ID.hvManagedPrint, MACHINE_SERIAL.hvColour, MODEL.apeosC3060, ['12/F Reception', '12樓接待處'], ADDR.hv, ['Chan Tai Man', '+852 2345 6789'], '2024-03-08'),
  machine(MACHINE_ID.hvMono, DEMO_UCP.harbourView, CONTRACT_ID.hvManagedPrint, MACHINE_SERIAL.hvMono, MODEL.apeos5570, ['12/F General Office, beside pantry', '12樓綜合辦公室（茶水間旁）'], ADDR.hv, ['Lee Ka Yan', '+852 2345 6790'], '2024-03-08'),
  machine(MACHINE_ID.hvPrinter, DEMO_UCP.harbourView, CONTRACT_ID.hvRental, MACHINE_SERIAL.hvPrinter, MODEL.hpM611, ['12/F Accounts Department', '12樓會計部'], ADDR.hv, ['Chan Tai Man', '+852 2345 6789'], '2022-01-10'),
  machine(MACHINE_ID.lcColour, DEMO_UCP.lungCheong, CONTRACT_ID.lcLease, MACHINE_SERIAL.lcColour, MODEL.canonC3926, ['23/F Main Office, copy room', '23樓總辦事處影印室'], ADDR.lcOffice, ['Wong Siu Ming', '+852 2511 0388'], '2023-07-12'),
  machine(MACHINE_ID.lcMonoOffice, DEMO_UCP.lungCheong, CONTRACT_ID.lcLease, MACHINE_SERIAL.lcMonoOffice, MODEL.ricohIm2500, ['23/F Customer Service counter', '23樓客戶服務櫃檯'], ADDR.lcOffice, ['Wong Siu Ming', '+852 2511 0388'], '2023-07-12'),
  machine(MACHINE_ID.lcMonoWarehouse, DEMO_UCP.lungCheong, CONTRACT_ID.lcMaintenance, MACHINE_SERIAL.lcMonoWarehouse, MODEL.ricohIm2500, ['5/F Warehouse dispatch office', '5樓貨倉發貨辦公室'], ADDR.lcWarehouse, ['Tsang Chi Wai', '9172 3480'], '2021-01-28'),
  machine(MACHINE_ID.lcPrinter, DEMO_UCP.lungCheong, CONTRACT_ID.lcMaintenance, MACHINE_SERIAL.lcPrinter, MODEL.hpM611, ['5/F Warehouse loading bay', '5樓貨倉上落貨區'], ADDR.lcWarehouse, ['Tsang Chi Wai', '9172 3480'], '2021-02-03'),
  machine(MACHINE_ID.srColour, DEMO_UCP.sunrise, CONTRACT_ID.srRental, MACHINE_SERIAL.srColour, MODEL.apeosC3060, ['Reception', '接待處'], ADDR.sr, ['Cheung Wing Sze', '+852 2723 4567'], '2024-01-22'),
  machine(MACHINE_ID.srPrinter, DEMO_UCP.sunrise, CONTRACT_ID.srMaintenance, MACHINE_SERIAL.srPrinter, MODEL.hpM611, ['Surgery 2, records desk', '第二診症室病歷檯'], ADDR.sr, ['Cheung Wing Sze', '+852 2723 4567'], '2025-06-05'),
];

/** A demo machine by id. */
export function seedMachine(id: string): SeedMachine {
  const machine = SEED_MACHINES.find((m) => m.id === id);
  if (!machine) throw new Error(`seed: no demo machine ${id}`);
  return machine;
}

/**
 * Machines taken back when their contract ended (status `removed`): My machines lists them after the machines in
 * service, with their old contract. They are kept apart from SEED_MACHINES, which the readings, bills, orders and
 * renewals are built from: a removed machine has none of those in the demo window.
 */
export const REMOVED_MACHINE_ID = { hvOldColour: machineId(10), srOldMono: machineId(11) } as const;
export const REMOVED_MACHINE_SERIAL = { hvOldColour: '3C2-118305', srOldMono: '3101R510266' } as const;

export const SEED_REMOVED_MACHINES: readonly SeedMachine[] = [
  machine(REMOVED_MACHINE_ID.hvOldColour, DEMO_UCP.harbourView, CONTRACT_ID.hvLeaseOld, REMOVED_MACHINE_SERIAL.hvOldColour, MODEL.canonC3926, ['12/F Reception (replaced 2024)', '12樓接待處（2024年更換）'], ADDR.hv, ['Chan Tai Man', '+852 2345 6789'], '2019-03-11', 'removed'),
  machine(REMOVED_MACHINE_ID.srOldMono, DEMO_UCP.sunrise, CONTRACT_ID.srRentalOld, REMOVED_MACHINE_SERIAL.srOldMono, MODEL.ricohIm2500, ['Former clinic, front desk', '舊診所前檯'], { en: 'Room 1502, 15/F, Hang Seng Mongkok Building, 677 Nathan Road, Mong Kok, Kowloon', zh: '九龍旺角彌敦道677號恒生旺角大廈15樓1502室' }, ['Cheung Wing Sze', '+852 2723 4567'], '2020-06-08', 'removed'),
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
