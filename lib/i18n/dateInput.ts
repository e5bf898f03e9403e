import { formatDate } from './locales';

/**
 * Dates typed by hand in the page's own format (issue 10 item 14): the portal shows dates as "1 Nov 2026" /
 * "2026年11月1日" (formatDate), so a date field shows and accepts the same, not the browser's mm/dd/yyyy. Typing is
 * forgiving: the shown format, day-first numbers as written in Hong Kong (1/11/2026, 01-11-2026), year-first numbers
 * (2026-11-01, 2026/11/1) and the Chinese form all read as the same day. Anything else is not a date (null).
 */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const iso = (y: number, m: number, d: number): string | null => {
  if (!Number.isInteger(y) || y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

const monthOf = (word: string): number => {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return 0;
  const i = MONTHS.findIndex((m) => w.startsWith(m));
  return i + 1;
};

/** A typed date → 'YYYY-MM-DD', or null when it is not a real date. */
export function parseTypedDate(text: string): string | null {
  // A Chinese input method's full-width digits and marks (２０２６－１２－３１, ２０２６／１２／３１) read as plain ones (QA).
  const s = text.normalize('NFKC').trim().replace(/\s+/g, ' ');
  if (!s) return null;
  let m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})$/.exec(s);
  if (m) return iso(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})(?:st|nd|rd|th)?[ -]([A-Za-z]+\.?)[ -,]*(\d{4})$/.exec(s);
  if (m) return iso(Number(m[3]), monthOf(m[2]!), Number(m[1]));
  m = /^([A-Za-z]+\.?) (\d{1,2}),? (\d{4})$/.exec(s);
  if (m) return iso(Number(m[3]), monthOf(m[1]!), Number(m[2]));
  return null;
}

/**
 * 'YYYY-MM-DD' → the page's format ("1 Nov 2026" / "2026年11月1日"). Only a real day: JavaScript's Date rolls
 * '2026-02-30' over to 2 March, so a field showed "2 Mar 2026" beside "Enter a valid date" (QA walk); a day that does
 * not exist stays as typed, for the schema to refuse.
 */
export function showDate(isoDate: string, locale: string | undefined): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate) && parseTypedDate(isoDate) === isoDate ? formatDate(`${isoDate}T12:00:00+08:00`, locale) : isoDate;
}

/** What a date field shows as an example of the format it takes. */
export const dateExample = (locale: string | undefined): string => showDate('2026-11-01', locale);

/**
 * Dates written inside a text as 'YYYY-MM-DD' (a bill line's "Rental charge, 2026-10-01 – 2026-10-31") shown in the
 * page's format like every other date on it (issue 10 item 14).
 */
export function formatDatesIn(text: string, locale: string | undefined): string {
  return text.replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, (whole) => (parseTypedDate(whole) ? showDate(whole, locale) : whole));
}
