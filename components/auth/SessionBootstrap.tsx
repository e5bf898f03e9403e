import { useEffect, useRef } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { setAuthToken, setUnauthorizedHandler } from '@/lib/api/client';
import { useEndpointQuery, useSession } from '@/lib/api/query';
import { checkTokenContract } from '@/lib/auth/contract';
import { findRoute } from '@/lib/permissions/routes';
import { setAuthenticatedUser } from '@/lib/telemetry';
import { applyFontSize } from '@/lib/theme/applyPreferences';
import { useCanAccess } from '@/components/common/Can';
import { useSessionErrorStore } from '@/store/sessionErrorStore';
import { SessionKeeper } from './SessionKeeper';
import { useCurrentCustomer, useLastLoginTime, usePreferenceInfo, useUnreadCount, useUploadLimitMb } from './useSessionData';

const SESSION_CODES: ReadonlySet<string> = new Set(['A001', 'AUTH_REQUIRED', 'TOKEN_EXPIRED']);

/**
 * Keeps the API client's token in step with the session and, once a user and customer are known, starts the queries
 * every screen needs in parallel (spec §4, components/auth/useSessionData.ts): preference, unread count, last login
 * time, current customer, upload size; on non-login pages also the token-expiry check.
 */
export function SessionBootstrap() {
  const { data: session, status, update } = useSession();
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
    if (userKey && session) setAuthenticatedUser(session.currentUser.userAcUuid);
    // Only when the user or customer changes, not on every session object refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userKey]);

  // Spec §4: loaded in parallel once a user and customer are known (each waits for that; the screens read the cache).
  const preference = usePreferenceInfo();
  useUnreadCount();
  useLastLoginTime();
  useCurrentCustomer();
  useUploadLimitMb();
  // The saved font size wins only for a user who may save one (ac_pref_write): the header's control keeps anyone
  // else's choice in the cookie alone, and the stored value (never changed by that user) put it back at every reload.
  const savesPreference = useCanAccess(['ac_pref_write']);
  useEffect(() => {
    if (preference && savesPreference) applyFontSize(preference.fontSize);
  }, [preference, savesPreference]);

  // The token check on non-login pages: a 401 here is a lost session, shown by the dialog.
  // It also answers the codes the API grants now: asked again at every navigation and when the window gets the focus,
  // so a group change by staff reaches the menu and the route guard without a new sign-in (docs/user-groups.md).
  const tokenCheck = useEndpointQuery(checkTokenContract.endpoints.checkTokenExpiration, userKey && !isLoginPage ? {} : null, {
    request: { disableErrorHandler: true },
    retry: false,
    refetchOnWindowFocus: true,
  });
  const { refetch } = tokenCheck;
  useEffect(() => {
    if (!userKey || isLoginPage) return;
    const onRoute = () => void refetch();
    router.events.on('routeChangeComplete', onRoute);
    return () => router.events.off('routeChangeComplete', onRoute);
  }, [router.events, refetch, userKey, isLoginPage]);
  const liveCodes = tokenCheck.data?.functionCodes;
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!liveCodes || status !== 'authenticated' || !session) return;
    const live = [...liveCodes].sort().join(',');
    const held = session.functionList
      .map((f) => f.fnCode)
      .sort()
      .join(',');
    // Once per new set of codes: the refreshed session re-reads them (next-auth jwt callback → refreshGrant).
    if (live === held || refreshedFor.current === live) return;
    refreshedFor.current = live;
    void update({ refresh: true });
  }, [liveCodes, session, status, update]);
  const tokenError = tokenCheck.apiError;
  useEffect(() => {
    if (tokenError?.status === 401) raise(tokenError.code);
  }, [tokenError, raise]);

  return isLoginPage ? null : (
    <>
      {userKey ? <SessionKeeper /> : null}
      <SessionExpiredPrompt />
    </>
  );
}

/** The dialog's code is loaded only when a session actually ends (it is rare; the shared bundle stays lean). */
const SessionExpiredDialog = dynamic(() => import('./SessionExpiredDialog').then((m) => m.SessionExpiredDialog));

function SessionExpiredPrompt() {
  const code = useSessionErrorStore((s) => s.code);
  return code === null ? null : <SessionExpiredDialog />;
}
