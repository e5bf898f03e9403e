import { useEffect } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useSession } from 'next-auth/react';
import { checkTokenExpiration, getLastLoginTime, getPreferenceInfo } from '@/lib/api/auth';
import { setAuthToken, setUnauthorizedHandler } from '@/lib/api/client';
import { getEmailUnreadCount } from '@/lib/api/inbox';
import { getUploadFileSize } from '@/lib/api/systemParam';
import { getUcpCustByUcpId } from '@/lib/api/user';
import { canAccess, toGrants } from '@/lib/permissions/canAccess';
import { findRoute } from '@/lib/permissions/routes';
import { setAuthenticatedUser } from '@/lib/telemetry';
import { applyFontSize } from '@/lib/theme/applyPreferences';
import { useCurrentCustomerStore } from '@/store/currentCustomerStore';
import { usePortalStore } from '@/store/portalStore';
import { useSessionErrorStore } from '@/store/sessionErrorStore';

const SESSION_CODES: ReadonlySet<string> = new Set(['A001', 'AUTH_REQUIRED', 'TOKEN_EXPIRED']);

/**
 * Keeps the API client's token in step with the session and, once a user and customer are known, loads what every
 * screen needs in parallel (spec §4): preference, unread count, last login time, upload size; on non-login pages
 * also the token-expiry check.
 */
export function SessionBootstrap() {
  const { data: session, status } = useSession();
  const router = useRouter();
  const raise = useSessionErrorStore((s) => s.raise);
  // Set during render so the children's first requests already carry the token.
  // Kept through the `loading` of an update(): requests made meanwhile still carry the current token.
  setAuthToken(status === 'unauthenticated' ? null : (session?.jwtToken ?? null));

  // Only a lost session opens the dialog: a 401 for a wrong MFA code or password is the form's own error.
  useEffect(() => setUnauthorizedHandler((code) => SESSION_CODES.has(code) && raise(code)), [raise]);

  const userKey = session?.currentUser?.ucpId ? `${session.currentUser.userAcUuid}:${session.currentUser.ucpId}` : null;
  const isLoginPage = findRoute(router.pathname)?.isLoginPage === true;
  const clear = useSessionErrorStore((s) => s.clear);

  // A sign-in page shows its own error, and a new session starts clean: an old 401 must not cover either.
  useEffect(() => {
    if (isLoginPage) clear();
  }, [isLoginPage, clear]);
  useEffect(() => {
    clear();
  }, [userKey, clear]);

  useEffect(() => {
    if (!userKey || !session) return;
    setAuthenticatedUser(session.currentUser.userAcUuid);
    const store = usePortalStore.getState();
    void Promise.all([
      getPreferenceInfo().then((r) => {
        if (!r.ok) return;
        store.setPreferenceInfo({ fontSize: r.data.fontSize });
        applyFontSize(r.data.fontSize);
      }),
      // The inbox is a `home` screen: users without it (approval-only staff) have no unread count to show.
      canAccess(toGrants(session.functionList), ['home'])
        ? getEmailUnreadCount().then((r) => r.ok && store.setEmailUnread(r.data))
        : Promise.resolve(),
      getLastLoginTime().then((r) => r.ok && store.setLastLoginTime(r.data.lastLoginTime)),
      canAccess(toGrants(session.functionList), ['home'])
        ? getUcpCustByUcpId().then((r) => useCurrentCustomerStore.getState().set(session.currentUser.ucpId!, r.ok ? r.data : null))
        : Promise.resolve(useCurrentCustomerStore.getState().clear()),
      getUploadFileSize({ silent: true }).then((r) => r.ok && store.setUploadFileSize(r.data)),
    ]);
    // Re-run only when the user or customer changes, not on every session object refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userKey]);

  useEffect(() => {
    if (!userKey || isLoginPage) return;
    void checkTokenExpiration().then((r) => {
      if (!r.ok && r.error.status === 401) raise(r.error.code);
    });
  }, [userKey, isLoginPage, raise]);

  return isLoginPage ? null : <SessionExpiredPrompt />;
}

/** The dialog's code is loaded only when a session actually ends (it is rare; the shared bundle stays lean). */
const SessionExpiredDialog = dynamic(() => import('./SessionExpiredDialog').then((m) => m.SessionExpiredDialog));

function SessionExpiredPrompt() {
  const code = useSessionErrorStore((s) => s.code);
  return code === null ? null : <SessionExpiredDialog />;
}
