/**
 * Calendar dates of billing as 'YYYY-MM-DD' strings in Hong Kong time (UTC+8, no daylight saving time). Shared by
 * the server (derived bill status, ageing, payment-date checks) and the browser (the upload form's date limits).
 */
const HK_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** Today's date in Hong Kong. */
export function hkToday(now: Date = new Date()): string {
  return new Date(now.getTime() + HK_OFFSET_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' plus `days` calendar days (negative goes back). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
