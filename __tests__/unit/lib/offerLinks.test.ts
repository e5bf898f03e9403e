import { isExternalCta, isSafeCtaUrl } from '@/lib/offers/links';

describe("an offer's call-to-action link", () => {
  it('opens every safe https link in a new tab, whatever the case of its scheme', () => {
    for (const link of ['https://www.example.hk/offers/a3', 'HTTPS://www.example.hk/offers/a3', 'Https://www.example.hk/']) {
      expect(isSafeCtaUrl(link)).toBe(true);
      expect(isExternalCta(link)).toBe(true);
    }
  });

  it('keeps portal paths and no link in the portal', () => {
    expect(isExternalCta('/my-account/manage-my-bills?tab=2')).toBe(false);
    expect(isExternalCta('')).toBe(false);
  });
});
