import { isExternalCta, isSafeCtaUrl } from '@/lib/offers/links';
import { ctaUrlSchema } from '@/lib/offers/schemas';

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

describe("an offer's call-to-action path names a page of the portal", () => {
  const messageOf = (value: string) => {
    const result = ctaUrlSchema.safeParse(value);
    return result.success ? null : result.error.issues.map((i) => i.message);
  };

  it.each(['/my-ordres/manage', '/my-account/manage-my-bill', '/offers', '/login', '/404'])(
    'refuses %s (customers got a button to "page not found" or to a sign-in page)',
    (path) => {
      expect(messageOf(path)).toEqual(['offers:errors.ctaUrlPage']);
    },
  );

  it.each(['/my-orders/manage', '/my-account/manage-my-bills?status=overdue', '/my-orders/manage/ORD-1', '/tc/inbox', '/', 'https://www.example.hk/x', ''])(
    'accepts %s',
    (value) => {
      expect(messageOf(value)).toBeNull();
    },
  );

  it('an unsafe path gets only the safety message', () => {
    expect(messageOf('//evil.example/path')).toEqual(['offers:errors.ctaUrl']);
  });
});
