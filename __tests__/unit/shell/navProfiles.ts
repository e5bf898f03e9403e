import { APPROVAL_AREAS, CUSTOMER_CODES, readWriteCodes, type FunctionCode } from '@/lib/permissions/codes';
import { canAccess, toGrants } from '@/lib/permissions/canAccess';
import { findRoute } from '@/lib/permissions/routes';
import { NAV_SECTIONS } from '@/lib/navigation';

/** Function lists of typical users (spec §6), shared by the navigation and header tests. */
export const NAV_PROFILES = {
  /** A customer administrator: every customer code (every customer area, reads and writes). */
  customer: CUSTOMER_CODES,
  /** A customer user who may only look at the home page, the inbox and deliveries. */
  viewer: ['home', 'track_order_read'],
  /** Provider staff holding only the approval codes of account-information changes. */
  approvalStaff: readWriteCodes(APPROVAL_AREAS),
  /** The provider's super-user. */
  all: ['all'],
} as const satisfies Record<string, readonly FunctionCode[]>;

/**
 * The menu entries a function list may open, worked out from NAV_SECTIONS and the route table directly (not through
 * visibleNav), in menu order.
 */
export function expectedNavHrefs(codes: readonly string[]): string[] {
  const grants = toGrants(codes);
  return NAV_SECTIONS.flatMap((s) => s.items.map((i) => i.href)).filter((href) => {
    const rule = findRoute(href);
    return rule !== undefined && canAccess(grants, rule.anyOf);
  });
}
