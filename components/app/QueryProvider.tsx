import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSession } from 'next-auth/react';
import { createQueryClient } from '@/lib/api/query';

/**
 * The portal's one QueryClient. Server data belongs to a user acting for a customer: when either changes (sign-out,
 * customer switch, another user signing in on the same tab) everything cached is dropped, so no screen ever shows the
 * previous customer's data, not even for a frame.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  const { data: session, status } = useSession();
  const scope = status === 'authenticated' ? `${session?.currentUser?.userAcUuid ?? ''}:${session?.currentUser?.ucpId ?? ''}` : '';
  const [cachedScope, setCachedScope] = useState(scope);
  if (status !== 'loading' && scope !== cachedScope) {
    // During render, before any child reads the cache (React allows this state adjustment pattern).
    client.clear();
    setCachedScope(scope);
  }
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
