/**
 * What every screen needs about the signed-in user and its customer (spec §4), as queries of the query layer: the
 * session bootstrap starts them in parallel right after sign-in, and the header, home, account and upload screens
 * read the same cache entries (the QueryProvider drops them when the user or customer changes). Nothing here is kept
 * in zustand.
 */
import { useEndpointQuery, useSession } from '@/lib/api/query';
import { loginContract } from '@/lib/auth/contract';
import { userContract } from '@/lib/customer/contract';
import type { CurrentCustomer } from '@/lib/customer/schemas';
import { inboxContract } from '@/lib/inbox/contract';
import { canAccess, toGrants } from '@/lib/permissions/canAccess';
import { landingPath } from '@/lib/navigation';
import { pathTo } from '@/lib/paths';
import { systemParamContract, uploadLimitMb } from '@/lib/systemParam/contract';

/** Loaded once per user and customer: the cache is cleared when either changes, so they never go stale meanwhile. */
const ONCE = { staleTime: Infinity } as const;

/** Whether a user acting for a customer is signed in, and whether it may see `home` data (inbox, current customer). */
function useScope(): { signedIn: boolean; home: boolean } {
  const { data: session } = useSession();
  const signedIn = Boolean(session?.currentUser?.ucpId);
  return { signedIn, home: signedIn && session ? canAccess(toGrants(session.functionList), ['home']) : false };
}

/** The user's stored display preferences (font size, preferred language). */
export function usePreferenceInfo() {
  const { signedIn } = useScope();
  return useEndpointQuery(loginContract.endpoints.getPreferenceInfo, signedIn ? {} : null, ONCE).data ?? null;
}

/**
 * Unread inbox messages, or null while the count loads, when it failed, or for users without the inbox (`home`): the
 * home card shows its figure only once it is known (it showed "0 unread messages" until the answer came, and for as
 * long as the call kept failing).
 */
export function useKnownUnreadCount(): number | null {
  return useUnreadCountState().data;
}

/** The unread count and whether asking for it failed (finally, or while it is retried every 5 s): the home card stops waiting then. */
export function useUnreadCountState(): { data: number | null; failed: boolean } {
  const { home } = useScope();
  // Asked again when the user comes back to the tab (once it is 30 s old): the header stays mounted from page to page,
  // so a portal left open all day showed the count of the morning however many messages arrived since.
  const query = useEndpointQuery(inboxContract.endpoints.getEmailUnreadCount, home ? {} : null, { refetchOnWindowFocus: true });
  return { data: query.data ?? null, failed: home && Boolean(query.apiError || query.retrying) };
}

/** Unread inbox messages (the header's badge); 0 for users without the inbox (`home`) and until the count is known. */
export function useUnreadCount(): number {
  return useKnownUnreadCount() ?? 0;
}

/** ISO time of the previous sign-in; null on a first sign-in or while it loads. */
export function useLastLoginTime(): string | null {
  const { signedIn } = useScope();
  return useEndpointQuery(userContract.endpoints.getLastLoginTime, signedIn ? {} : null, ONCE).data?.lastLoginTime ?? null;
}

/** The customer the session acts for; null while it loads, when it failed, or for users without `home`. */
export function useCurrentCustomer(): CurrentCustomer | null {
  const { home } = useScope();
  return useEndpointQuery(userContract.endpoints.getUcpCustByUcpId, home ? {} : null, ONCE).data ?? null;
}

/**
 * The current customer's names for the header: the loaded customer, else the names last loaded for the same customer
 * in this tab. When the session ends, the customer query fails with a 401 and the header would fall back to the UCP
 * id while the session-expired dialog shows; it keeps the name instead (issue 10 minor). Only the names are kept
 * (sessionStorage, this tab only).
 */
const NAMES_KEY = 'portal.customerNames';
type CustomerNames = { ucpId: string; nameEn: string; nameZh: string };
function rememberNames(names: CustomerNames): void {
  try {
    window.sessionStorage.setItem(NAMES_KEY, JSON.stringify(names));
  } catch {
    /* storage unavailable: nothing to remember */
  }
}
function recallNames(ucpId: string | null | undefined): CustomerNames | null {
  if (!ucpId || typeof window === 'undefined') return null;
  try {
    const names = JSON.parse(window.sessionStorage.getItem(NAMES_KEY) ?? 'null') as CustomerNames | null;
    return names?.ucpId === ucpId ? names : null;
  } catch {
    return null;
  }
}
export function useCustomerNames(): CustomerNames | null {
  const { data: session } = useSession();
  const customer = useCurrentCustomer();
  const ucpId = session?.currentUser?.ucpId ?? null;
  if (customer && customer.ucpId === ucpId) {
    const names = { ucpId: customer.ucpId, nameEn: customer.nameEn, nameZh: customer.nameZh };
    if (typeof window !== 'undefined') rememberNames(names);
    return names;
  }
  return recallNames(ucpId);
}

/** Upload size limit in MB (system parameter; 1 until it is known or when the server supplies none, spec §9). */
export function useUploadLimitMb(): number {
  const { signedIn } = useScope();
  return uploadLimitMb(useEndpointQuery(systemParamContract.endpoints.getUploadFileSize, signedIn ? {} : null, ONCE).data);
}

/**
 * Where "home" leads the user: a signed-in user's landing page (staff without `home`, such as approvers, may not open
 * '/' and met "no permission" there), '/' for anyone else. The header's logo and the 404 page's button.
 */
export function useHomePath(): string {
  const { data: session } = useSession();
  return session?.currentUser?.ucpId ? landingPath(toGrants(session.functionList)) : pathTo('/');
}
