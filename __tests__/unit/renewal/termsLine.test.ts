import { renewalTermsLine } from '@/components/renewal/termsLine';
import { createTestI18n } from '../testUtils/render';

const terms = { periodChargeCents: 88_000, monoRate: '0.0400', colourRate: '0.4200', monoAllowance: 1500, colourAllowance: 300 };

describe('renewalTermsLine', () => {
  it.each([
    ['en', 'HK$880.00 a month, minimum HK$450.00; B/W HK$0.0400, colour HK$0.4200 per page; 1,500 / 300 pages included'],
    ['tc', '每月 HK$880.00，最低 HK$450.00；每張黑白 HK$0.0400、彩色 HK$0.4200；包括 1,500 / 300 張'],
  ] as const)('%s: with a minimum charge, names it', (locale, line) => {
    const i18n = createTestI18n(locale);
    expect(renewalTermsLine(i18n.t, locale, { ...terms, minimumChargeCents: 45_000 })).toBe(line);
  });

  it.each([
    ['en', 'HK$880.00 a month; B/W HK$0.0400, colour HK$0.4200 per page; 1,500 / 300 pages included'],
    ['tc', '每月 HK$880.00；每張黑白 HK$0.0400、彩色 HK$0.4200；包括 1,500 / 300 張'],
  ] as const)('%s: without one (0), leaves the clause out instead of "minimum HK$0.00"', (locale, line) => {
    const i18n = createTestI18n(locale);
    expect(renewalTermsLine(i18n.t, locale, { ...terms, minimumChargeCents: 0 })).toBe(line);
  });
});
