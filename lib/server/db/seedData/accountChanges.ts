import type { ChangeStatus, ChangeType } from '@/lib/accountChanges/constants';
import { formatHkAddress, VALUE_SCHEMAS, type HkAddress } from '@/lib/accountChanges/schemas';
import { changeRequestAttachments, changeRequestEvents, changeRequests, storedFiles } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { demoAdvicePdf } from './billing';
import { DEMO_UCP, SEED_CUSTOMERS } from './customers';
import { CONTRACT_ID, CONTRACT_NO, MACHINE_ID, SEED_CONTRACTS, seedMachine } from './equipment';
import { seedUserUuid } from './users';
import { storedFileRow } from './files';
import { seedId } from './ids';
import { referenceNo } from '@/lib/references';

/**
 * Demo change requests (docs/account-changes.md): every status and every type, for Harbour View (customer@demo.hk)
 * and Lung Cheong (multi@demo.hk), with their history. Requests that were approved or completed asked for what the
 * records say now (paper bills; a transfer, which changes no record), so every seeded value agrees with the records.
 * Fixed ids, numbers below 1001 (the sequence starts there), fixed times in October–November 2026.
 */

const requestIdOf = (n: number) => seedId('0040', n);
const fileIdOf = (n: number) => seedId('0041', n);

export const SEED_CHANGE_ID = {
  hvBillAddrPending: requestIdOf(1),
  hvCompNamePending: requestIdOf(2),
  hvMachineLocInProgress: requestIdOf(3),
  hvTonerAddrRejected: requestIdOf(4),
  hvRecHardcopyCompleted: requestIdOf(5),
  lcTransferApproved: requestIdOf(6),
  lcBillAddrRejected: requestIdOf(7),
} as const;

const customer = (ucpId: string) => SEED_CUSTOMERS.find((c) => c.ucpId === ucpId)!;
const machineSnap = (id: string) => {
  const m = seedMachine(id);
  return {
    id: m.id,
    serialNo: m.serialNo,
    addressEn: m.addressEn ?? '',
    addressZh: m.addressZh ?? '',
    locationEn: m.locationEn ?? '',
    locationZh: m.locationZh ?? '',
    tonerAddressEn: m.tonerAddressEn ?? '',
    tonerAddressZh: m.tonerAddressZh ?? '',
    tonerContactName: m.tonerContactName ?? '',
    tonerContactPhone: m.tonerContactPhone ?? '',
  };
};
const withFormatted = <T extends { address: HkAddress }>(v: T) => {
  const f = formatHkAddress(v.address);
  return { ...v, addressEn: f.en, addressZh: f.zh };
};

/** A change to one machine: its record as it was, and the new values (with the machine and the address formatted). */
const forMachine = <T extends { address: HkAddress }>(id: string, fields: T) => ({
  oldValue: { machines: [machineSnap(id)] },
  newValue: withFormatted({ machineIds: [id], serialNos: [machineSnap(id).serialNo], ...fields }),
});

const at = (iso: string) => new Date(iso);

type Step = { status: ChangeStatus; at: string; by: 'customer' | 'staff'; comment?: string };
type Plan = {
  id: string;
  no: number;
  ucpId: string;
  type: ChangeType;
  submittedBy: string;
  oldValue: unknown;
  newValue: unknown;
  effectiveDate: string | null;
  steps: Step[];
  file?: { n: number; kind: 'br_certificate' | 'signed_agreement'; name: string; lines: string[] };
};

const hv = customer(DEMO_UCP.harbourView);
const lc = customer(DEMO_UCP.lungCheong);
const customerUser = () => seedUserUuid('customer@demo.hk');
const multiUser = () => seedUserUuid('multi@demo.hk');

const NEW_HV_BILLING: HkAddress = {
  flat: 'Room 1801',
  floor: '18',
  block: '',
  building: 'Kwun Tong Harbour Plaza',
  street: '182 Wai Yip Street',
  district: 'kwun_tong',
  region: 'kowloon',
};

const plans = (): Plan[] => [
  {
    id: SEED_CHANGE_ID.hvBillAddrPending,
    no: 101,
    ucpId: hv.ucpId,
    type: 'bill_addr',
    submittedBy: customerUser(),
    oldValue: { addressEn: hv.billingAddressEn, addressZh: hv.billingAddressZh, contactName: hv.contactName, contactPhone: hv.contactPhone },
    newValue: withFormatted({ address: NEW_HV_BILLING, contactName: 'Lee Ka Yan', contactPhone: '23456790', effectiveDate: '2026-12-01' }),
    effectiveDate: '2026-12-01',
    steps: [{ status: 'pending', at: '2026-11-18T02:10:00Z', by: 'customer' }],
  },
  {
    id: SEED_CHANGE_ID.hvCompNamePending,
    no: 102,
    ucpId: hv.ucpId,
    type: 'comp_name',
    submittedBy: customerUser(),
    oldValue: { nameEn: hv.nameEn, nameZh: hv.nameZh, brNo: hv.brNo },
    newValue: { nameEn: 'Harbour View Trading (Asia) Limited', nameZh: '海景貿易（亞洲）有限公司', brNo: hv.brNo, effectiveDate: '2027-01-01' },
    effectiveDate: '2027-01-01',
    steps: [{ status: 'pending', at: '2026-11-20T06:45:00Z', by: 'customer' }],
    file: { n: 1, kind: 'br_certificate', name: 'br-certificate-2026.pdf', lines: ['Business Registration Certificate (demo)', `BR No. ${hv.brNo}`, 'Harbour View Trading (Asia) Limited'] },
  },
  {
    id: SEED_CHANGE_ID.hvMachineLocInProgress,
    no: 103,
    ucpId: hv.ucpId,
    type: 'machine_loc',
    submittedBy: customerUser(),
    ...forMachine(MACHINE_ID.hvPrinter, {
      address: { flat: 'Unit 1206', floor: '12', block: '', building: 'Wing Yip Industrial Building', street: '6 Wing Yip Street', district: 'kwun_tong', region: 'kowloon' },
      locationDetail: '12/F Store room',
      siteContactName: 'Lee Ka Yan',
      siteContactPhone: '23456790',
      moveDate: '2026-12-05',
    }),
    effectiveDate: '2026-12-05',
    steps: [
      { status: 'pending', at: '2026-11-10T03:00:00Z', by: 'customer' },
      { status: 'inProgress', at: '2026-11-11T01:30:00Z', by: 'staff', comment: 'Our engineer will call the site contact to book the move.' },
    ],
  },
  {
    id: SEED_CHANGE_ID.hvTonerAddrRejected,
    no: 104,
    ucpId: hv.ucpId,
    type: 'toner_addr',
    submittedBy: customerUser(),
    ...forMachine(MACHINE_ID.hvColour, {
      address: { flat: '', floor: '', block: '', building: '', street: '1 Lantau Road', district: 'islands', region: 'new_territories' },
      contactName: 'Chan Tai Man',
      contactPhone: '91234567',
    }),
    effectiveDate: null,
    steps: [
      { status: 'pending', at: '2026-10-22T08:15:00Z', by: 'customer' },
      { status: 'reject', at: '2026-10-23T02:00:00Z', by: 'staff', comment: 'We deliver toner only to the machine’s own site or your registered office. Please give an address in Kwun Tong.' },
    ],
  },
  {
    id: SEED_CHANGE_ID.hvRecHardcopyCompleted,
    no: 105,
    ucpId: hv.ucpId,
    type: 'rec_hardcopy',
    submittedBy: customerUser(),
    oldValue: { receiveHardcopy: true, ebillEmail: 'chan.taiman@harbourview.example.hk' },
    newValue: { receiveHardcopy: hv.receiveHardcopyBill, ebillEmail: hv.contactEmail },
    effectiveDate: null,
    steps: [
      { status: 'pending', at: '2026-10-02T04:00:00Z', by: 'customer' },
      { status: 'approved', at: '2026-10-03T01:20:00Z', by: 'staff' },
      { status: 'completed', at: '2026-10-03T01:25:00Z', by: 'staff', comment: 'Paper bills stop from the October bill.' },
    ],
  },
  {
    id: SEED_CHANGE_ID.lcTransferApproved,
    no: 106,
    ucpId: lc.ucpId,
    type: 'trans_agree',
    submittedBy: multiUser(),
    oldValue: {
      contracts: SEED_CONTRACTS.filter((c) => c.id === CONTRACT_ID.lcMaintenance).map((c) => ({ id: c.id, contractNo: c.contractNo, contractType: c.contractType, endDate: c.endDate, status: c.status ?? 'active' })),
    },
    newValue: {
      contractIds: [CONTRACT_ID.lcMaintenance],
      contractNos: [CONTRACT_NO.lcMaintenance],
      transfereeNameEn: 'Lung Cheong Supply Chain Limited',
      transfereeNameZh: '隆昌供應鏈有限公司',
      transfereeBrNo: '40558812',
      transfereeContactName: 'Ho Mei Ling',
      transfereeContactPhone: '25110399',
      transfereeEmail: 'contracts@lcsupply.example.hk',
      effectiveDate: '2027-01-01',
    },
    effectiveDate: '2027-01-01',
    steps: [
      { status: 'pending', at: '2026-11-03T07:00:00Z', by: 'customer' },
      { status: 'inProgress', at: '2026-11-04T02:00:00Z', by: 'staff' },
      { status: 'approved', at: '2026-11-12T09:30:00Z', by: 'staff', comment: 'Approved: our contract team will send the novation papers for signature.' },
    ],
    file: { n: 2, kind: 'signed_agreement', name: 'novation-agreement-signed.pdf', lines: ['Novation Agreement (demo)', `Contract ${CONTRACT_NO.lcMaintenance}`, 'Signed for Lung Cheong Logistics Limited'] },
  },
  {
    id: SEED_CHANGE_ID.lcBillAddrRejected,
    no: 107,
    ucpId: lc.ucpId,
    type: 'bill_addr',
    submittedBy: multiUser(),
    oldValue: { addressEn: lc.billingAddressEn, addressZh: lc.billingAddressZh, contactName: lc.contactName, contactPhone: lc.contactPhone },
    newValue: withFormatted({
      address: { flat: 'Unit B', floor: '5', block: '', building: 'Kwai Chung Cargo Centre', street: '38 Kwai Fung Crescent', district: 'kwai_tsing', region: 'new_territories' },
      contactName: 'Wong Siu Ming',
      contactPhone: '25110388',
      effectiveDate: '2026-11-15',
    }),
    effectiveDate: '2026-11-15',
    steps: [
      { status: 'pending', at: '2026-11-05T05:00:00Z', by: 'customer' },
      { status: 'reject', at: '2026-11-06T03:10:00Z', by: 'staff', comment: 'A warehouse cannot receive registered mail. Please give an office address for bills.' },
    ],
  },
];

/** Inserts the demo change requests (on conflict do nothing; history and files only for requests created now). */
export async function seedAccountChanges(tx: Db): Promise<number> {
  const reviewer = seedUserUuid('admin@demo.hk');
  let created = 0;
  for (const p of plans()) {
    // The seeded values go through the same schemas the API reads them with.
    VALUE_SCHEMAS[p.type].old.parse(p.oldValue);
    VALUE_SCHEMAS[p.type].new.parse(p.newValue);
    const last = p.steps[p.steps.length - 1]!;
    const staffSteps = p.steps.filter((s) => s.by === 'staff');
    const lastStaff = staffSteps[staffSteps.length - 1];
    const decided = p.steps.find((s) => s.status === 'approved' || s.status === 'reject');
    const completed = p.steps.find((s) => s.status === 'completed');
    const comments = staffSteps.filter((s) => s.comment);
    const [row] = await tx
      .insert(changeRequests)
      .values({
        id: p.id,
        requestNo: referenceNo('ACR', 2026, p.no),
        ucpId: p.ucpId,
        changeType: p.type,
        channelSource: 'W',
        status: last.status,
        oldValue: p.oldValue,
        newValue: p.newValue,
        effectiveDate: p.effectiveDate,
        submittedBy: p.submittedBy,
        submittedAt: at(p.steps[0]!.at),
        reviewedBy: lastStaff ? reviewer : null,
        reviewerComment: comments.length ? comments[comments.length - 1]!.comment! : null,
        decidedAt: decided ? at(decided.at) : null,
        completedAt: completed ? at(completed.at) : null,
        idempotencyKey: `seed-${p.id}`,
        updatedAt: at(last.at),
      })
      .onConflictDoNothing()
      .returning({ id: changeRequests.id });
    if (!row) continue;
    created++;
    await tx.insert(changeRequestEvents).values(
      p.steps.map((s, i) => ({
        requestId: p.id,
        fromStatus: i === 0 ? null : p.steps[i - 1]!.status,
        toStatus: s.status,
        actorUuid: s.by === 'staff' ? reviewer : p.submittedBy,
        byProvider: s.by === 'staff',
        comment: s.comment ?? null,
        at: at(s.at),
      })),
    );
    if (p.file) {
      const content = demoAdvicePdf(p.file.lines);
      await tx
        .insert(storedFiles)
        .values(storedFileRow({ id: fileIdOf(p.file.n), ucpId: p.ucpId, uploadedBy: p.submittedBy, fileName: p.file.name, mimeType: 'application/pdf', createdAt: at(p.steps[0]!.at) }, content))
        .onConflictDoNothing();
      await tx.insert(changeRequestAttachments).values({ requestId: p.id, fileId: fileIdOf(p.file.n), kind: p.file.kind }).onConflictDoNothing();
    }
  }
  return created;
}
