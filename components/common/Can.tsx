import type { ReactNode } from 'react';
import { useSession } from 'next-auth/react';
import { canAccess, toGrants } from '@/lib/permissions/canAccess';
import type { FunctionCode } from '@/lib/permissions/codes';

/** Whether the signed-in user holds one of `anyOf` for its current customer (the server checks again on every call). */
export function useCanAccess(anyOf: readonly FunctionCode[]): boolean {
  const { data: session } = useSession();
  return session ? canAccess(toGrants(session.functionList), anyOf) : false;
}

/**
 * Shows `children` only to users holding one of `anyOf` (DESIGN.md convention 5): controls a user may not use are
 * hidden, not disabled.
 */
export function Can({ anyOf, children }: { anyOf: readonly FunctionCode[]; children: ReactNode }) {
  return useCanAccess(anyOf) ? <>{children}</> : null;
}
