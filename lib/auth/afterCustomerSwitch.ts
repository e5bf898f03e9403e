import { canAccess, type Grants } from '@/lib/permissions/canAccess';
import { findRoute, normalizePath } from '@/lib/permissions/routes';
import type { DeepLink } from './deepLink';

/**
 * Pages that show one record of the customer without an `[id]` in their path (they name it in the query): after a
 * switch they go to their area's list like the `[id]` pages.
 */
const RECORD_PAGES: Readonly<Record<string, string>> = {
  '/my-orders/contract-renewal/detail': '/my-orders/contract-renewal',
};

/**
 * The list of the area of a page showing one record (`/my-orders/manage/[id]` → `/my-orders/manage`,
 * `/x/view/[id]`, `/x/edit/[id]` and `/x/add` → `/x`), or null for a list or overview page.
 */
export function areaListOf(pattern: string): string | null {
  if (RECORD_PAGES[pattern]) return RECORD_PAGES[pattern]!;
  const m = /^(.*?)(?:\/(?:view|edit))?\/\[id\]$/.exec(pattern) ?? /^(.*)\/add$/.exec(pattern);
  return m ? m[1] || '/' : null;
}

/**
 * Where a user goes after choosing another customer on /login/select-ucp, having come from `from` (the header's
 * "Switch customer" passes the page it was on):
 * - the same customer again: back to the very page, query and all;
 * - a list or overview page: the same page, without its query (filters and a selected row may name the previous
 *   customer's records, e.g. a machine);
 * - a page of one record (an order, a bill, a contract… which belongs to the previous customer): that area's list;
 * - nowhere (null: the caller's landing page) when there is no page to come back to, or the new customer's
 *   functions do not open it.
 */
export function pageAfterCustomerSwitch(from: DeepLink | null, grants: Grants, sameCustomer: boolean): string | null {
  if (!from) return null;
  const rule = findRoute(from.path);
  if (!rule || rule.isPublic || rule.isLoginPage) return null;
  if (sameCustomer) return from.params ? `${from.path}?${from.params}` : from.path;
  const list = areaListOf(rule.path);
  const target = list ?? normalizePath(from.path);
  const targetRule = findRoute(target);
  return targetRule && !targetRule.isPublic && canAccess(grants, targetRule.anyOf) ? target : null;
}
