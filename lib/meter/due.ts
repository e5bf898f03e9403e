/** The due / overdue flag of a machine's reading for the current billing period (pure; docs/contracts-and-meters.md). */
import { addDays, addMonths } from '@/lib/dates/hongKong';
import { READING_WINDOW_DAYS, type ReadingDueFlag } from './constants';

/**
 * Reading days fall on the contract's start day of each month (`anchor`). The reading for a reading day D is the one
 * dated from D − window on, and it is late once D + window has passed.
 *
 * - `overdue` (dueOn: that day): the latest reading day whose grace period has passed was not read, even when the next
 *   reading day's window is open already: a reading missed last month stays overdue until one arrives.
 * - `due` (dueOn: that day): the reading day whose window is open now (D − window … D + window) is not read yet.
 * - `ok` (dueOn: the next reading day not read yet).
 */
export function readingDue(anchor: string, lastReadingDate: string | null, today: string, window = READING_WINDOW_DAYS): { flag: ReadingDueFlag; dueOn: string } {
  const monthsSince = (Number(today.slice(0, 4)) - Number(anchor.slice(0, 4))) * 12 + Number(today.slice(5, 7)) - Number(anchor.slice(5, 7));
  const dayAt = (k: number) => addMonths(anchor, k);
  const has = (d: string) => lastReadingDate !== null && lastReadingDate >= addDays(d, -window);
  // k: the latest reading day whose grace period is over (D + window < today).
  let k = monthsSince + 1;
  while (addDays(dayAt(k), window) >= today) k -= 1;
  const lapsed = dayAt(k);
  if (lapsed >= anchor && !has(lapsed)) return { flag: 'overdue', dueOn: lapsed };
  const current = dayAt(k + 1);
  if (today >= addDays(current, -window)) return has(current) ? { flag: 'ok', dueOn: dayAt(k + 2) } : { flag: 'due', dueOn: current };
  return { flag: 'ok', dueOn: current };
}

/**
 * The day a flag tells the customer: for `due`, the last day a reading still counts for the open reading day (reading
 * day + window): "Reading due by 1 Dec" read as already missed on 3 Dec, while the reading was accepted until 6 Dec
 * (QA). For `overdue` and `ok`, the reading day itself.
 */
export function flagDate(flag: ReadingDueFlag, dueOn: string, window = READING_WINDOW_DAYS): string {
  return flag === 'due' ? addDays(dueOn, window) : dueOn;
}
