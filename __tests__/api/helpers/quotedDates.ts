/** Dates quoted in demo texts (issue 10 item 5 tests). */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Every full date a text quotes ('1 March 2027', '2027年3月1日'), as 'YYYY-MM-DD'. */
export function datesQuotedIn(text: string): string[] {
  const pad = (n: string | number) => String(n).padStart(2, '0');
  const en = [...text.matchAll(/\b(\d{1,2}) (January|February|March|April|May|June|July|August|September|October|November|December) (\d{4})\b/g)].map(
    (m) => `${m[3]}-${pad(MONTHS.indexOf(m[2]!) + 1)}-${pad(m[1]!)}`,
  );
  const zh = [...text.matchAll(/(\d{4})年(\d{1,2})月(\d{1,2})日/g)].map((m) => `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}`);
  return [...en, ...zh];
}

/** Every month a text quotes ('December 2026', '2026年12月份', and the months of full dates), as 'YYYY-MM'. */
export function monthsQuotedIn(text: string): string[] {
  const pad = (n: string | number) => String(n).padStart(2, '0');
  const en = [...text.matchAll(/\b(January|February|March|April|May|June|July|August|September|October|November|December) (\d{4})\b/g)].map(
    (m) => `${m[2]}-${pad(MONTHS.indexOf(m[1]!) + 1)}`,
  );
  const zh = [...text.matchAll(/(\d{4})年(\d{1,2})月/g)].map((m) => `${m[1]}-${pad(m[2]!)}`);
  return [...en, ...zh];
}
