/**
 * The browser's side of the next-auth session, without next-auth's client (docs/performance.md, "Shared bundle,
 * fourth pass"). next-auth stays on the server (its routes under /api/auth, its cookies, the jwt and session
 * callbacks); the browser reads its session endpoint through one TanStack Query and talks to its routes exactly as
 * next-auth 4's `next-auth/react` does (node_modules/next-auth/react/index.js):
 *
 * - `useSession()` → `{ data, status, update }`: the session query (`GET /api/auth/session`, `{}` = signed out),
 *   fetched once by the first reader and kept (never stale; no refetch on window focus, as the portal configured
 *   next-auth's provider). `status` is `loading` until the first answer and while an `update()` runs.
 * - `update(data)`: `POST /api/auth/session` with `{ csrfToken, data }` (next-auth's jwt callback with
 *   `trigger: 'update'`); the answer becomes the session. Does nothing (resolves null) while the session is
 *   loading or absent, as next-auth's does.
 * - `signIn('credentials', fields)`: the credentials form with its CSRF token, posted to the provider's callback
 *   (`json: true`); the error is read from the URL it answers with. Then the session is read again.
 * - `signOut()`: the sign-out form with its CSRF token; then the session is read again (signed out).
 * - `getSession()`: reads the session now (and puts it in the query).
 * - Other tabs learn of a change through next-auth's own `localStorage` broadcast (`nextauth.message`): reading the
 *   session, updating it and signing out post it; a tab that receives it reads its session again (without posting).
 *
 * A session the server answers without its grant (the API token was revoked during an update: the session callback
 * then answers only `expires` in the past) is no session.
 */
import { useCallback } from 'react';
import {
  MutationObserver,
  QueryClient,
  queryOptions,
  useIsMutating,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Session } from 'next-auth';
import type { SessionUpdate } from '@/lib/auth/sessionTypes';

/** next-auth's routes (its basePath: the default `/api/auth`; NEXTAUTH_URL has no path in this portal). */
export const NEXT_AUTH_ROUTES = {
  session: '/api/auth/session',
  csrf: '/api/auth/csrf',
  signOut: '/api/auth/signout',
  callback: (provider: string) => `/api/auth/callback/${encodeURIComponent(provider)}`,
} as const;

/** The localStorage key next-auth's client broadcasts session events on (kept, so tabs of either client agree). */
export const BROADCAST_KEY = 'nextauth.message';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;
const UPDATE_KEY = ['auth', 'session', 'update'] as const;

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type SessionContextValue = {
  data: Session | null;
  status: SessionStatus;
  update: (data?: SessionUpdate | Record<string, unknown>) => Promise<Session | null>;
};

/** A session that carries the portal's grant; anything else (`{}`, a grantless answer) is no session. */
function asSession(body: unknown): Session | null {
  if (typeof body !== 'object' || body === null) return null;
  const s = body as Partial<Session>;
  return typeof s.jwtToken === 'string' && s.jwtToken !== '' && typeof s.currentUser === 'object' && s.currentUser !== null ? (s as Session) : null;
}

function broadcast(trigger: 'getSession' | 'signout'): void {
  if (typeof window === 'undefined') return;
  try {
    window.localStorage.setItem(BROADCAST_KEY, JSON.stringify({ event: 'session', data: { trigger }, timestamp: Math.floor(Date.now() / 1000) }));
  } catch {
    /* storage unavailable: other tabs learn at their next read */
  }
}

/** next-auth's fetchData: JSON in and out; any failure is `null` (next-auth logs it and carries on). */
async function fetchJson(url: string, body?: unknown): Promise<unknown> {
  try {
    const res = await fetch(url, {
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
    });
    const data: unknown = await res.json();
    if (!res.ok) return null;
    return typeof data === 'object' && data !== null && Object.keys(data).length > 0 ? data : null;
  } catch {
    return null;
  }
}

async function csrfToken(): Promise<string | undefined> {
  const data = (await fetchJson(NEXT_AUTH_ROUTES.csrf)) as { csrfToken?: unknown } | null;
  return typeof data?.csrfToken === 'string' ? data.csrfToken : undefined;
}

/** Reads the session from next-auth; `broadcast` tells other tabs to read theirs (not when answering their message). */
export async function fetchSession({ broadcast: tell = true }: { broadcast?: boolean } = {}): Promise<Session | null> {
  const session = asSession(await fetchJson(NEXT_AUTH_ROUTES.session));
  if (tell) broadcast('getSession');
  return session;
}

export const sessionQuery = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => fetchSession(),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/**
 * The QueryClient holding the session, for the plain functions below (as next-auth's client keeps its provider's
 * state in a module variable). Set by `useSessionSync` in the app's QueryProvider, and by the test render helper.
 */
let boundClient: QueryClient | null = null;
export function bindSessionClient(client: QueryClient | null): void {
  boundClient = client;
}

/** Reads the session again into the query (no broadcast: used after the portal's own sign-in / sign-out and for other tabs' messages). */
async function reloadSession(client: QueryClient | null = boundClient): Promise<Session | null> {
  const session = await fetchSession({ broadcast: false });
  client?.setQueryData(SESSION_QUERY_KEY, session);
  return session;
}

/** next-auth's `getSession()`: reads the session now (telling other tabs) and keeps it in the query. */
export async function getSession(): Promise<Session | null> {
  const session = await fetchSession();
  boundClient?.setQueryData(SESSION_QUERY_KEY, session);
  return session;
}

export type SignInResult = { error: string | null; status: number; ok: boolean; url: string | null };

/**
 * next-auth's `signIn(provider, { redirect: false, callbackUrl, ...fields })` for a credentials provider: posts the
 * form with the CSRF token to the provider's callback and reads the error from the URL next-auth answers with.
 * Never redirects (the portal always asked for `redirect: false`); undefined when no answer came.
 */
export async function signIn(
  provider: string,
  { callbackUrl, redirect: _redirect, ...fields }: { callbackUrl?: string; redirect?: false } & Record<string, string | false | undefined> = {},
): Promise<SignInResult | undefined> {
  const form: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (typeof v === 'string') form[k] = v;
  const callback = callbackUrl ?? window.location.href;
  try {
    const res = await fetch(NEXT_AUTH_ROUTES.callback(provider), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, csrfToken: (await csrfToken()) ?? '', callbackUrl: callback, json: 'true' }),
    });
    const data = (await res.json()) as { url?: string };
    const url = typeof data.url === 'string' ? data.url : callback;
    const error = new URL(url, window.location.href).searchParams.get('error');
    if (res.ok) await reloadSession();
    return { error, status: res.status, ok: res.ok, url: error ? null : url };
  } catch {
    return undefined;
  }
}

/** next-auth's `signOut({ redirect: false })`: posts the sign-out form with the CSRF token, tells other tabs, reads the (now empty) session. */
export async function signOut(_options: { redirect?: false } = {}): Promise<{ url?: string } | null> {
  const res = await fetch(NEXT_AUTH_ROUTES.signOut, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken: (await csrfToken()) ?? '', callbackUrl: window.location.href, json: 'true' }),
  });
  const data = (await res.json()) as { url?: string };
  broadcast('signout');
  await reloadSession();
  return data;
}

/** next-auth's `update(data)`: the session endpoint's POST, whose answer is the new session (kept, and told to other tabs). */
async function postUpdate(client: QueryClient, data: unknown): Promise<Session | null> {
  const session = asSession(await fetchJson(NEXT_AUTH_ROUTES.session, { csrfToken: await csrfToken(), data }));
  if (session) {
    client.setQueryData(SESSION_QUERY_KEY, session);
    broadcast('getSession');
  }
  return session;
}

/** Every reader shares one query and one "updating" flag, both in the QueryClient. */
export function useSession(): SessionContextValue {
  const client = useQueryClient();
  const query = useQuery(sessionQuery());
  const updating = useIsMutating({ mutationKey: UPDATE_KEY }) > 0;
  const data = query.data ?? null;
  const status: SessionStatus = query.isPending || updating ? 'loading' : data ? 'authenticated' : 'unauthenticated';
  const update = useCallback(
    async (body?: SessionUpdate | Record<string, unknown>) => {
      // next-auth: `if (loading || !session) return;`
      const state = client.getQueryState(SESSION_QUERY_KEY);
      if (!state || state.status === 'pending' || !state.data || client.isMutating({ mutationKey: UPDATE_KEY }) > 0) return null;
      const observer = new MutationObserver<Session | null, Error, unknown>(client, { mutationKey: UPDATE_KEY, mutationFn: (d) => postUpdate(client, d) });
      return observer.mutate(body);
    },
    [client],
  );
  return { data, status, update };
}

/**
 * Binds the session functions to the app's QueryClient and reads the session again when another tab broadcasts a
 * change (next-auth's storage listener). Mounted once, by the QueryProvider.
 */
export function listenForSessionChanges(client: QueryClient): () => void {
  bindSessionClient(client);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== BROADCAST_KEY) return;
    try {
      const message = JSON.parse(event.newValue ?? '{}') as { event?: string; data?: unknown };
      if (message?.event !== 'session' || !message.data) return;
    } catch {
      return;
    }
    void reloadSession(client);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener('storage', onStorage);
    if (boundClient === client) bindSessionClient(null);
  };
}
