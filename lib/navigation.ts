import { canAccess, type Grants } from '@/lib/permissions/canAccess';
import { findRoute } from '@/lib/permissions/routes';

export type NavItem = { href: string; labelKey: string };
export type NavSection = { key: string; labelKey: string; items: NavItem[] };

/**
 * The portal's menu. Every entry is a built screen; what a user sees is filtered by the same route table as the
 * guard, so a user sees exactly the entries it may open. Add an entry when its screen lands.
 */
export const NAV_SECTIONS: readonly NavSection[] = [
  { key: 'home', labelKey: 'nav.home', items: [{ href: '/', labelKey: 'nav.dashboard' }, { href: '/inbox', labelKey: 'nav.inbox' }] },
  {
    key: 'orders',
    labelKey: 'nav.orders',
    items: [
      { href: '/my-orders/manage', labelKey: 'nav.manageOrders' },
      { href: '/my-orders/track', labelKey: 'nav.trackOrders' },
    ],
  },
  {
    key: 'myAccount',
    labelKey: 'nav.myAccount',
    items: [
      { href: '/my-account/manage-my-bills', labelKey: 'nav.bills' },
      { href: '/my-account/manage-my-bills/payment-slip-upload', labelKey: 'nav.paymentSlips' },
      { href: '/customer-support/account-info-update', labelKey: 'nav.accountInfoUpdate' },
      { href: '/my-machines', labelKey: 'nav.myMachines' },
    ],
  },
  {
    key: 'support',
    labelKey: 'nav.support',
    items: [
      { href: '/customer-support/quick-help', labelKey: 'nav.quickHelp' },
      { href: '/customer-support/faq', labelKey: 'nav.faq' },
      { href: '/customer-support/useful-links', labelKey: 'nav.usefulLinks' },
      { href: '/contact-us', labelKey: 'nav.contactUs' },
      { href: '/service-requests', labelKey: 'nav.serviceRequests' },
    ],
  },
  { key: 'profile', labelKey: 'nav.profile', items: [{ href: '/account', labelKey: 'nav.account' }] },
  {
    key: 'admin',
    labelKey: 'nav.admin',
    items: [
      { href: '/admin-controls', labelKey: 'nav.adminHome' },
      { href: '/admin-controls/ucp-customer-maintenance', labelKey: 'nav.customers' },
      { href: '/admin-controls/user-group-maintenance', labelKey: 'nav.userGroups' },
      { href: '/admin-controls/user-list-report', labelKey: 'nav.userListReport' },
      { href: '/admin-controls/offer-maintenance', labelKey: 'nav.offers' },
      { href: '/admin-controls/approve-account-info-update', labelKey: 'nav.approveAccountInfo' },
      { href: '/admin-controls/payment-slip-review', labelKey: 'nav.slipReview' },
      { href: '/admin-controls/build-inbox-message', labelKey: 'nav.buildInbox' },
      { href: '/admin-controls/outbox', labelKey: 'nav.outbox' },
      { href: '/admin-controls/quick-help-maintenance', labelKey: 'nav.helpArticles' },
      { href: '/admin-controls/faq-maintenance', labelKey: 'nav.faqAdmin' },
      { href: '/admin-controls/useful-link-maintenance', labelKey: 'nav.usefulLinksAdmin' },
      { href: '/admin-controls/customer-enquiries', labelKey: 'nav.enquiries' },
      { href: '/admin-controls/service-desk', labelKey: 'nav.serviceDesk' },
      { href: '/admin-controls/site-content-maintenance', labelKey: 'nav.siteContent' },
    ],
  },
];

export function visibleNav(grants: Grants, sections: readonly NavSection[] = NAV_SECTIONS): NavSection[] {
  return sections
    .map((s) => ({
      ...s,
      items: s.items.filter((item) => {
        const rule = findRoute(item.href);
        return rule ? canAccess(grants, rule.anyOf) : false;
      }),
    }))
    .filter((s) => s.items.length > 0);
}

/**
 * Where a user lands after sign-in: home when it may open it, else the first screen of its menu (staff holding only
 * approval codes never meet a no-permission page on arrival).
 */
export function landingPath(grants: Grants): string {
  const home = findRoute('/');
  if (home && canAccess(grants, home.anyOf)) return '/';
  return visibleNav(grants)[0]?.items[0]?.href ?? '/';
}
