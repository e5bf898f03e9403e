import type { ReactNode } from 'react';
import { useSession } from '@/lib/api/query';
import { canAccess, toGrants } from '@/lib/permissions/canAccess';
import type { FunctionCode } from '@/lib/permissions/codes';
import { findRoute } from '@/lib/permissions/routes';
import type { RoutePath } from '@/lib/permissions/routes';

/** Whether the signed-in user holds one of `anyOf` for its current customer (the server checks again on every call). */
export function useCanAccess(anyOf: readonly FunctionCode[]): boolean {
  const { data: session } = useSession();
  return session ? canAccess(toGrants(session.functionList), anyOf) : false;
}

/**
 * Whether the user may open a portal page (the route table's codes for that path): a link to a page the guard would
 * refuse is not offered.
 */
export function useCanOpen(href: RoutePath): boolean {
  const rule = findRoute(href);
  return useCanAccess(rule?.anyOf ?? []) && rule !== undefined;
}

/**
 * Shows `children` only to users holding one of `anyOf` (DESIGN.md convention 5): controls a user may not use are
 * hidden, not disabled.
 */
export function Can({ anyOf, children }: { anyOf: readonly FunctionCode[]; children: ReactNode }) {
  return useCanAccess(anyOf) ? <>{children}</> : null;
}
