import { periodsOf } from '@/lib/contracts/terms';
import { addDays, addMonths, hkToday } from '@/lib/dates/hongKong';
import type { ReadingSource } from '@/lib/meter/constants';
import type { CounterReading } from '@/lib/meter/usage';
import { meterReadings } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { CONTRACT_ID, MACHINE_ID, SEED_CONTRACTS, SEED_DAY, SEED_MACHINE_MODELS, SEED_MACHINES, type SeedMachine, seedContract } from './equipment';
import { hkLocal } from './hkTime';

/**
 * Demo meter readings (docs/contracts-and-meters.md). Every machine has one reading at its installation and one on
 * each monthly billing day of its contract (the contract's start day of the month) from the first period the demo
 * bills cover up to the day the data is seeded. The bills (seedData/billing.ts) are computed from these very readings
 * and name them (bill_line_readings), so every counter on a bill is a reading on the meter history screen.
 *
 * Counters grow from a monthly volume per machine (base × season × noise × slow growth), integrated day by day, so a
 * reading on any day is defined and the same on every database. Sources: the networked MFPs report automatically
 * most months, the printers are read by the customer (web) or by a technician; a month without a reading is
 * estimated by the provider. Two printers lack their latest readings, counted back from the seed day, so the due /
 * overdue flags show whenever the data is seeded (LATE_MACHINES).
 */

/**
 * The day the demo bills are issued up to: the first of the seed day's month in Hong Kong (issue 10 item 5), so the
 * latest bills are at most a month old whenever the data is seeded (seeded on 2026-11-24: 2026-11-01).
 */
export const billingReferenceOf = (seedDay: string): string => `${seedDay.slice(0, 7)}-01`;
export const BILLING_REFERENCE_DATE = billingReferenceOf(SEED_DAY);
/** The first month the demo history covers (bills start here too): three years before the billing reference. */
export const HISTORY_FROM = addMonths(BILLING_REFERENCE_DATE, -36);

type Usage = { mono: number; colour: number };

/** Pages per month on average: what each machine's place in its office would print. */
const BASE_VOLUME: Record<string, Usage> = {
  [MACHINE_ID.hvColour]: { mono: 3600, colour: 1150 },
  [MACHINE_ID.hvMono]: { mono: 9400, colour: 0 },
  [MACHINE_ID.hvPrinter]: { mono: 5200, colour: 0 },
  [MACHINE_ID.lcColour]: { mono: 7400, colour: 2450 },
  [MACHINE_ID.lcMonoOffice]: { mono: 6100, colour: 0 },
  [MACHINE_ID.lcMonoWarehouse]: { mono: 2600, colour: 0 },
  [MACHINE_ID.lcPrinter]: { mono: 3100, colour: 0 },
  [MACHINE_ID.srColour]: { mono: 1500, colour: 420 },
  [MACHINE_ID.srPrinter]: { mono: 900, colour: 0 },
};

/** Lunar New Year (February), summer holidays and Christmas print less; the year's end closes print more. */
const SEASON = [0.95, 0.8, 1.05, 1.0, 1.0, 1.05, 0.95, 0.9, 1.05, 1.05, 1.05, 0.9];

/** mulberry32: a tiny deterministic generator, so the demo volumes are the same on every database. */
export function random(seed: number): number {
  let t = (seed + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const monthIndex = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;
const daysInMonth = (index: number) => new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();

export const isColourModel = (modelCode: string | undefined): boolean => SEED_MACHINE_MODELS.find((m) => m.modelCode === modelCode)?.isColour ?? false;
const machineNoOf = (machine: SeedMachine) => Number(machine.id.slice(-4));
const installOf = (machine: SeedMachine) => machine.installedOn ?? '2024-01-01';

function monthlyVolume(machine: SeedMachine, index: number): Usage {
  const machineNo = machineNoOf(machine);
  const base = BASE_VOLUME[machine.id] ?? { mono: 1000, colour: 0 };
  const years = (index - monthIndex(installOf(machine))) / 12;
  const factor = SEASON[index % 12]! * (0.85 + 0.3 * random(machineNo * 10_007 + index)) * (1 + 0.03 * years);
  const colourNoise = 0.85 + 0.3 * random(machineNo * 20_011 + index);
  return { mono: base.mono * factor, colour: base.colour * SEASON[index % 12]! * colourNoise };
}

/** Counter readings of a machine at the start of a day ('YYYY-MM-DD'), from its installation on. */
export function countersAt(machine: SeedMachine, date: string): Usage {
  const machineNo = machineNoOf(machine);
  const install = installOf(machine);
  const colour = isColourModel(machine.modelCode);
  // A new machine leaves the factory with a few test pages on its counters.
  const total: Usage = { mono: 40 + machineNo * 3, colour: colour ? 25 : 0 };
  if (date <= install) return { mono: Math.floor(total.mono), colour: Math.floor(total.colour) };
  const from = monthIndex(install);
  const to = monthIndex(date);
  for (let m = from; m <= to; m += 1) {
    const days = daysInMonth(m);
    const startDay = m === from ? Number(install.slice(8, 10)) : 1;
    const endDay = m === to ? Number(date.slice(8, 10)) : days + 1;
    const share = Math.max(0, endDay - startDay) / days;
    const v = monthlyVolume(machine, m);
    total.mono += v.mono * share;
    total.colour += colour ? v.colour * share : 0;
  }
  return { mono: Math.floor(total.mono), colour: Math.floor(total.colour) };
}

export type SeedReading = typeof meterReadings.$inferInsert & {
  id: string;
  machineId: string;
  readingDate: string;
  monoCounter: number;
  colourCounter: number;
  source: ReadingSource;
};

/** Fixed id: machine number and date, so a reading is the same row on every database. */
export const readingIdOf = (machine: SeedMachine, date: string): string =>
  `5eed0040-0000-4000-8000-${String(machineNoOf(machine)).padStart(4, '0')}${date.replaceAll('-', '')}`;

/**
 * Machines whose latest readings the customer has not sent, by how many days before the seed day they stop: Harbour
 * View's printer lacks every reading of the last 40 days, so the latest reading day whose 5-day grace period is over
 * (at most 36 days back) was never read: **overdue** on any seed day (lib/meter/due.ts). Lung Cheong's warehouse
 * printer lacks the reading of the last 5 days: **due** when the data is seeded within 5 days after its reading day.
 * A reading that a demo bill names is always kept, and a late machine's contract is billed only up to its last reading
 * (billedUpTo): otherwise the printer's quarterly bill of the 1st kept that day's reading, and seeded from the 1st to
 * early February (April, July, October) the printer read "ok" or "due" instead of overdue.
 */
const LATE_MACHINES: ReadonlyMap<string, number> = new Map([
  [MACHINE_ID.hvPrinter, 40],
  [MACHINE_ID.lcPrinter, 5],
]);

/** The machines a contract's bills cover: its own; the warehouse maintenance contract that was renewed billed the same two. */
export const billedMachinesOf = (contractId: string): SeedMachine[] => {
  const id = contractId === CONTRACT_ID.lcMaintenanceOld ? CONTRACT_ID.lcMaintenance : contractId;
  return SEED_MACHINES.filter((m) => m.contractId === id);
};

/**
 * The latest bill date of a contract's demo bills when the data is seeded on `seedDay`: the billing reference, or
 * earlier when a machine it bills is late (LATE_MACHINES): such a bill waits for its closing reading, which the
 * customer has not sent, so no bill names a reading of the late days.
 */
export function billedUpTo(contractId: string, seedDay: string = SEED_DAY): string {
  const reference = billingReferenceOf(seedDay);
  const lateDays = Math.max(0, ...billedMachinesOf(contractId).map((m) => LATE_MACHINES.get(m.id) ?? 0));
  const lastRead = addDays(seedDay, -lateDays);
  return lastRead < reference ? lastRead : reference;
}

/** The reading dates the demo bills name for a machine (seedData/billing.ts: each billed period's start and bill date). */
function billedReadingDates(machine: SeedMachine, seedDay: string): Set<string> {
  const ids = machine.contractId === CONTRACT_ID.lcMaintenance ? [CONTRACT_ID.lcMaintenance, CONTRACT_ID.lcMaintenanceOld] : [machine.contractId];
  const out = new Set<string>();
  for (const c of SEED_CONTRACTS.filter((x) => ids.includes(x.id))) {
    const upTo = billedUpTo(c.id, seedDay);
    for (const p of periodsOf(c)) {
      if (p.billDate > upTo || p.end < HISTORY_FROM) continue;
      out.add(p.start <= installOf(machine) ? installOf(machine) : p.start);
      out.add(p.billDate <= installOf(machine) ? installOf(machine) : p.billDate);
    }
  }
  return out;
}

function sourceOf(machine: SeedMachine, date: string): ReadingSource {
  const r = random(machineNoOf(machine) * 30_013 + monthIndex(date));
  const printer = SEED_MACHINE_MODELS.find((m) => m.modelCode === machine.modelCode)?.category === 'printer';
  if (printer) return r < 0.65 ? 'web' : r < 0.85 ? 'staff' : 'estimated';
  return r < 0.75 ? 'automatic' : r < 0.9 ? 'web' : r < 0.96 ? 'staff' : 'estimated';
}

/** The date a machine's reading days count from: its contract's start (the renewed warehouse contract's: the old one's, same day of the month). */
const anchorOf = (machine: SeedMachine): string =>
  machine.contractId === CONTRACT_ID.lcMaintenance ? seedContract(CONTRACT_ID.lcMaintenanceOld).startDate : seedContract(machine.contractId!).startDate;

/** Reading dates of a machine: its installation, then each billing day from the history's start up to `upTo`. */
export function readingDatesOf(machine: SeedMachine, upTo: string): string[] {
  const install = installOf(machine);
  const anchor = anchorOf(machine);
  const dates = [install];
  const firstMonth = Math.max(monthIndex(HISTORY_FROM) - 3, monthIndex(install));
  const monthsFromAnchor = firstMonth - monthIndex(anchor);
  for (let k = monthsFromAnchor; ; k += 1) {
    const d = addMonths(anchor, k);
    if (d > upTo) break;
    if (d > install) dates.push(d);
  }
  return dates;
}

/**
 * A machine's counters on its reading days in the 13 months up to `on` (and at its installation when that is later),
 * whatever day the data is seeded: what a renewal submitted on `on` was priced from (seedData/renewal.ts). The seeded
 * history starts three years before the billing reference: seeded from February 2028 on, it no longer reached back
 * from the approved renewal of 5 Nov 2024, whose comparison then priced nothing (0).
 */
export function readingsUpTo(machine: SeedMachine, on: string): CounterReading[] {
  const install = installOf(machine);
  const anchor = anchorOf(machine);
  const from = addMonths(on, -13);
  const dates = install > from && install <= on ? [install] : [];
  for (let k = monthIndex(from) - monthIndex(anchor); ; k += 1) {
    const d = addMonths(anchor, k);
    if (d > on) break;
    if (d > install && d > from) dates.push(d);
  }
  return dates.map((d) => {
    const c = countersAt(machine, d);
    return { readingDate: d, monoCounter: c.mono, colourCounter: c.colour };
  });
}

/**
 * Every demo reading up to `upTo` (the seed day; the bills use only those up to the reference date). A machine in
 * LATE_MACHINES lacks its readings of the last days before `upTo` (except those a bill names).
 */
export function buildSeedReadings(upTo: string = hkToday()): SeedReading[] {
  const out: SeedReading[] = [];
  for (const machine of SEED_MACHINES) {
    let dates = readingDatesOf(machine, upTo);
    const lateDays = LATE_MACHINES.get(machine.id);
    if (lateDays !== undefined) {
      const missingAfter = addDays(upTo, -lateDays);
      const billed = billedReadingDates(machine, upTo);
      dates = dates.filter((d) => d <= missingAfter || d === installOf(machine) || billed.has(d));
    }
    for (const date of dates) {
      const c = countersAt(machine, date);
      const install = date === installOf(machine);
      out.push({
        id: readingIdOf(machine, date),
        machineId: machine.id,
        ucpId: machine.ucpId,
        readingDate: date,
        monoCounter: c.mono,
        colourCounter: c.colour,
        source: install ? 'staff' : sourceOf(machine, date),
        status: 'accepted',
        createdAt: hkLocal(`${date}T10:00:00`),
      });
    }
  }
  return out;
}

/** The reading a bill uses on a date: the one on that date, or the installation reading when the date is before it. */
export function seedReadingFor(machine: SeedMachine, date: string): SeedReading {
  const d = date <= installOf(machine) ? installOf(machine) : date;
  const c = countersAt(machine, d);
  return {
    id: readingIdOf(machine, d),
    machineId: machine.id,
    ucpId: machine.ucpId,
    readingDate: d,
    monoCounter: c.mono,
    colourCounter: c.colour,
    source: d === installOf(machine) ? 'staff' : sourceOf(machine, d),
  };
}

/** Inserts the readings (idempotent: fixed ids, on conflict do nothing). */
export async function seedMeterReadings(tx: Db, upTo: string = hkToday()): Promise<void> {
  const rows = buildSeedReadings(upTo);
  for (let i = 0; i < rows.length; i += 400) await tx.insert(meterReadings).values(rows.slice(i, i + 400)).onConflictDoNothing();
}
