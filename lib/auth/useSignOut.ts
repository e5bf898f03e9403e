import { useCallback } from 'react';
import { useRouter } from 'next/router';
import { signOut } from 'next-auth/react';
import { apiPost, setAuthToken } from '@/lib/api/client';
import { useCurrentCustomerStore } from '@/store/currentCustomerStore';
import { usePortalStore } from '@/store/portalStore';

/**
 * Spec §4 sign-out: try the server-side logout (revokes the API token), ignore any failure, end the next-auth
 * session, then go to /weblogin with the error code when one was given.
 */
export function useSignOut() {
  const router = useRouter();
  return useCallback(
    async (errorCode?: string) => {
      await apiPost('/api/login/logout', {}, { silent: true, disableErrorHandler: true }).catch(() => undefined);
      setAuthToken(null);
      await signOut({ redirect: false }).catch(() => undefined);
      usePortalStore.getState().resetSession?.();
      useCurrentCustomerStore.getState().clear();
      await router.replace({ pathname: '/weblogin', query: errorCode ? { error: errorCode } : {} });
    },
    [router],
  );
}
