/**
 * Hong Kong phone numbers, without zod (the formatters in lib/i18n/locales.ts load on every page): the account-change
 * forms store a number as its eight digits (`hkPhoneSchema` in lib/accountChanges/schemas.ts) and the screens show it
 * as `+852 2345 6789` (`formatHkPhone`).
 */

/** Eight digits starting 2–9: a Hong Kong fixed or mobile number without its country code. */
export const HK_PHONE_DIGITS = /^[2-9]\d{7}$/;

/** The number without spaces, hyphens and a leading +852 / 00852 (`+852 9123-4567` → `91234567`). */
export const normalizeHkPhone = (value: string): string => value.replace(/[\s-]/g, '').replace(/^(\+852|00852)/, '');
