import { priceMonths } from '@/lib/contracts/terms';
import { addDays, addMonths } from '@/lib/dates/hongKong';
import { lastMonths } from '@/lib/meter/usage';
import { contractEvents, contractRenewals, renewalOffers } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { DEMO_UCP } from './customers';
import { CONTRACT_ID, MODEL, SEED_CONTRACTS, SEED_DAY, SEED_MACHINES, seedTerms, seedContract } from './equipment';
import { isColourModel, readingsUpTo } from './meter';
import { seedUser, seedUserUuid } from './users';
import { hkLocal } from './hkTime';
import { seedId } from './ids';

/**
 * Demo renewal offers, renewals and contract history (docs/contracts-and-meters.md).
 *
 * - Offers for every contract type, valid to the end of the year after the seed day's (two of them a year longer;
 *   one with a new colour MFP), and one inactive offer that ran out in 2025.
 * - The warehouse maintenance contract CT-2021-00188 was renewed into CT-2025-00031 (submitted, approved, renewed).
 * - Sunrise's rental CT-2024-00530 has a renewal submitted 14 days before the seed day and waiting for the provider;
 *   Harbour View's rental CT-2022-00412 and Lung Cheong's maintenance CT-2025-00031 are inside their renewal window
 *   with nothing submitted yet (the demo renewals). Their end dates are relative to the seed day (equipment.ts).
 * - Every contract has its `started` event; the expired and terminated ones their end.
 */

const offerIdOf = (n: number) => seedId('0050', n);
const renewalIdOf = (n: number) => seedId('0051', n);
const eventIdOf = (n: number) => seedId('0052', n);

export const OFFER_ID = {
  rent36: offerIdOf(1),
  rentUpgrade48: offerIdOf(2),
  maint24: offerIdOf(3),
  maint36: offerIdOf(4),
  mps60: offerIdOf(5),
  rentOld: offerIdOf(6),
  lease60: offerIdOf(7),
} as const;
export const RENEWAL_ID = { lcOldApproved: renewalIdOf(1), srSubmitted: renewalIdOf(2) } as const;

const SEED_YEAR = Number(SEED_DAY.slice(0, 4));
/** Offers stay valid a year or two past the seed day, whenever it is. */
const VALID_TO = `${SEED_YEAR + 1}-12-31`;
const VALID_TO_LONG = `${SEED_YEAR + 2}-12-31`;
/** The current offers: valid from the start of 2026 to VALID_TO (or VALID_TO_LONG). */
const CURRENT = { validFrom: '2026-01-01', validTo: VALID_TO, status: 'active' } as const;
const CURRENT_LONG = { ...CURRENT, validTo: VALID_TO_LONG } as const;
/** A maintenance offer's click rate is for black-and-white pages only, with no allowance. */
const MONO_ONLY = { colourRate: '0', monoAllowance: 0, colourAllowance: 0 } as const;
/** Sunrise's waiting renewal: submitted two weeks before the seed day (inside its window, which opened earlier). */
const SR_SUBMITTED_ON = addDays(SEED_DAY, -14);
const SR_NEW_START = addDays(seedContract(CONTRACT_ID.srRental).endDate, 1);

export type SeedOffer = typeof renewalOffers.$inferInsert & { id: string };

export const SEED_OFFERS: readonly SeedOffer[] = [
  {
    id: OFFER_ID.rent36,
    offerCode: 'RN-RENT-36',
    nameEn: 'Rental renewal, 36 months',
    nameZh: '租賃續約（36個月）',
    // Facts of the offer only: it is offered to contracts of several prices, and beside the quarterly HK$1,260 one it
    // is dearer, which "at a lower monthly charge" contradicted (QA).
    descriptionEn: 'Keep your machines for three more years, with 1,500 black-and-white and 300 colour pages included every month.',
    descriptionZh: '原機續租三年，每月包括黑白1,500張及彩色300張。',
    contractType: 'rental',
    termMonths: 36,
    periodChargeCents: 88_000,
    minimumChargeCents: 0,
    monoRate: '0.0400',
    colourRate: '0.4200',
    monoAllowance: 1500,
    colourAllowance: 300,
    ...CURRENT,
  },
  {
    id: OFFER_ID.rentUpgrade48,
    offerCode: 'RN-RENT-UPG-48',
    nameEn: 'Rental renewal with a new colour MFP, 48 months',
    nameZh: '租賃續約連新彩色多功能打印機（48個月）',
    descriptionEn: 'Upgrade to a Fujifilm Apeos C3060 colour MFP; installation and removal of the old machine included.',
    descriptionZh: '升級至富士膠片 Apeos C3060 彩色多功能打印機，包安裝及移走舊機。',
    contractType: 'rental',
    termMonths: 48,
    periodChargeCents: 135_000,
    minimumChargeCents: 30_000,
    monoRate: '0.0380',
    colourRate: '0.3800',
    monoAllowance: 2000,
    colourAllowance: 500,
    newModelCode: MODEL.apeosC3060,
    ...CURRENT,
  },
  {
    id: OFFER_ID.maint24,
    offerCode: 'RN-MAINT-24',
    nameEn: 'Maintenance renewal, 24 months',
    nameZh: '保養續約（24個月）',
    descriptionEn: 'Parts, labour and toner at a fixed click rate for two more years.',
    descriptionZh: '零件、人工及碳粉按固定每張收費，續期兩年。',
    contractType: 'maintenance',
    termMonths: 24,
    periodChargeCents: 0,
    minimumChargeCents: 45_000,
    monoRate: '0.0480',
    ...MONO_ONLY,
    ...CURRENT,
  },
  {
    id: OFFER_ID.maint36,
    offerCode: 'RN-MAINT-36',
    nameEn: 'Maintenance renewal, 36 months (lower rate)',
    nameZh: '保養續約（36個月，較低收費）',
    descriptionEn: 'Commit for three years and pay a lower rate per page.',
    descriptionZh: '承諾三年，每張收費更低。',
    contractType: 'maintenance',
    termMonths: 36,
    periodChargeCents: 0,
    minimumChargeCents: 50_000,
    monoRate: '0.0440',
    ...MONO_ONLY,
    ...CURRENT,
  },
  {
    id: OFFER_ID.mps60,
    offerCode: 'RN-MPS-60',
    nameEn: 'Managed print renewal, 60 months',
    nameZh: '打印管理服務續約（60個月）',
    descriptionEn: 'Managed print with automatic meter collection and toner replenishment for five years.',
    descriptionZh: '五年打印管理服務，包自動抄錶及碳粉補充。',
    contractType: 'managed_print',
    termMonths: 60,
    periodChargeCents: 175_000,
    minimumChargeCents: 60_000,
    monoRate: '0.0420',
    colourRate: '0.4200',
    monoAllowance: 3000,
    colourAllowance: 500,
    ...CURRENT_LONG,
  },
  {
    id: OFFER_ID.lease60,
    offerCode: 'RN-LEASE-60',
    nameEn: 'Lease renewal, 60 months',
    nameZh: '租約續期（60個月）',
    descriptionEn: 'A new five-year lease of the same machines.',
    descriptionZh: '同一批機器新訂五年租約。',
    contractType: 'lease',
    termMonths: 60,
    periodChargeCents: 290_000,
    minimumChargeCents: 80_000,
    monoRate: '0.0400',
    colourRate: '0.4000',
    monoAllowance: 5000,
    colourAllowance: 1000,
    ...CURRENT_LONG,
  },
  {
    id: OFFER_ID.rentOld,
    offerCode: 'RN-RENT-2025',
    nameEn: 'Rental renewal, 24 months (2025 offer)',
    nameZh: '租賃續約（24個月，2025年優惠）',
    descriptionEn: 'Last year’s rental offer, withdrawn.',
    descriptionZh: '去年的租賃優惠，已停止。',
    contractType: 'rental',
    termMonths: 24,
    periodChargeCents: 95_000,
    minimumChargeCents: 0,
    monoRate: '0.0420',
    colourRate: '0.4500',
    monoAllowance: 1000,
    colourAllowance: 300,
    validFrom: '2025-01-01',
    validTo: '2025-12-31',
    status: 'inactive',
  },
];

const offer = (id: string) => SEED_OFFERS.find((o) => o.id === id)!;
const termsOf = (o: SeedOffer) => ({
  offerCode: o.offerCode,
  nameEn: o.nameEn,
  nameZh: o.nameZh,
  termMonths: o.termMonths,
  ...seedTerms(o),
  newModelCode: o.newModelCode ?? null,
});

/** The comparison the customer was shown: the last 12 months of the contract's machines at its terms and at the offer's. */
function comparison(contractId: string, machinesContractId: string, offerId: string, on: string): { currentCostCents: number; offerCostCents: number; monthsCompared: number } {
  const months = lastMonths(
    SEED_MACHINES.filter((m) => m.contractId === machinesContractId).map((m) => ({
      machineId: m.id,
      isColour: isColourModel(m.modelCode),
      readings: readingsUpTo(m, on),
    })),
    on,
  );
  const contract = seedContract(contractId);
  const o = offer(offerId);
  return {
    currentCostCents: priceMonths(seedTerms(seedContract(contractId)), contract.billingFrequency ?? 'monthly', months),
    offerCostCents: priceMonths({ ...termsOf(o) }, 'monthly', months),
    monthsCompared: months.length,
  };
}

export const SEED_RENEWALS: readonly (typeof contractRenewals.$inferInsert & { id: string })[] = [
  {
    id: RENEWAL_ID.lcOldApproved,
    renewalNo: 'RN-2024-000041',
    contractId: CONTRACT_ID.lcMaintenanceOld,
    ucpId: DEMO_UCP.lungCheong,
    offerId: OFFER_ID.maint24,
    status: 'approved',
    terms: termsOf(offer(OFFER_ID.maint24)),
    ...comparison(CONTRACT_ID.lcMaintenanceOld, CONTRACT_ID.lcMaintenance, OFFER_ID.maint24, '2024-11-05'),
    newStartDate: '2025-01-21',
    newEndDate: seedContract(CONTRACT_ID.lcMaintenance).endDate,
    submittedBy: seedUserUuid('multi@demo.hk'),
    submittedAt: hkLocal('2024-11-05T11:20:00'),
    idempotencyKey: 'seed-RN-2024-000041',
  },
  {
    id: RENEWAL_ID.srSubmitted,
    renewalNo: `RN-${SR_SUBMITTED_ON.slice(0, 4)}-000087`,
    contractId: CONTRACT_ID.srRental,
    ucpId: DEMO_UCP.sunrise,
    offerId: OFFER_ID.rent36,
    status: 'submitted',
    terms: termsOf(offer(OFFER_ID.rent36)),
    ...comparison(CONTRACT_ID.srRental, CONTRACT_ID.srRental, OFFER_ID.rent36, SR_SUBMITTED_ON),
    newStartDate: SR_NEW_START,
    newEndDate: addDays(addMonths(SR_NEW_START, 36), -1),
    submittedBy: seedUserUuid('mfa@demo.hk'),
    submittedAt: hkLocal(`${SR_SUBMITTED_ON}T15:42:00`),
    idempotencyKey: 'seed-RN-000087',
  },
];

const ADMIN = 'admin@demo.hk';

type EventRow = typeof contractEvents.$inferInsert;

export function buildSeedContractEvents(): EventRow[] {
  const rows: Omit<EventRow, 'id'>[] = [];
  for (const c of SEED_CONTRACTS) {
    rows.push({ contractId: c.id, ucpId: c.ucpId, eventType: 'started', detail: { contractNo: c.contractNo }, at: hkLocal(`${c.startDate}T09:00:00`) });
    if (c.status === 'expired') rows.push({ contractId: c.id, ucpId: c.ucpId, eventType: 'expired', detail: null, at: hkLocal(`${c.endDate}T23:59:00`) });
    if (c.status === 'terminated')
      rows.push({ contractId: c.id, ucpId: c.ucpId, eventType: 'terminated', actorName: seedUser(ADMIN).name, actorUuid: seedUserUuid(ADMIN), detail: { reason: 'Customer moved premises' }, at: hkLocal(`${c.endDate}T17:00:00`) });
  }
  const lc = SEED_RENEWALS[0]!;
  rows.push(
    { contractId: lc.contractId, ucpId: lc.ucpId, renewalId: lc.id, eventType: 'renewal_submitted', actorUuid: lc.submittedBy, actorName: seedUser('multi@demo.hk').name, detail: { renewalNo: lc.renewalNo, offerCode: 'RN-MAINT-24' }, at: lc.submittedAt },
    { contractId: lc.contractId, ucpId: lc.ucpId, renewalId: lc.id, eventType: 'renewal_approved', actorUuid: seedUserUuid(ADMIN), actorName: seedUser(ADMIN).name, detail: { renewalNo: lc.renewalNo }, at: hkLocal('2024-11-12T10:05:00') },
    { contractId: lc.contractId, ucpId: lc.ucpId, renewalId: lc.id, eventType: 'renewed', actorUuid: seedUserUuid(ADMIN), actorName: seedUser(ADMIN).name, detail: { renewalNo: lc.renewalNo, newContractNo: 'CT-2025-00031' }, at: hkLocal('2025-01-21T09:00:00') },
  );
  const sr = SEED_RENEWALS[1]!;
  rows.push({ contractId: sr.contractId, ucpId: sr.ucpId, renewalId: sr.id, eventType: 'renewal_submitted', actorUuid: sr.submittedBy, actorName: seedUser('mfa@demo.hk').name, detail: { renewalNo: sr.renewalNo, offerCode: 'RN-RENT-36' }, at: sr.submittedAt });
  return rows.map((r, i) => ({ ...r, id: eventIdOf(i + 1) }));
}

export async function seedRenewals(tx: Db): Promise<void> {
  await tx.insert(renewalOffers).values(SEED_OFFERS.map((o) => ({ ...o, createdAt: hkLocal('2025-12-15T10:00:00'), updatedAt: hkLocal('2025-12-15T10:00:00') }))).onConflictDoNothing();
  await tx.insert(contractRenewals).values([...SEED_RENEWALS]).onConflictDoNothing();
  await tx.insert(contractEvents).values(buildSeedContractEvents()).onConflictDoNothing();
}
