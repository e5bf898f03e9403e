import { useMemo } from 'react';
import { useSession } from '@/lib/api/query';

/** The signed-in user's function codes for its current customer (the server checks again on every call). */
export function useCodes(): string[] {
  const { data: session } = useSession();
  return useMemo(() => (session?.functionList ?? []).map((f) => f.fnCode), [session]);
}
