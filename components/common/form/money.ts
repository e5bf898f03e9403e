/**
 * HKD amounts: the form value is integer cents (DESIGN.md "Data"), the field shows dollars with two decimals.
 * String arithmetic, not `Number(x) * 100`, so "0.29" is 29 cents and not 28.999….
 */
const MONEY_PATTERN = /^(-)?(\d+|(?=\.\d))(?:\.(\d{0,2}))?$/;
/** Whole dollars grouped by thousands with commas or spaces: "1,234", "1 234 567". */
const GROUPED_WHOLE = /^\d{1,3}(?:(?:,|\s)\d{3})+$/;

/**
 * "1,234.5" → 123450; ".5" → 50; '' → null; anything else (three decimals, letters) → NaN. A negative or very large amount is
 * still an amount ("-100" → -10000; held to Number.MAX_SAFE_INTEGER): the schema refuses it with its own message
 * (`moneyCents`, lib/zodText.ts), not as "not an amount".
 */
export function parseMoneyToCents(text: string): number | null {
  // NFKC: full-width digits, comma and point typed with a Chinese input method (１，２３４．５０) are the same amount.
  const plain = text.normalize('NFKC');
  const cleaned = plain.replace(/[\s,]/g, '').replace(/^HK\$/i, '').replace(/^\$/, '');
  if (cleaned === '') return null;
  // Commas and spaces only between thousands, as amounts are written ("1,234.50", "1 234"): "1,50" or "12,34" is not
  // read as HK$150 / HK$1,234 (a slip of HK$1.50 for a hundred times as much), nor "1.2,5" as 1.25.
  const digits = plain.trim().replace(/^-/, '').replace(/^HK\$/i, '').replace(/^\$/, '').trim();
  const [whole = '', fraction = ''] = digits.split('.');
  if (/[\s,]/.test(fraction) || (/[\s,]/.test(whole) && !GROUPED_WHOLE.test(whole))) return Number.NaN;
  const m = MONEY_PATTERN.exec(cleaned);
  if (!m) return Number.NaN;
  // Held to a whole number a schema can compare ("more than the maximum"), however many digits were typed.
  // No whole dollars before the point (".5", as a phone's decimal keypad invites) is 0 of them: 50 cents.
  const cents = Math.min(Number(m[2] || '0') * 100 + Number((m[3] ?? '').padEnd(2, '0')), Number.MAX_SAFE_INTEGER);
  return m[1] ? -cents : cents;
}

/** 123450 → "1234.50" (plain, for editing: no grouping, so the text parses back). */
export function formatCentsForInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
