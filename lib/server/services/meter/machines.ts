import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import type { MachineSummary } from '@/lib/machines/schemas';
import type { ReadingSource } from '@/lib/meter/constants';
import { readingDue } from '@/lib/meter/due';
import type { MachinesResult, MeterMachine } from '@/lib/meter/schemas';
import { intervalsOf, usualDailyVolume, type CounterReading } from '@/lib/meter/usage';
import type { CustomerContext } from '@/lib/server/context';
import { contracts, machineModels, machines, meterReadings } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { machineSummaryColumns, machineSummaryOf } from '@/lib/server/services/equipment';

/** A month of usual volume: 365.25 / 12 days. */
export const DAYS_PER_MONTH = 30.4375;

/** A row of `machineSelect`: the machine as every feature names it, with its customer, contract and status. */
export type MachineRow = MachineSummary & {
  ucpId: string;
  contractId: string | null;
  contractNo: string | null;
  contractStart: string | null;
  installedOn: string | null;
  status: string;
};

export function machineSelect(db: Db) {
  return db
    .select({
      ...machineSummaryColumns,
      ucpId: machines.ucpId,
      contractId: machines.contractId,
      contractNo: contracts.contractNo,
      contractStart: contracts.startDate,
      installedOn: machines.installedOn,
      status: machines.status,
    })
    .from(machines)
    .innerJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
    .leftJoin(contracts, eq(contracts.id, machines.contractId));
}

/** A machine's latest reading as the screens show it (null: none yet). */
export const lastReadingOf = (last: { readingDate: string; monoCounter: number; colourCounter: number; source: ReadingSource } | null) =>
  last ? { readingDate: last.readingDate, monoCounter: last.monoCounter, colourCounter: last.colourCounter, source: last.source } : null;

/**
 * Readings of the given machines from a date on, oldest first, grouped by machine. With `opening`, each machine's
 * last reading before `from` comes first, however old: the interval it opens ends in the range, and its pages belong
 * there (the usage chart lost a month's pages when the reading before it was more than a few weeks older).
 */
export async function readingsByMachine(
  db: Db,
  machineIds: readonly string[],
  from: string,
  { opening = false }: { opening?: boolean } = {},
): Promise<Map<string, (CounterReading & { source: ReadingSource })[]>> {
  const out = new Map<string, (CounterReading & { source: ReadingSource })[]>(machineIds.map((id) => [id, []]));
  if (machineIds.length === 0) return out;
  const columns = { machineId: meterReadings.machineId, readingDate: meterReadings.readingDate, monoCounter: meterReadings.monoCounter, colourCounter: meterReadings.colourCounter, source: meterReadings.source };
  if (opening) {
    const before = await db
      .selectDistinctOn([meterReadings.machineId], columns)
      .from(meterReadings)
      .where(and(inArray(meterReadings.machineId, [...machineIds]), lt(meterReadings.readingDate, from)))
      .orderBy(meterReadings.machineId, desc(meterReadings.readingDate));
    for (const r of before) out.get(r.machineId)!.push(r);
  }
  const rows = await db
    .select(columns)
    .from(meterReadings)
    .where(and(inArray(meterReadings.machineId, [...machineIds]), gte(meterReadings.readingDate, from)))
    .orderBy(asc(meterReadings.machineId), asc(meterReadings.readingDate));
  for (const r of rows) out.get(r.machineId)!.push(r);
  return out;
}

/** The latest reading of each machine (any date). */
export async function latestReadings(db: Db, machineIds: readonly string[]) {
  if (machineIds.length === 0) return new Map<string, CounterReading & { source: ReadingSource }>();
  const rows = await db
    .selectDistinctOn([meterReadings.machineId], {
      machineId: meterReadings.machineId,
      readingDate: meterReadings.readingDate,
      monoCounter: meterReadings.monoCounter,
      colourCounter: meterReadings.colourCounter,
      source: meterReadings.source,
    })
    .from(meterReadings)
    .where(inArray(meterReadings.machineId, [...machineIds]))
    .orderBy(meterReadings.machineId, desc(meterReadings.readingDate));
  return new Map(rows.map((r) => [r.machineId, r]));
}

/** Usual pages per day of a machine: the readings of the 12 months before `upTo`. */
export function usualDaily(readings: readonly CounterReading[], upTo: string) {
  const yearAgo = addDays(upTo, -366);
  return usualDailyVolume(intervalsOf(readings.filter((r) => r.readingDate >= yearAgo && r.readingDate <= upTo)));
}

export async function listMachines(ctx: CustomerContext): Promise<MachinesResult> {
  const today = hkToday(ctx.now());
  const rows = await machineSelect(ctx.db)
    .where(and(eq(machines.ucpId, ctx.actor.ucpId), eq(machines.status, 'active')))
    .orderBy(asc(machines.serialNo));
  const ids = rows.map((r) => r.id);
  const latest = await latestReadings(ctx.db, ids);
  const history = await readingsByMachine(ctx.db, ids, addDays(today, -366));
  const items: MeterMachine[] = rows.map((m) => {
    const last = latest.get(m.id) ?? null;
    const anchor = m.contractStart ?? m.installedOn ?? `${today.slice(0, 7)}-01`;
    const due = readingDue(anchor, last?.readingDate ?? null, today);
    const usual = usualDaily(history.get(m.id) ?? [], today);
    return {
      ...machineSummaryOf(m),
      contractId: m.contractId,
      contractNo: m.contractNo,
      lastReading: lastReadingOf(last),
      readingDueOn: due.dueOn,
      dueFlag: due.flag,
      usualMonthly: usual ? { mono: Math.round(usual.mono * DAYS_PER_MONTH), colour: Math.round(usual.colour * DAYS_PER_MONTH) } : null,
    };
  });
  return { items, today };
}

export const countReadings = (db: Db, ucpId: string) =>
  db.select({ n: sql<number>`count(*)::int` }).from(meterReadings).where(eq(meterReadings.ucpId, ucpId));
