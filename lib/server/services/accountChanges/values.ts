import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ChangeType } from '@/lib/accountChanges/constants';
import {
  formatHkAddress,
  type FORM_SCHEMAS,
  type ContractSnapshot,
  type MachineSnapshot,
  type NewValue,
  type OldValue,
} from '@/lib/accountChanges/schemas';
import { contracts, customers, machines } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import type { z } from 'zod';

/** The parsed form of each type, as its FORM_SCHEMAS entry gives it (what the service receives, without idempotency key and terms). */
export type FormOf = { [T in ChangeType]: z.output<(typeof FORM_SCHEMAS)[T]> };

export type Built<T extends ChangeType> = { oldValue: OldValue<T>; newValue: NewValue<T>; effectiveDate: string | null };

async function customerRow(db: Db, ucpId: string) {
  const [c] = await db.select().from(customers).where(eq(customers.ucpId, ucpId)).limit(1);
  if (!c) throw new AppError('NOT_FOUND', { message: `customer ${ucpId} not found` });
  return c;
}

export const machineSnapshotColumns = {
  id: machines.id,
  serialNo: machines.serialNo,
  addressEn: machines.addressEn,
  addressZh: machines.addressZh,
  locationEn: machines.locationEn,
  locationZh: machines.locationZh,
  tonerAddressEn: machines.tonerAddressEn,
  tonerAddressZh: machines.tonerAddressZh,
  tonerContactName: machines.tonerContactName,
  tonerContactPhone: machines.tonerContactPhone,
};

/** The rows found for the ids asked, when every one was found; else NOT_FOUND naming the kind of row. */
function everyOneFound<T>(rows: T[], ids: readonly string[], kind: 'machine' | 'contract', ucpId: string): T[] {
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND', { publicMessage: `A selected ${kind} was not found`, message: `${kind}s ${ids.join(',')} of ${ucpId}` });
  return rows;
}

/** The customer's active machines named (tenancy: a machine of another customer is as if it did not exist). */
async function machinesOf(db: Db, ucpId: string, ids: readonly string[]): Promise<MachineSnapshot[]> {
  const rows = await db
    .select(machineSnapshotColumns)
    .from(machines)
    .where(and(eq(machines.ucpId, ucpId), eq(machines.status, 'active'), inArray(machines.id, [...ids])))
    .orderBy(asc(machines.serialNo));
  return everyOneFound(rows, ids, 'machine', ucpId);
}

export const contractSnapshotColumns = {
  id: contracts.id,
  contractNo: contracts.contractNo,
  contractType: contracts.contractType,
  endDate: contracts.endDate,
  status: contracts.status,
};

/** The customer's active contracts named (a transfer concerns running contracts only). */
async function contractsOf(db: Db, ucpId: string, ids: readonly string[]): Promise<ContractSnapshot[]> {
  const rows = await db
    .select(contractSnapshotColumns)
    .from(contracts)
    .where(and(eq(contracts.ucpId, ucpId), eq(contracts.status, 'active'), inArray(contracts.id, [...ids])))
    .orderBy(asc(contracts.contractNo));
  return everyOneFound(rows, ids, 'contract', ucpId);
}

/** What the records say now (old value) and what is asked (new value), per type. */
export const BUILDERS: { [T in ChangeType]: (db: Db, ucpId: string, form: FormOf[T]) => Promise<Built<T>> } = {
  comp_name: async (db, ucpId, form) => {
    const c = await customerRow(db, ucpId);
    return { oldValue: { nameEn: c.nameEn, nameZh: c.nameZh, brNo: c.brNo }, newValue: form, effectiveDate: form.effectiveDate };
  },
  bill_addr: async (db, ucpId, form) => {
    const c = await customerRow(db, ucpId);
    const f = formatHkAddress(form.address);
    return {
      oldValue: { addressEn: c.billingAddressEn, addressZh: c.billingAddressZh, contactName: c.contactName, contactPhone: c.contactPhone },
      newValue: { ...form, addressEn: f.en, addressZh: f.zh },
      effectiveDate: form.effectiveDate,
    };
  },
  machine_loc: async (db, ucpId, form) => {
    const list = await machinesOf(db, ucpId, form.machineIds);
    const f = formatHkAddress(form.address);
    return {
      oldValue: { machines: list },
      newValue: { ...form, machineIds: list.map((m) => m.id), serialNos: list.map((m) => m.serialNo), addressEn: f.en, addressZh: f.zh },
      effectiveDate: form.moveDate,
    };
  },
  rec_hardcopy: async (db, ucpId, form) => {
    const c = await customerRow(db, ucpId);
    return { oldValue: { receiveHardcopy: c.receiveHardcopyBill, ebillEmail: c.contactEmail }, newValue: form, effectiveDate: null };
  },
  toner_addr: async (db, ucpId, form) => {
    const list = await machinesOf(db, ucpId, form.machineIds);
    const f = formatHkAddress(form.address);
    return {
      oldValue: { machines: list },
      newValue: { ...form, machineIds: list.map((m) => m.id), serialNos: list.map((m) => m.serialNo), addressEn: f.en, addressZh: f.zh },
      effectiveDate: null,
    };
  },
  trans_agree: async (db, ucpId, form) => {
    const list = await contractsOf(db, ucpId, form.contractIds);
    return {
      oldValue: { contracts: list },
      newValue: { ...form, contractIds: list.map((c) => c.id), contractNos: list.map((c) => c.contractNo) },
      effectiveDate: form.effectiveDate,
    };
  },
};
