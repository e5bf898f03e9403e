import { renewalTermsLine } from '@/components/renewal/termsLine';
import type { ContractTerms } from '@/lib/contracts/schemas';
import { createTestI18n, type TestLocale } from '../testUtils/render';

const terms = { periodChargeCents: 88_000, monoRate: '0.0400', colourRate: '0.4200', monoAllowance: 1500, colourAllowance: 300 };

/** The line `renewalTermsLine` writes in `locale` for `terms` with `over`. */
const lineOf = (locale: TestLocale, over: Partial<ContractTerms> & Pick<ContractTerms, 'minimumChargeCents'>) => renewalTermsLine(createTestI18n(locale).t, locale, { ...terms, ...over });

describe('renewalTermsLine', () => {
  it.each([
    ['en', 45_000, 'HK$880.00 a month, minimum HK$450.00; B/W HK$0.0400, colour HK$0.4200 per page; 1,500 / 300 pages included'],
    ['tc', 45_000, '每月 HK$880.00，最低 HK$450.00；每張黑白 HK$0.0400、彩色 HK$0.4200；包括 1,500 / 300 張'],
    ['en', 0, 'HK$880.00 a month; B/W HK$0.0400, colour HK$0.4200 per page; 1,500 / 300 pages included'],
    ['tc', 0, '每月 HK$880.00；每張黑白 HK$0.0400、彩色 HK$0.4200；包括 1,500 / 300 張'],
  ] as const)('%s, minimum %d: names a minimum charge, and leaves the clause out for none (0) instead of "minimum HK$0.00"', (locale, minimumChargeCents, line) => {
    expect(lineOf(locale, { minimumChargeCents })).toBe(line);
  });

  // QA: a black & white contract read "colour HK$0.0000 per page; 1,500 / 0 pages included".
  it.each([
    ['en', 45_000, 'HK$880.00 a month, minimum HK$450.00; B/W HK$0.0400 per page; 1,500 pages included'],
    ['en', 0, 'HK$880.00 a month; B/W HK$0.0400 per page; 1,500 pages included'],
    ['tc', 45_000, '每月 HK$880.00，最低 HK$450.00；每張黑白 HK$0.0400；包括 1,500 張'],
    ['tc', 0, '每月 HK$880.00；每張黑白 HK$0.0400；包括 1,500 張'],
  ] as const)('%s: black & white terms (minimum %d) leave the colour rate and colour pages out', (locale, minimumChargeCents, line) => {
    expect(lineOf(locale, { colourRate: '0.0000', colourAllowance: 0, minimumChargeCents })).toBe(line);
    // A snapshot may store the rate as "0".
    expect(lineOf(locale, { colourRate: '0', colourAllowance: 0, minimumChargeCents })).toBe(line);
  });

  it('keeps the colour part when colour pages are included or charged, even if the other is nil', () => {
    expect(lineOf('en', { colourRate: '0.0000', colourAllowance: 200, minimumChargeCents: 0 })).toBe('HK$880.00 a month; B/W HK$0.0400, colour HK$0.0000 per page; 1,500 / 200 pages included');
    expect(lineOf('en', { colourAllowance: 0, minimumChargeCents: 0 })).toBe('HK$880.00 a month; B/W HK$0.0400, colour HK$0.4200 per page; 1,500 / 0 pages included');
  });
});
