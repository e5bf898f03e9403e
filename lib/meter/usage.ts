/**
 * Usage from meter readings (pure, browser-safe; docs/contracts-and-meters.md). Pages used between two readings are
 * the difference of their counters; a counter that went back is an error, never a silent roll-over.
 */
import { pagesBetween, type MachineUsage } from '@/lib/contracts/terms';
import { addDays } from '@/lib/dates/hongKong';

export type CounterReading = { readingDate: string; monoCounter: number; colourCounter: number };

export type Interval = { from: string; to: string; mono: number; colour: number };

/**
 * The month an interval's pages are shown in: the month of the last day it covers. A reading is the counter at the
 * start of its day, so the reading of 1 December closes November (QA: the machine page's "Dec 2026" showed
 * November's pages on 3 December); a reading of 15 December closes the days to 14 December.
 */
export const usageMonthOf = (iv: Pick<Interval, 'to'>): string => addDays(iv.to, -1).slice(0, 7);

/** Consecutive readings → the pages used between each pair (sorted by date first). */
export function intervalsOf(readings: readonly CounterReading[]): Interval[] {
  const sorted = [...readings].sort((a, b) => a.readingDate.localeCompare(b.readingDate));
  const out: Interval[] = [];
  for (let i = 1; i < sorted.length; i += 1) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    out.push({ from: a.readingDate, to: b.readingDate, mono: pagesBetween(a.monoCounter, b.monoCounter), colour: pagesBetween(a.colourCounter, b.colourCounter) });
  }
  return out;
}

/**
 * The last `count` monthly intervals of each machine up to `upTo`, aligned from the most recent: element i of the
 * answer is month i (oldest first) with every machine's pages. Machines with fewer readings contribute to the later
 * months only. Used to price the last 12 months of actual volume at other terms (renewal comparison).
 */
export function lastMonths(
  machines: readonly { machineId: string; isColour: boolean; readings: readonly CounterReading[] }[],
  upTo: string,
  count = 12,
): MachineUsage[][] {
  const months: MachineUsage[][] = Array.from({ length: count }, () => []);
  for (const m of machines) {
    const intervals = intervalsOf(m.readings.filter((r) => r.readingDate <= upTo)).slice(-count);
    const offset = count - intervals.length;
    intervals.forEach((iv, i) => months[offset + i]!.push({ machineId: m.machineId, isColour: m.isColour, mono: iv.mono, colour: iv.colour }));
  }
  return months.filter((m) => m.length > 0);
}

/** Average pages per day over the intervals (the machine's usual volume); null with less than 28 days of history. */
export function usualDailyVolume(intervals: readonly Interval[]): { mono: number; colour: number } | null {
  if (intervals.length === 0) return null;
  const days = intervals.reduce((s, iv) => s + Math.max(0, (Date.parse(iv.to) - Date.parse(iv.from)) / 86_400_000), 0);
  if (days < 28) return null;
  return { mono: intervals.reduce((s, iv) => s + iv.mono, 0) / days, colour: intervals.reduce((s, iv) => s + iv.colour, 0) / days };
}
