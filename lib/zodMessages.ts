/**
 * Zod messages as translation keys, so one zod schema can live in a shared file, validate on the server and in the
 * browser, and still show a translated message next to the field (DESIGN.md convention 6).
 *
 * Convention: a message is a translation key (`'ui.validation.required'`, `'orders:orders.form.qtyOverLimit'`),
 * optionally with interpolation values after a `|` as JSON: use `msg(key, values)` to write one. The server sends
 * them unchanged in `error.fields` (VALIDATION), and the form translates them with `translateMessage`.
 * A schema without explicit messages still gets keys in the browser: the form parses with `keyErrorMap`, which
 * maps zod's default issues to `ui.validation.*`.
 *
 * No server or React code here: imported by both sides.
 */
import type { z } from 'zod';
import { formatList } from '@/lib/i18n/locales';

/**
 * Values of a message. A list (e.g. the serial numbers a request already covers) travels as an array and is joined
 * where it is shown, in the page's language ("A, B and C" / 「A、B和C」): the server does not know that language.
 */
export type MessageValues = Record<string, string | number | readonly string[]>;

const isValue = (v: unknown): boolean => typeof v === 'string' || typeof v === 'number' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));

/** A message carrying a translation key and values: `msg('ui.validation.maxLength', { max: 100 })`. */
export function msg(key: string, values?: MessageValues): string {
  return values && Object.keys(values).length > 0 ? `${key}|${JSON.stringify(values)}` : key;
}

/** `ns:key.path` or `key.path` (at least one dot or a namespace), no spaces: what our keys look like. */
const KEY_PATTERN = /^(?:[a-z][\w-]*:)?[A-Za-z_][\w-]*(?:\.[\w-]+)+$|^[a-z][\w-]*:[\w.-]+$/;

export function parseMessage(message: string): { key: string; values?: MessageValues } | null {
  const bar = message.indexOf('|');
  const key = bar === -1 ? message : message.slice(0, bar);
  if (!KEY_PATTERN.test(key)) return null;
  if (bar === -1) return { key };
  try {
    const values: unknown = JSON.parse(message.slice(bar + 1));
    if (typeof values === 'object' && values !== null && !Array.isArray(values) && Object.values(values).every(isValue)) return { key, values: values as MessageValues };
  } catch {
    // A key followed by something that is not JSON: show the key's text without values.
  }
  return { key };
}

/** The part of i18next's `t` needed here (namespaces in the key, e.g. `common:ui.validation.required`). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * The text to show for a field message. Keys without a namespace are in `common` (where `ui.*` lives). Anything that
 * is not a key (zod's English default from an older server) becomes the generic "not valid" text, so a user of the
 * Chinese site never sees English. A list value is joined as `locale` writes a list of things ("and").
 */
export function translateMessage(t: Translate, message: string | undefined, locale?: string): string | undefined {
  if (!message) return undefined;
  const parsed = parseMessage(message);
  if (!parsed) return t('common:ui.validation.invalid');
  const key = parsed.key.includes(':') ? parsed.key : `common:${parsed.key}`;
  if (!parsed.values) return t(key);
  const values = Object.fromEntries(
    Object.entries(parsed.values).map(([k, v]) => [k, typeof v === 'object' ? formatList(v, locale, 'conjunction') : v]),
  );
  return t(key, values);
}

/** Ready-made messages for schemas written by hand: `z.string().min(1, zodMessages.required)`. */
export const zodMessages = {
  required: 'ui.validation.required',
  invalid: 'ui.validation.invalid',
  integer: 'ui.validation.integer',
  number: 'ui.validation.number',
  money: 'ui.validation.money',
  moneyNegative: 'ui.validation.moneyNegative',
  moneyMax: (max: string) => msg('ui.validation.moneyMax', { max }),
  email: 'ui.validation.email',
  date: 'ui.validation.date',
  dateOrder: 'ui.validation.dateOrder',
  choose: 'ui.validation.choose',
  fileRequired: 'ui.validation.fileRequired',
  minLength: (min: number) => msg('ui.validation.minLength', { min }),
  maxLength: (max: number) => msg('ui.validation.maxLength', { max }),
  min: (min: number | string) => msg('ui.validation.min', { min }),
  max: (max: number | string) => msg('ui.validation.max', { max }),
  minItems: (min: number) => msg('ui.validation.minItems', { min }),
  maxItems: (max: number) => msg('ui.validation.maxItems', { max }),
  decimals: (decimals: number) => msg('ui.validation.decimals', { decimals }),
} as const;

const num = (v: unknown): number => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : Number(v));

/**
 * Per-parse zod error map (`schema.safeParse(v, { error: keyErrorMap })`, or the resolver's schema options): zod's
 * default issues as translation keys. Messages written in the schema win over it (zod's precedence).
 */
export const keyErrorMap = (issue: z.core.$ZodRawIssue): string | undefined => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null || issue.input === '') return zodMessages.required;
      if (issue.expected === 'int') return zodMessages.integer;
      if (issue.expected === 'number') return zodMessages.number;
      if (issue.expected === 'date') return zodMessages.date;
      return zodMessages.invalid;
    }
    case 'too_small': {
      const min = num(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? zodMessages.required : zodMessages.minLength(min);
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? zodMessages.required : zodMessages.minItems(min);
      if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int') return zodMessages.min(min);
      return zodMessages.invalid;
    }
    case 'too_big': {
      const max = num(issue.maximum);
      if (issue.origin === 'string') return zodMessages.maxLength(max);
      if (issue.origin === 'array' || issue.origin === 'set') return zodMessages.maxItems(max);
      if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int') return zodMessages.max(max);
      return zodMessages.invalid;
    }
    case 'invalid_format':
      if (issue.format === 'email') return zodMessages.email;
      if (issue.format === 'date' || issue.format === 'datetime') return zodMessages.date;
      return zodMessages.invalid;
    case 'not_multiple_of': {
      const divisor = num(issue.divisor);
      const decimals = divisor > 0 && divisor < 1 ? Math.round(-Math.log10(divisor)) : 0;
      return decimals > 0 ? zodMessages.decimals(decimals) : zodMessages.integer;
    }
    case 'invalid_value':
      return zodMessages.choose;
    default:
      return zodMessages.invalid;
  }
};
