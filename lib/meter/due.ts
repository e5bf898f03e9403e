/** The due / overdue flag of a machine's reading for the current billing period (pure; docs/contracts-and-meters.md). */
import { addDays, addMonths } from '@/lib/dates/hongKong';
import { READING_WINDOW_DAYS, type ReadingDueFlag } from './constants';

/**
 * Reading days fall on the contract's start day of each month (`anchor`). The reading for a reading day D is the one
 * dated from D − window on. Before the window of the next reading day opens: `ok` when the last reading day was read,
 * `due` while its window is still open, `overdue` after. Inside the next window: `ok` once read, else `due`.
 */
export function readingDue(anchor: string, lastReadingDate: string | null, today: string, window = READING_WINDOW_DAYS): { flag: ReadingDueFlag; dueOn: string } {
  const monthsSince = (Number(today.slice(0, 4)) - Number(anchor.slice(0, 4))) * 12 + Number(today.slice(5, 7)) - Number(anchor.slice(5, 7));
  let prev = addMonths(anchor, monthsSince);
  if (prev > today) prev = addMonths(anchor, monthsSince - 1);
  const next = addMonths(anchor, monthsSince + (addMonths(anchor, monthsSince) > today ? 0 : 1));
  const readFrom = (d: string) => addDays(d, -window);
  const has = (d: string) => lastReadingDate !== null && lastReadingDate >= readFrom(d);
  if (today >= readFrom(next)) return { flag: has(next) ? 'ok' : 'due', dueOn: next };
  if (has(prev) || prev < anchor) return { flag: 'ok', dueOn: next };
  return { flag: today <= addDays(prev, window) ? 'due' : 'overdue', dueOn: prev };
}
