/**
 * Text a user types, as the maintenance schemas take it: trimmed and capped, with the shared translated messages
 * (lib/zodMessages). NUL and lone UTF-16 surrogates, which PostgreSQL cannot store, are refused by the API router
 * for every body (lib/server/api/router.ts), so the schemas do not check them again.
 */
import { z } from 'zod';
import { zodMessages } from '@/lib/zodMessages';

/**
 * Blank at either end: white space (what `String.prototype.trim` removes) and the invisible format characters a paste
 * brings along (zero-width space / non-joiner / joiner, word joiner, byte-order mark, soft hyphen). Only the ends: a
 * joiner inside an emoji sequence or a word stays.
 */
const EDGE_BLANK = /^[\s\u00AD\u180E\u200B-\u200D\u2060\uFEFF]+|[\s\u00AD\u180E\u200B-\u200D\u2060\uFEFF]+$/g;

/**
 * `value` without blank at its ends (EDGE_BLANK). Schemas use `z.string().overwrite(trimBlank)` where they would use
 * `.trim()`, so a field of zero-width spaces only is empty ("required"), not a stored value that shows as nothing
 * (QA: an enquiry whose subject and contact were U+200B was accepted and reached staff blank).
 */
export const trimBlank = (value: string): string => value.replace(EDGE_BLANK, '');

/**
 * The first `max` UTF-16 units of `value` (what zod's `.max` counts) without splitting a character: a cut between the
 * two halves of a character outside the BMP (𨋢 and other CJK extension B characters of Hong Kong names) drops its
 * first half too, which would show as a broken glyph, or be refused by the API as a lone surrogate.
 */
export const cutWhole = (value: string, max: number): string => {
  const cut = value.slice(0, Math.max(0, max));
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
};

/**
 * `value` in half-width (NFKC) and trimmed: for numbers typed with a Chinese input method in full-width mode
 * (`９１２３　４５６７`, `＋８５２`), which mean the same digits. Phone schemas trim with it (QA: a full-width number was
 * refused as "enter a phone number of 8 to 20 digits").
 */
export const trimHalfWidth = (value: string): string => trimBlank(value.normalize('NFKC'));

/**
 * The full-width characters `chars` matches (from U+FF01–U+FF5E, and the ideographic space U+3000) in their ASCII
 * forms: what each input takes from a Chinese input method's full-width mode is its own choice (a counter its digits
 * and comma, a search letters, digits and hyphen).
 */
export const plainWidth = (value: string, chars: RegExp): string =>
  value.replace(chars, (ch) => (ch === '\u3000' ? ' ' : String.fromCharCode(ch.charCodeAt(0) - 0xfee0)));

/**
 * Search text with full-width letters, digits, hyphen and space (as a Chinese input method in full-width mode types
 * `ＳＲ－２０２６`) in their plain forms, so a reference or serial number typed so is found (QA: `ｓｒ－２０２６` found
 * nothing). Only those: NFKC would also turn Chinese punctuation (`，` `（`) into ASCII, which stored Chinese text keeps.
 */
export const halfWidthSearch = (value: string): string => plainWidth(value, /[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff0d\u3000]/g);

/** Optional text: trimmed (trimBlank), at most `max` characters (`''` when left empty). */
export const text = (max: number) => z.string().overwrite(trimBlank).max(max, zodMessages.maxLength(max));

/** Required text: trimmed, 1 to `max` characters. */
export const required = (max: number) => text(max).min(1, zodMessages.required);

/** A phone number of 8 to 20 digits with spaces, `+`, `( )` or `-` (any country); each form gives its own message. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{8,20}$/;

/** A record's id as the API takes it (invalid: `ui.validation.invalid`; a detail screen shows "not found"). */
export const uuidSchema = z.uuid({ error: zodMessages.invalid });

/** The body of an endpoint that names one record by its uuid (`{ id }`: get, download, delete…). */
export const recordIdSchema = z.strictObject({ id: uuidSchema });

/**
 * The version of a record a staff edit form loaded: its `updatedAt` as the get endpoint answered it. The update
 * endpoints of the maintenance areas take it and refuse a stale one with 409 RECORD_CHANGED (docs/api.md,
 * "Edits name the version they loaded").
 */
export const versionSchema = z.iso.datetime({ offset: true, error: zodMessages.invalid });

/** A text's English and Chinese fields (`titleEn`, `titleZh`, in that order) under one rule. Spread it into the object. */
export function enZh<const K extends string, S extends z.ZodType>(name: K, schema: S): Record<`${K}En` | `${K}Zh`, S> {
  return { [`${name}En`]: schema, [`${name}Zh`]: schema } as Record<`${K}En` | `${K}Zh`, S>;
}

/**
 * An amount in HK$ cents as the money field (`MoneyFieldElement`) gives it, each way it can be wrong with its own
 * message: not an amount with at most two decimals (the field's NaN, or cents that are not whole),
 * negative, more than `maxCents`; empty (null) is "required". Wrap it in `optionalMoneyCents` for an amount that
 * may be left empty.
 */
export const moneyCents = (maxCents: number) =>
  z
    .number({ error: (issue) => (issue.input === null || issue.input === undefined ? zodMessages.required : zodMessages.money) })
    // Exclusive conditions instead of `abort`, so a form shows the one that applies.
    .refine((v) => Number.isInteger(v), { error: zodMessages.money })
    .refine((v) => v >= 0, { error: zodMessages.moneyNegative })
    .refine((v) => v < 0 || v <= maxCents, { error: zodMessages.moneyMax((maxCents / 100).toLocaleString('en-US')) });

/** An amount that may be left empty (no asterisk on its field): empty is none, 0 cents; otherwise as `moneyCents`. */
export const optionalMoneyCents = (maxCents: number) =>
  z
    .number({ error: zodMessages.money })
    .nullable()
    .transform((v) => v ?? 0)
    .pipe(moneyCents(maxCents));
