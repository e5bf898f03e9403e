import { canAccess, type Grants } from '@/lib/permissions/canAccess';
import { findRoute } from '@/lib/permissions/routes';

export type NavItem = { href: string; labelKey: string };
export type NavSection = { key: string; labelKey: string; items: NavItem[] };

/** A menu section titled `nav.<key>`: its entries as `{ <label key under nav.>: href }`, in menu order. */
function section(key: string, entries: Record<string, string>): NavSection {
  return { key, labelKey: `nav.${key}`, items: Object.entries(entries).map(([label, href]) => ({ href, labelKey: `nav.${label}` })) };
}

/**
 * The portal's menu. Every entry is a built screen; what a user sees is filtered by the same route table as the
 * guard, so a user sees exactly the entries it may open. Add an entry when its screen lands.
 */
export const NAV_SECTIONS: readonly NavSection[] = [
  section('home', { dashboard: '/', inbox: '/inbox' }),
  section('orders', { manageOrders: '/my-orders/manage', trackOrders: '/my-orders/track', contractRenewal: '/my-orders/contract-renewal' }),
  section('myAccount', {
    bills: '/my-account/manage-my-bills',
    paymentSlips: '/my-account/manage-my-bills/payment-slip-upload',
    meterHistory: '/my-account/meter-history',
    contractBilling: '/my-account/contract-billing-schedule',
    accountInfoUpdate: '/customer-support/account-info-update',
    myMachines: '/my-machines',
  }),
  section('support', {
    quickHelp: '/customer-support/quick-help',
    faq: '/customer-support/faq',
    usefulLinks: '/customer-support/useful-links',
    contactUs: '/contact-us',
    serviceRequests: '/service-requests',
  }),
  section('profile', { account: '/account' }),
  section('admin', {
    adminHome: '/admin-controls',
    customers: '/admin-controls/ucp-customer-maintenance',
    users: '/admin-controls/user-account-maintenance',
    userGroups: '/admin-controls/user-group-maintenance',
    userListReport: '/admin-controls/user-list-report',
    offers: '/admin-controls/offer-maintenance',
    renewalOffers: '/admin-controls/contract-renewal-offer-maintenance',
    approveAccountInfo: '/admin-controls/approve-account-info-update',
    slipReview: '/admin-controls/payment-slip-review',
    renewalLogs: '/admin-controls/customer-contract-renewal-logs',
    renewalReport: '/admin-controls/customer-contract-renewal-report',
    buildInbox: '/admin-controls/build-inbox-message',
    outbox: '/admin-controls/outbox',
    helpArticles: '/admin-controls/quick-help-maintenance',
    faqAdmin: '/admin-controls/faq-maintenance',
    usefulLinksAdmin: '/admin-controls/useful-link-maintenance',
    enquiries: '/admin-controls/customer-enquiries',
    serviceDesk: '/admin-controls/service-desk',
    siteContent: '/admin-controls/site-content-maintenance',
  }),
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
