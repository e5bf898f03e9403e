import type { RoutePath } from '@/lib/permissions/routes';

/**
 * The admin areas the portal has screens for, in the landing page's order. Which of them a staff user sees comes from
 * the route table's codes for `href` (lib/permissions/routes.ts), never from a list of its own. An area joins here
 * when its pages land (docs/admin.md); `count` names the landing count shown on its card.
 */
export const ADMIN_AREAS = [
  { key: 'customers', href: '/admin-controls/ucp-customer-maintenance' },
  { key: 'users', href: '/admin-controls/user-account-maintenance' },
  { key: 'userGroups', href: '/admin-controls/user-group-maintenance' },
  { key: 'userListReport', href: '/admin-controls/user-list-report' },
  { key: 'offers', href: '/admin-controls/offer-maintenance' },
  { key: 'renewalOffers', href: '/admin-controls/contract-renewal-offer-maintenance' },
  { key: 'slipReview', href: '/admin-controls/payment-slip-review', count: 'pendingPaymentSlips' },
  { key: 'approvals', href: '/admin-controls/approve-account-info-update', count: 'pendingApprovals' },
  { key: 'renewalLogs', href: '/admin-controls/customer-contract-renewal-logs', count: 'renewalsThisMonth' },
  { key: 'renewalReport', href: '/admin-controls/customer-contract-renewal-report' },
  { key: 'buildInbox', href: '/admin-controls/build-inbox-message' },
  { key: 'outbox', href: '/admin-controls/outbox' },
  { key: 'enquiries', href: '/admin-controls/customer-enquiries' },
  { key: 'helpArticles', href: '/admin-controls/quick-help-maintenance' },
  { key: 'faq', href: '/admin-controls/faq-maintenance' },
  { key: 'usefulLinks', href: '/admin-controls/useful-link-maintenance' },
  { key: 'serviceDesk', href: '/admin-controls/service-desk', count: 'serviceRequestsAtRisk' },
  { key: 'siteContent', href: '/admin-controls/site-content-maintenance' },
] as const satisfies readonly { key: string; href: RoutePath; count?: string }[];

export type AdminArea = (typeof ADMIN_AREAS)[number];
