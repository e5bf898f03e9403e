import { useCallback } from 'react';
import { useRouter } from 'next/router';
import { signOut } from 'next-auth/react';
import { setAuthToken } from '@/lib/api/client';
import { callEndpoint } from '@/lib/api/query';
import { loginContract } from '@/lib/auth/contract';
import { usePortalStore } from '@/store/portalStore';

/**
 * Spec §4 sign-out: try the server-side logout (revokes the API token), ignore any failure, end the next-auth
 * session, then go to /weblogin with the error code when one was given. Cached server data goes with the session
 * (components/app/QueryProvider.tsx clears it when the user changes).
 */
export function useSignOut() {
  const router = useRouter();
  return useCallback(
    async (errorCode?: string) => {
      await callEndpoint(loginContract.endpoints.logout, {}, { disableErrorHandler: true }).catch(() => undefined);
      setAuthToken(null);
      await signOut({ redirect: false }).catch(() => undefined);
      usePortalStore.getState().resetSession?.();
      await router.replace({ pathname: '/weblogin', query: errorCode ? { error: errorCode } : {} });
    },
    [router],
  );
}
