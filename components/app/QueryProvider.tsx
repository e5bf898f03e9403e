import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { createQueryClient, SESSION_QUERY_KEY, listenForSessionChanges, useSession } from '@/lib/api/query';

/**
 * The portal's one QueryClient, which also holds the browser's session (lib/api/session.ts). Server data belongs to a
 * user acting for a customer: when either changes (sign-out, customer switch, another user signing in on the same
 * tab) everything cached but the session itself is dropped, so no screen ever shows the previous customer's data,
 * not even for a frame.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <SessionScope>{children}</SessionScope>
    </QueryClientProvider>
  );
}

function SessionScope({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  useEffect(() => listenForSessionChanges(client), [client]);
  const { data: session, status } = useSession();
  const scope = status === 'authenticated' ? `${session?.currentUser?.userAcUuid ?? ''}:${session?.currentUser?.ucpId ?? ''}` : '';
  const [cachedScope, setCachedScope] = useState(scope);
  if (status !== 'loading' && scope !== cachedScope) {
    // During render, before any child reads the cache (React allows this state adjustment pattern).
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] || q.queryKey[1] !== SESSION_QUERY_KEY[1] });
    client.getMutationCache().clear();
    setCachedScope(scope);
  }
  return <>{children}</>;
}
