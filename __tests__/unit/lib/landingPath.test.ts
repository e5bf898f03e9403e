/**
 * Where a user lands after sign-in or a customer switch (issue 10 item 2): home when allowed, else the first page of
 * its navigation; staff holding only approval codes land on their own account page, never on "no permission".
 */
import { landingPath, visibleNav } from '@/lib/navigation';
import { toGrants } from '@/lib/permissions/canAccess';
import { decideRoute } from '@/lib/permissions/routes';

describe('landingPath', () => {
  it('home for a customer user holding `home`', () => {
    expect(landingPath(toGrants(['home', 'mgt_order_read']))).toBe('/');
  });

  it.each([[['apv_chg_bill_addr_read', 'apv_chg_bill_addr_write']], [['payslip_review_read']], [[]]])(
    'a user without `home` (%j) lands on a page it may open, with a navigation to show',
    (codes) => {
      const grants = toGrants(codes);
      const landing = landingPath(grants);
      expect(decideRoute(grants, landing)).toBe('allow');
      expect(visibleNav(grants).flatMap((s) => s.items.map((i) => i.href))).toContain(landing);
    },
  );

  it('staff with the bill-address approval codes only: its account page (own password)', () => {
    expect(landingPath(toGrants(['apv_chg_bill_addr_read', 'apv_chg_bill_addr_write']))).toBe('/account');
  });
});
