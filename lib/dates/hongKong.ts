/**
 * The one Hong Kong calendar module (browser-safe): dates as 'YYYY-MM-DD' strings in Hong Kong time (UTC+8 all year,
 * no daylight saving time). Server SQL over timestamptz columns: lib/server/db/hkDates.ts.
 */
const HK_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** Today's date in Hong Kong. */
export function hkToday(now: Date = new Date()): string {
  return new Date(now.getTime() + HK_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Hong Kong calendar date of an instant. */
export const hkDateOf = (instant: Date): string => hkToday(instant);

/** 'YYYY-MM-DD' plus `days` calendar days (negative goes back). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' plus `months` calendar months, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The instant a Hong Kong calendar day starts. */
export const hkDayStart = (isoDate: string): Date => new Date(`${isoDate}T00:00:00+08:00`);
/** The instant the next Hong Kong calendar day starts (exclusive end of `isoDate`). */
export const hkDayEnd = (isoDate: string): Date => new Date(hkDayStart(isoDate).getTime() + DAY_MS);

/** A `datetime-local` field's value: Hong Kong wall-clock time to the minute, `2026-09-16T09:40`. */
export const HK_LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
/** The instant of a `datetime-local` value read as Hong Kong time. */
export const fromHkLocalDateTime = (local: string): Date => new Date(`${local}:00+08:00`);
/** An instant as a `datetime-local` value in Hong Kong time. */
export const hkLocalDateTime = (instant: Date): string => new Date(instant.getTime() + HK_OFFSET_MS).toISOString().slice(0, 16);
