export const LOCALES = ['en', 'tc'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (v: unknown): v is Locale => v === 'en' || v === 'tc';

/** BCP 47 tag for <html lang> and Intl: `tc` is Traditional Chinese as written in Hong Kong. */
export const htmlLang = (locale: string | undefined): string => (locale === 'tc' ? 'zh-Hant-HK' : 'en');

/** Intl locale for dates and money. */
export const intlLocale = (locale: string | undefined): string => (locale === 'tc' ? 'zh-HK' : 'en-HK');

const HKT = 'Asia/Hong_Kong';

export function formatDateTime(value: string | number | Date | null | undefined, locale: string | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: HKT }).format(d);
}

export function formatDate(value: string | number | Date | null | undefined, locale: string | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: HKT }).format(d);
}

/** Money is integer cents of HKD (DESIGN.md "Data"). */
export function formatMoney(cents: number, locale: string | undefined): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: 'HKD' }).format(cents / 100);
}

/** Bilingual records carry `_en` / `_zh` pairs: pick the one for the locale, falling back to the other. */
export function pickLocalized(locale: string | undefined, en: string | null | undefined, zh: string | null | undefined): string {
  return (locale === 'tc' ? zh || en : en || zh) ?? '';
}
