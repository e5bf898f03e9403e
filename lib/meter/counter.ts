/**
 * A meter counter as a person types it or a spreadsheet writes it: digits, optionally grouped by thousands
 * ("307,600", "307 600", the page's own way of writing counters). Shared by the reading form and the CSV upload, so
 * both accept and refuse the same text. Client-safe.
 */
import { plainWidth } from '@/lib/zodText';
import { MAX_COUNTER } from './constants';

/** Plain digits, or groups of three after the first one to three digits, split by a comma or a (non-breaking) space. */
const COUNTER_TEXT = /^(?:\d+|\d{1,3}(?:[,\u00a0\u202f ]\d{3})+)$/;

/**
 * Full-width digits, comma and space as a Chinese input method types them ("３０７，６００") → their plain forms: a Hong Kong
 * user typing the counter in full-width mode was told "Enter a whole number of pages".
 */
const halfWidth = (text: string): string => plainWidth(text, /[\uff10-\uff19\uff0c\u3000]/g);

export type CounterRead = { value: number } | { error: 'number' | 'max' };

/**
 * The counter in `text`, or why it is not one: `number` for anything but a whole number of pages (a decimal, a
 * negative, letters, separators in the wrong places: "1,5" is not read as 15), `max` for a whole number past
 * MAX_COUNTER. The caller decides what an empty text means.
 */
export function readCounter(text: string): CounterRead {
  const t = halfWidth(text).trim();
  if (!COUNTER_TEXT.test(t)) return { error: 'number' };
  const digits = t.replace(/[^\d]/g, '');
  const value = Number(digits);
  return value > MAX_COUNTER ? { error: 'max' } : { value };
}
