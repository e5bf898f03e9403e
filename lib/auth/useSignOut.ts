import { useCallback } from 'react';
import { useRouter } from 'next/router';
import { setAuthToken } from '@/lib/api/client';
import { callEndpoint, signOut, useSession } from '@/lib/api/query';
import { loginContract } from '@/lib/auth/contract';
import { returnToQuery } from '@/lib/auth/deepLink';
import { usePortalStore } from '@/store/portalStore';

/**
 * Spec §4 sign-out: try the server-side logout (revokes the API token), ignore any failure, end the next-auth
 * session, then go to /weblogin with the error code when one was given. Cached server data goes with the session
 * (components/app/QueryProvider.tsx clears it when the user changes).
 *
 * `returnHere` (the session-expired dialog's "Sign in again"): /weblogin carries the page being shown as `returnTo`,
 * so signing in again continues there (issue 10 minor).
 */
export function useSignOut() {
  const router = useRouter();
  const { data: session } = useSession();
  const ucpId = session?.currentUser?.ucpId ?? null;
  const customerCount = session?.profile?.customerCount ?? 0;
  return useCallback(
    async (errorCode?: string, { returnHere = false }: { returnHere?: boolean } = {}) => {
      const back = returnHere ? returnToQuery(router.asPath, ucpId, customerCount) : {};
      await callEndpoint(loginContract.endpoints.logout, {}, { disableErrorHandler: true }).catch(() => undefined);
      setAuthToken(null);
      await signOut({ redirect: false }).catch(() => undefined);
      usePortalStore.getState().resetSession?.();
      await router.replace({ pathname: '/weblogin', query: { ...(errorCode ? { error: errorCode } : {}), ...back } });
    },
    [router, ucpId, customerCount],
  );
}
