import { HK_PHONE_DIGITS, normalizeHkPhone } from '@/lib/phone';

export const LOCALES = ['en', 'tc'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (v: unknown): v is Locale => v === 'en' || v === 'tc';

/** BCP 47 tag for <html lang> and Intl: `tc` is Traditional Chinese as written in Hong Kong. */
export const htmlLang = (locale: string | undefined): string => (locale === 'tc' ? 'zh-Hant-HK' : 'en');

/** Intl locale for dates and money. */
export const intlLocale = (locale: string | undefined): string => (locale === 'tc' ? 'zh-HK' : 'en-HK');

const HKT = 'Asia/Hong_Kong';

/**
 * Intl formatters are costly to build (each one resolves locale data; the first of a page loads ICU's), and a list
 * page formats every row's dates and amounts: one formatter per locale and options, built on first use and kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, locale: string | undefined, options: object, build: (tag: string) => F): F {
  const tag = intlLocale(locale);
  const key = `${kind}|${tag}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = build(tag)));
  return f as F;
}

/** The kept `Intl.DateTimeFormat` for the portal locale and these options. */
export const dateTimeFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached('d', locale, options, (tag) => new Intl.DateTimeFormat(tag, options));

/** The kept `Intl.NumberFormat` for the portal locale and these options. */
export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  cached('n', locale, options, (tag) => new Intl.NumberFormat(tag, options));

const lists = new Map<string, Intl.ListFormat>();
/**
 * Items joined as the locale writes a list: "JPEG, PNG or PDF" in English, 「JPEG、PNG或PDF」 in Chinese
 * (`disjunction`: "or"; `conjunction`: "and"). Use it instead of `join(', ')` for any list shown in a sentence.
 */
export function formatList(items: readonly string[], locale: string | undefined, type: Intl.ListFormatType = 'disjunction'): string {
  const tag = intlLocale(locale);
  const key = `${tag}|${type}`;
  let f = lists.get(key);
  if (!f) lists.set(key, (f = new Intl.ListFormat(tag, { type })));
  return f.format(items);
}

/**
 * Sentences shown as one text: a space between them in English, nothing in Chinese, whose full stop 。 already parts
 * them (「未能載入訊息。 系統出現問題…」 with a space reads as a typo). Use it instead of `${a} ${b}`.
 */
export const joinSentences = (locale: string | undefined, ...sentences: string[]): string =>
  sentences.filter(Boolean).join(locale === 'tc' ? '' : ' ');

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: HKT };
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: HKT };
const HKD: Intl.NumberFormatOptions = { style: 'currency', currency: 'HKD' };

export function formatDateTime(value: string | number | Date | null | undefined, locale: string | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return dateTimeFormat(locale, DATE_TIME).format(d);
}

const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short', timeZone: HKT };

/**
 * The two ends of a span of time, for a "{{from}} to {{to}}" text: the end without its date when it falls on the same
 * Hong Kong day ("16 Sept 2026, 9:40 am" to "4:20 pm"; "2026年9月16日 上午9:40" 至 "下午4:20").
 */
export function formatDateTimeSpan(from: string | Date, to: string | Date, locale: string | undefined): { from: string; to: string } {
  const sameDay = formatDate(from, locale) === formatDate(to, locale);
  return { from: formatDateTime(from, locale), to: sameDay ? dateTimeFormat(locale, TIME).format(new Date(to)) : formatDateTime(to, locale) };
}

export function formatDate(value: string | number | Date | null | undefined, locale: string | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return dateTimeFormat(locale, DATE).format(d);
}

const MONTH_SHORT: Intl.DateTimeFormatOptions = { month: 'short', timeZone: 'UTC' };
const MONTH_LONG: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric', timeZone: 'UTC' };

/**
 * A 'YYYY-MM' month in the page's language: short for a chart's axis ("Dec" / "12月"), long for a table ("Dec 2025" /
 * "2025年12月"); anything else is returned as it came.
 */
export function formatMonth(month: string, locale: string | undefined, style: 'short' | 'long'): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return dateTimeFormat(locale, style === 'short' ? MONTH_SHORT : MONTH_LONG).format(new Date(Date.UTC(y, m - 1, 1)));
}

/** Money is integer cents of HKD (DESIGN.md "Data"). */
export function formatMoney(cents: number, locale: string | undefined): string {
  return numberFormat(locale, HKD).format(cents / 100);
}

/** Per-page rates are `numeric(10, 4)`: always written with their 4 decimals ("0.0480", "0.0000"). */
const RATE: Intl.NumberFormatOptions = { minimumFractionDigits: 4, maximumFractionDigits: 4 };

/**
 * A per-page rate in HK$ (a decimal string as the database or a terms snapshot gives it: "0.048", "0", "0.0450"), with
 * the 4 decimals of the column so rates side by side read alike; the currency sign is the translation's. A value that
 * is not a number is shown as given.
 */
export function formatRate(rate: string | number, locale: string | undefined): string {
  const n = typeof rate === 'number' ? rate : Number(rate.trim());
  return rate === '' || !Number.isFinite(n) ? String(rate) : numberFormat(locale, RATE).format(n);
}

/** Bilingual records carry `_en` / `_zh` pairs: pick the one for the locale, falling back to the other. */
export function pickLocalized(locale: string | undefined, en: string | null | undefined, zh: string | null | undefined): string {
  return (locale === 'tc' ? zh || en : en || zh) ?? '';
}

/**
 * A Hong Kong phone number as the portal shows it, `+852 2345 6789`, however it was stored (`23456789`,
 * `+852 2345-6789`); anything that is not an 8-digit Hong Kong number is shown as stored.
 */
export function formatHkPhone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = normalizeHkPhone(value);
  return HK_PHONE_DIGITS.test(digits) ? `+852 ${digits.slice(0, 4)} ${digits.slice(4)}` : value;
}
