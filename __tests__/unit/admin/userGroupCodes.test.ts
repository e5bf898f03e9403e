import en from '@/public/locales/en/userGroups.json';
import tc from '@/public/locales/tc/userGroups.json';
import { CUSTOMER_CODES, FUNCTION_CODES } from '@/lib/permissions/codes';
import { CODE_AREAS, codeAllowedFor, codeAreasFor } from '@/lib/userGroups/codeAreas';

describe('function codes of the group form', () => {
  const listed = CODE_AREAS.flatMap((a) => [...a.codes]);

  it('lists every code of spec §6 exactly once', () => {
    expect([...listed].sort()).toEqual([...FUNCTION_CODES].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('gives every code and area a meaning in en and tc, and the tc text is not the English one', () => {
    for (const code of FUNCTION_CODES) {
      const e = (en.codes as Record<string, string>)[code];
      const z = (tc.codes as Record<string, string>)[code];
      expect([code, e]).toEqual([code, expect.any(String)]);
      expect([code, z]).toEqual([code, expect.stringMatching(/[\u4e00-\u9fff]/)]);
    }
    for (const { area } of CODE_AREAS) {
      expect((en.areas as Record<string, string>)[area]).toEqual(expect.any(String));
      expect((tc.areas as Record<string, string>)[area]).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('offers customer groups customer codes only, staff groups every code', () => {
    const customer = codeAreasFor('customer').flatMap((a) => a.codes);
    expect([...customer].sort()).toEqual([...CUSTOMER_CODES].sort());
    expect(codeAllowedFor('customer', 'ucp_cust_main_read')).toBe(false);
    expect(codeAllowedFor('customer', 'all')).toBe(false);
    expect(codeAreasFor('provider').flatMap((a) => a.codes)).toHaveLength(FUNCTION_CODES.length);
  });
});
