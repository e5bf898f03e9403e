import { APPROVAL_AREAS, CUSTOMER_CODES, FUNCTION_CODES, type FunctionCode } from '@/lib/permissions/codes';
import { canAccess, toGrants } from '@/lib/permissions/canAccess';
import { findRoute, ROUTES } from '@/lib/permissions/routes';
import { ADMIN_AREAS } from '@/lib/admin/areas';
import { NAV_SECTIONS, landingPath, visibleNav } from '@/lib/navigation';
import { NAV_PROFILES, expectedNavHrefs } from './navProfiles';

const hrefs = (codes: readonly string[]) => visibleNav(toGrants(codes)).flatMap((s) => s.items.map((i) => i.href));

describe('NAV_SECTIONS', () => {
  it('lists only routes of the permission table, each once, under unique section keys', () => {
    const all = NAV_SECTIONS.flatMap((s) => s.items.map((i) => i.href));
    expect(all.filter((href) => !findRoute(href))).toEqual([]);
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(NAV_SECTIONS.map((s) => s.key)).size).toBe(NAV_SECTIONS.length);
    // Only concrete screens: a menu entry never points at a detail pattern or a public page.
    expect(all.filter((href) => href.includes('[') || findRoute(href)?.isPublic)).toEqual([]);
  });
});

/**
 * The screens a user starts from: every signed-in page that is not a detail pattern and not inside another screen's
 * path (an add form, an upload page or a search lives under the screen that links to it). `/` and the admin landing
 * are hubs: the admin areas under it are starting screens too.
 */
const HUBS = new Set(['/', '/admin-controls']);
const screens = ROUTES.filter((r) => !r.isPublic && !r.path.includes('['));
const startingScreens = screens
  .map((r) => r.path)
  .filter((path) => !screens.some((p) => !HUBS.has(p.path) && p.path !== path && path.startsWith(`${p.path}/`)));

describe('every screen can be reached', () => {
  it('has its starting screens in the menu (a screen missing from it could only be opened by typing its address)', () => {
    const inMenu = new Set(NAV_SECTIONS.flatMap((s) => s.items.map((i) => i.href)));
    expect(startingScreens.length).toBeGreaterThan(25);
    expect(startingScreens.filter((path) => !inMenu.has(path))).toEqual([]);
  });

  it('has every admin area on the admin landing page', () => {
    const onLanding = new Set<string>(ADMIN_AREAS.map((a) => a.href));
    expect(startingScreens.filter((path) => path.startsWith('/admin-controls/') && !onLanding.has(path))).toEqual([]);
  });
});

describe('visibleNav', () => {
  it.each(Object.entries(NAV_PROFILES))('%s sees exactly the entries the route table lets it open', (_name, codes) => {
    expect(hrefs(codes)).toEqual(expectedNavHrefs(codes));
  });

  it('a customer sees home, inbox, its orders and its account', () => {
    expect(hrefs(NAV_PROFILES.customer)).toEqual(expect.arrayContaining(['/', '/inbox', '/my-orders/manage', '/my-orders/track', '/account']));
  });

  it('a viewer holding home and order tracking sees no order management and no account page', () => {
    const seen = hrefs(NAV_PROFILES.viewer);
    expect(seen).toEqual(expect.arrayContaining(['/', '/inbox', '/my-orders/track']));
    expect(seen).not.toContain('/my-orders/manage');
    // Every signed-in user may change its own password on /account (issue 10).
    expect(seen).toContain('/account');
  });

  it('staff holding only approval codes see no customer entry', () => {
    const seen = hrefs(NAV_PROFILES.approvalStaff);
    for (const href of ['/', '/inbox', '/my-orders/manage', '/my-orders/track']) expect(seen).not.toContain(href);
  });

  it('`all` sees every entry; an empty function list sees none', () => {
    expect(hrefs(['all'])).toEqual(NAV_SECTIONS.flatMap((s) => s.items.map((i) => i.href)));
    // /account (one's own password) is open to every signed-in user (issue 10); the layout is drawn only once the
    // function list has loaded (RouteGuard), so "nothing before it loads" holds there.
    const accountOnly = [{ key: 'profile', labelKey: 'nav.profile', items: [{ href: '/account', labelKey: 'nav.account' }] }];
    expect(visibleNav(toGrants([]))).toEqual(accountOnly);
    expect(visibleNav(toGrants(undefined))).toEqual(accountOnly);
  });

  it('drops a section whose entries are all hidden, keeps order and labels, and filters entries inside a section', () => {
    const custom = [
      { key: 'a', labelKey: 'nav.home', items: [{ href: '/account', labelKey: 'nav.account' }] },
      { key: 'b', labelKey: 'nav.orders', items: [{ href: '/my-orders/manage', labelKey: 'nav.manageOrders' }, { href: '/inbox', labelKey: 'nav.inbox' }] },
      { key: 'c', labelKey: 'nav.profile', items: [{ href: '/', labelKey: 'nav.dashboard' }] },
      { key: 'd', labelKey: 'nav.orders', items: [{ href: '/my-orders/track', labelKey: 'nav.trackOrders' }] },
    ];
    expect(visibleNav(toGrants(['home']), custom)).toEqual([
      { key: 'a', labelKey: 'nav.home', items: [{ href: '/account', labelKey: 'nav.account' }] },
      { key: 'b', labelKey: 'nav.orders', items: [{ href: '/inbox', labelKey: 'nav.inbox' }] },
      { key: 'c', labelKey: 'nav.profile', items: [{ href: '/', labelKey: 'nav.dashboard' }] },
    ]);
    // The shared table is not mutated by filtering.
    expect(custom[1]!.items).toHaveLength(2);
  });

  it('hides an entry that is not in the route table (fails closed)', () => {
    const custom = [{ key: 'x', labelKey: 'nav.home', items: [{ href: '/no-such-screen', labelKey: 'nav.home' }] }];
    expect(visibleNav(toGrants(['all']), custom)).toEqual([]);
  });

  it('never shows an entry that needs a code the user lacks (every single code on its own)', () => {
    for (const code of FUNCTION_CODES) {
      for (const href of hrefs([code])) expect(canAccess(toGrants([code]), findRoute(href)!.anyOf)).toBe(true);
    }
  });
});

describe('landingPath', () => {
  it('is home for everyone holding `home` (customer, viewer, all)', () => {
    expect(landingPath(toGrants(NAV_PROFILES.customer))).toBe('/');
    expect(landingPath(toGrants(NAV_PROFILES.viewer))).toBe('/');
    expect(landingPath(toGrants(['all']))).toBe('/');
  });

  it('is the first menu entry the user may open when it lacks `home`', () => {
    expect(landingPath(toGrants(['mgt_order_read']))).toBe('/my-orders/manage');
    const codes = ['track_order_read', 'ac_pref_read'];
    expect(landingPath(toGrants(codes))).toBe(expectedNavHrefs(codes)[0]);
    expect(landingPath(toGrants(['ac_pref_read']))).toBe('/account');
  });

  it('sends staff holding only approval codes to a page they may open as soon as the menu has one', () => {
    const grants = toGrants(NAV_PROFILES.approvalStaff);
    const reachable = hrefs(NAV_PROFILES.approvalStaff);
    const landing = landingPath(grants);
    if (reachable.length > 0) {
      expect(reachable).toContain(landing);
      expect(canAccess(grants, findRoute(landing)!.anyOf)).toBe(true);
    } else {
      // Today no admin screen is in the menu yet: the fallback is home (and the guard shows no-permission there).
      expect(landing).toBe('/');
    }
  });

  it('for every single code, lands on a page that code opens whenever the menu offers one', () => {
    for (const code of [...CUSTOMER_CODES, ...APPROVAL_AREAS.map((a) => `${a}_read` as FunctionCode)]) {
      const grants = toGrants([code]);
      const landing = landingPath(grants);
      if (hrefs([code]).length > 0) expect(canAccess(grants, findRoute(landing)!.anyOf)).toBe(true);
    }
  });
});
