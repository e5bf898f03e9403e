import { ACCOUNT_CHANGE_AREAS, ADMIN_CODES, APPROVAL_AREAS, type FunctionCode } from './codes';
import { canAccess, type Grants } from './canAccess';

/**
 * The one route-permission table (spec §2, ../shared/spec/routes.json). The `_app` guard, the navigation and the
 * tests read it; the API declares its own `permission` per endpoint from the same codes.
 * `anyOf: []` means open to everyone: without a session on `isPublic` pages, to every signed-in user otherwise.
 */
export type RouteRule = {
  path: string;
  anyOf: readonly FunctionCode[];
  /** Spec §4: pages that may be opened from a link carrying `ucpid`. */
  deepLink?: boolean;
  /** Pages that render without a session (login pages, 404, survey opt-out). */
  isPublic?: boolean;
  /** Login pages: an authenticated user without a customer is not sent to select-ucp from these. */
  isLoginPage?: boolean;
};

const changeRead = ACCOUNT_CHANGE_AREAS.map((a) => `${a}_read` as const);
/**
 * The approval screens also open for `cac_chg_bill_addr_read`: credit control's read-only view of billing-address
 * changes (the portal's decision, docs/account-changes.md and docs/permissions.md).
 */
const approvalRead: FunctionCode[] = [...APPROVAL_AREAS.map((a) => `${a}_read` as const), 'cac_chg_bill_addr_read'];

/** add / edit need write; list and view accept read or write (spec §2, "every maintenance screen"). */
function maintenance<const B extends string>(base: B, read: FunctionCode, write: FunctionCode, listExtra: FunctionCode[] = []) {
  return [
    { path: base, anyOf: [read, write, ...listExtra] },
    { path: `${base}/add`, anyOf: [write] },
    { path: `${base}/edit/[id]`, anyOf: [write] },
    { path: `${base}/view/[id]`, anyOf: [read, write] },
  ] as const satisfies readonly RouteRule[];
}

const ADMIN = '/admin-controls';
const AIU = '/customer-support/account-info-update';

/**
 * The admin landing page opens for any admin code: exactly the provider's codes (spec §2's list, plus the portal's
 * payment-slip review codes, docs/permissions.md).
 */
export const ADMIN_LANDING_CODES: readonly FunctionCode[] = ADMIN_CODES;

const ROUTE_TABLE = [
  { path: '/404', anyOf: [], isPublic: true },
  { path: '/survey/optput', anyOf: [], isPublic: true },
  { path: '/login', anyOf: [], isPublic: true, isLoginPage: true },
  { path: '/login/disclaimer', anyOf: [], isPublic: true, isLoginPage: true },
  { path: '/login/select-ucp', anyOf: [], isPublic: true, isLoginPage: true },
  { path: '/weblogin', anyOf: [], isPublic: true, isLoginPage: true },
  // One-time links and "forgot password" (docs/user-accounts.md): opened without a session.
  { path: '/login/activate', anyOf: [], isPublic: true, isLoginPage: true },
  { path: '/login/forgot-password', anyOf: [], isPublic: true, isLoginPage: true },
  { path: '/login/reset-password', anyOf: [], isPublic: true, isLoginPage: true },

  { path: '/', anyOf: ['home'] },
  { path: '/inbox', anyOf: ['home'], deepLink: true },
  { path: '/contact-us', anyOf: ['home'] },
  { path: '/customer-support/quick-help', anyOf: ['home'] },
  { path: '/customer-support/quick-help/[id]', anyOf: ['home'] },
  { path: '/customer-support/quick-help/search', anyOf: ['home'] },
  { path: '/customer-support/faq', anyOf: ['home'] },
  { path: '/customer-support/faq/search', anyOf: ['home'] },
  { path: '/customer-support/useful-links', anyOf: ['home'] },
  // Open to every signed-in user (own profile and password); the preferences inside need ac_pref_read / _write.
  // A documented deviation from routes.json (docs/permissions.md): without it a user lacking ac_pref_read could
  // never change its own password.
  { path: '/account', anyOf: [] },
  { path: '/my-orders/manage', anyOf: ['mgt_order_read'] },
  { path: '/my-orders/manage/[id]', anyOf: ['mgt_order_read'], deepLink: true },
  { path: '/my-orders/track', anyOf: ['track_order_read'] },
  { path: '/my-orders/track/[id]', anyOf: ['track_order_read'], deepLink: true },
  { path: '/my-account/manage-my-bills', anyOf: ['mgt_bills_read'], deepLink: true },
  { path: '/my-account/manage-my-bills/payment-slip-upload', anyOf: ['payslip_upload_read', 'payslip_upload_read_all'] },
  { path: '/my-account/meter-history', anyOf: ['meter_history_read'] },
  { path: '/my-account/meter-history/upload', anyOf: ['meter_upload_read'] },
  { path: '/my-account/contract-billing-schedule', anyOf: ['contract_billing_read'] },
  { path: '/my-account/contract-billing-schedule/[id]', anyOf: ['contract_billing_read'], deepLink: true },
  { path: '/my-machines', anyOf: ['machine_read'], deepLink: true },
  { path: '/my-machines/[id]', anyOf: ['machine_read'], deepLink: true },
  { path: '/my-orders/contract-renewal', anyOf: ['contract_renewal_read', 'contract_renewal_write'], deepLink: true },
  { path: '/my-orders/contract-renewal/detail', anyOf: ['contract_renewal_read', 'contract_renewal_write'] },
  { path: AIU, anyOf: changeRead, deepLink: true },
  { path: `${AIU}/add-changes`, anyOf: changeRead },
  { path: `${AIU}/add-changes/agreement`, anyOf: changeRead },
  { path: `${AIU}/add-changes/agreement-toner`, anyOf: changeRead },
  { path: `${AIU}/add-changes/change-of-company-name`, anyOf: ['ac_chg_comp_name_read'] },
  { path: `${AIU}/add-changes/change-of-billing-address`, anyOf: ['ac_chg_bill_addr_read'] },
  { path: `${AIU}/add-changes/change-of-machine-location`, anyOf: ['ac_chg_machine_loc_read'] },
  { path: `${AIU}/add-changes/change-of-receive-hardcopy`, anyOf: ['ac_chg_rec_hardcopy_read'] },
  { path: `${AIU}/add-changes/change-of-toner-delivery-address`, anyOf: ['ac_chg_toner_addr_read'] },
  { path: `${AIU}/add-changes/transfer-or-novation-agreement`, anyOf: ['ac_transfer_agreemt_read'] },
  // Not in the spec (issue 16): the customer's service requests and the "Report a fault" form
  // (`/service-requests/new?machineId=…`), docs/service-requests.md.
  { path: '/service-requests', anyOf: ['service_req_read', 'service_req_write'], deepLink: true },
  { path: '/service-requests/new', anyOf: ['service_req_write'], deepLink: true },
  { path: '/service-requests/[id]', anyOf: ['service_req_read', 'service_req_write'], deepLink: true },

  { path: ADMIN, anyOf: ADMIN_LANDING_CODES },
  { path: `${ADMIN}/approve-account-info-update`, anyOf: approvalRead, deepLink: true },
  { path: `${ADMIN}/approve-account-info-update/[id]`, anyOf: approvalRead, deepLink: true },
  ...maintenance(`${ADMIN}/ucp-customer-maintenance`, 'ucp_cust_main_read', 'ucp_cust_main_write'),
  ...maintenance(`${ADMIN}/user-account-maintenance`, 'user_ac_main_read', 'user_ac_main_write', ['user_ac_main_impexp']),
  ...maintenance(`${ADMIN}/user-group-maintenance`, 'user_group_main_read', 'user_group_main_write'),
  { path: `${ADMIN}/user-list-report`, anyOf: ['user_list_rpt_read', 'user_list_rpt_read_all'] },
  ...maintenance(`${ADMIN}/offer-maintenance`, 'offer_read', 'offer_write'),
  { path: `${ADMIN}/contract-renewal-offer-maintenance`, anyOf: ['renewal_offer_write'] },
  { path: `${ADMIN}/customer-contract-renewal-logs`, anyOf: ['contract_renewal_log'] },
  { path: `${ADMIN}/customer-contract-renewal-logs/[id]`, anyOf: ['contract_renewal_log'] },
  { path: `${ADMIN}/customer-contract-renewal-report`, anyOf: ['contract_renewal_report'] },
  ...maintenance(`${ADMIN}/build-inbox-message`, 'build_inbox_message_read', 'build_inbox_message_write'),
  // Not in the spec: staff review of customers' payment slips, beside the other approvals (docs/permissions.md).
  { path: `${ADMIN}/payment-slip-review`, anyOf: ['payslip_review_read', 'payslip_review_write'] },
  { path: `${ADMIN}/payment-slip-review/[id]`, anyOf: ['payslip_review_read', 'payslip_review_write'] },
  // Not in the spec: the mail outbox (docs/mail.md, docs/permissions.md).
  { path: `${ADMIN}/outbox`, anyOf: ['outbox_read'] },
  // Not in the spec: staff maintenance of the support content and the customers' enquiries (docs/support.md).
  ...maintenance(`${ADMIN}/quick-help-maintenance`, 'support_content_read', 'support_content_write'),
  ...maintenance(`${ADMIN}/faq-maintenance`, 'support_content_read', 'support_content_write'),
  ...maintenance(`${ADMIN}/useful-link-maintenance`, 'support_content_read', 'support_content_write'),
  { path: `${ADMIN}/customer-enquiries`, anyOf: ['support_enquiry_read'] },
  { path: `${ADMIN}/customer-enquiries/view/[id]`, anyOf: ['support_enquiry_read'] },
  // Not in the spec (issue 16): the provider's service desk across customers (docs/service-requests.md).
  { path: `${ADMIN}/service-desk`, anyOf: ['service_req_admin_read', 'service_req_admin_write'] },
  { path: `${ADMIN}/service-desk/view/[id]`, anyOf: ['service_req_admin_read', 'service_req_admin_write'] },
  // Not in the spec: staff maintenance of the footer and site content of spec §7 (docs/site-content.md); five fixed sections, no add.
  { path: `${ADMIN}/site-content-maintenance`, anyOf: ['site_content_read', 'site_content_write'] },
  { path: `${ADMIN}/site-content-maintenance/view/[id]`, anyOf: ['site_content_read', 'site_content_write'] },
  { path: `${ADMIN}/site-content-maintenance/edit/[id]`, anyOf: ['site_content_write'] },
] as const satisfies readonly RouteRule[];

/** Every page pattern of the portal (`/my-orders/manage/[id]`), as a type: links are built from these (lib/paths.ts). */
export type RoutePath = (typeof ROUTE_TABLE)[number]['path'];

export const ROUTES: readonly RouteRule[] = ROUTE_TABLE;

const LOCALE_PREFIX = /^\/(en|tc)(?=\/|$)/;

/** `/tc/inbox?x=1#y` → `/inbox`; trailing slash removed. */
export function normalizePath(asPath: string): string {
  let path = asPath.split(/[?#]/, 1)[0] ?? '/';
  path = path.replace(LOCALE_PREFIX, '') || '/';
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

const compiled = ROUTES.map((rule) => ({
  rule,
  // `[id]` matches one segment; literal segments win over `[id]` because literals are tried first below.
  re: new RegExp(`^${rule.path.replace(/[.*+?^${}()|\\]/g, '\\$&').replace(/\\?\[id\\?\]/g, '[^/]+')}$`),
  isDynamic: rule.path.includes('[id]'),
}));

/** Finds the rule for a concrete path (`/my-orders/manage/123`) or a Next pathname (`/my-orders/manage/[id]`). */
export function findRoute(pathOrPattern: string): RouteRule | undefined {
  const path = normalizePath(pathOrPattern);
  const exact = compiled.find((c) => c.rule.path === path);
  if (exact) return exact.rule;
  return compiled.find((c) => c.isDynamic && c.re.test(path))?.rule;
}

export type RouteDecision = 'allow' | 'deny' | 'unknown';

/** What the guard does with a page: unknown routes (not in the table) are treated as `home` pages. */
export function decideRoute(grants: Grants, pathOrPattern: string): RouteDecision {
  const rule = findRoute(pathOrPattern);
  if (!rule) return 'unknown';
  return canAccess(grants, rule.anyOf) ? 'allow' : 'deny';
}

/** Only the portal's own deep-linkable pages may be the target of a deep link (spec §4). */
export function isDeepLinkPath(path: string): boolean {
  return findRoute(path)?.deepLink === true;
}
