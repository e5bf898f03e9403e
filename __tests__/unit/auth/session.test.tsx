import { act, renderHook, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { Session } from 'next-auth';
import { useQuery } from '@tanstack/react-query';
import { QueryProvider } from '@/components/app/QueryProvider';
import { BROADCAST_KEY, NEXT_AUTH_ROUTES, getSession, signIn, signOut, useSession } from '@/lib/api/session';
import { sessionWith } from '../testUtils/render';
import { server } from '../testUtils/server';

/**
 * The browser's session without next-auth's client (lib/api/session.ts), against next-auth's routes as next-auth 4
 * answers them: GET /session (`{}` when signed out), GET /csrf, POST /callback/credentials and /signout with the
 * form and `json=true` (answering `{ url }`), POST /session with `{ csrfToken, data }` (the update).
 * Rendered inside the app's real QueryProvider, which binds the functions to its client and listens to other tabs.
 */

const CSRF = 'csrf-token-1';
const ALICE = sessionWith(['home'], { jwtToken: 'token-alice', currentUser: { userAcUuid: 'u-alice', ucpId: 'UCP100001' } });
const ALICE_SWITCHED = sessionWith(['home'], { jwtToken: 'token-alice-2', currentUser: { userAcUuid: 'u-alice', ucpId: 'UCP100002' } });

type Seen = { method: string; path: string; body: string; contentType: string | null };

/** next-auth's routes with a server-side session (`current`, null when signed out); every request is recorded. */
function nextAuth(initial: Session | null, opts: { credentials?: (form: URLSearchParams) => { ok: true; session: Session } | { ok: false; code: string }; update?: (data: unknown) => Session | Record<string, unknown> | null; updateDelayMs?: number } = {}) {
  const state = { current: initial, seen: [] as Seen[] };
  const record = async (request: Request) => {
    const url = new URL(request.url);
    state.seen.push({ method: request.method, path: url.pathname, body: await request.clone().text(), contentType: request.headers.get('content-type') });
  };
  server.use(
    http.get(NEXT_AUTH_ROUTES.session, async ({ request }) => {
      await record(request);
      return HttpResponse.json(state.current ?? {});
    }),
    http.get(NEXT_AUTH_ROUTES.csrf, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ csrfToken: CSRF });
    }),
    http.post(NEXT_AUTH_ROUTES.callback('credentials'), async ({ request }) => {
      await record(request);
      const form = new URLSearchParams(await request.text());
      if (form.get('csrfToken') !== CSRF) return HttpResponse.json({ url: 'http://localhost/api/auth/signin?csrf=true' });
      const outcome = opts.credentials?.(form) ?? { ok: false, code: 'CredentialsSignin' };
      if (!outcome.ok) return HttpResponse.json({ url: `http://localhost/login?error=${outcome.code}` }, { status: 401 });
      state.current = outcome.session;
      return HttpResponse.json({ url: form.get('callbackUrl') });
    }),
    http.post(NEXT_AUTH_ROUTES.signOut, async ({ request }) => {
      await record(request);
      const form = new URLSearchParams(await request.text());
      if (form.get('csrfToken') === CSRF) state.current = null;
      return HttpResponse.json({ url: form.get('callbackUrl') });
    }),
    http.post(NEXT_AUTH_ROUTES.session, async ({ request }) => {
      await record(request);
      const body = (await request.clone().json()) as { csrfToken?: string; data?: unknown };
      if (opts.updateDelayMs) await delay(opts.updateDelayMs);
      if (body.csrfToken !== CSRF || !state.current) return HttpResponse.json(state.current ?? {});
      const next = opts.update?.(body.data) ?? state.current;
      if (next && 'jwtToken' in next) state.current = next as Session;
      return HttpResponse.json(next ?? {});
    }),
  );
  return state;
}

const render = () => renderHook(() => useSession(), { wrapper: QueryProvider });
const lastBroadcast = () => JSON.parse(window.localStorage.getItem(BROADCAST_KEY) ?? 'null') as { event: string; data: { trigger: string } } | null;

describe('useSession', () => {
  it('is loading until next-auth answers, then holds the session and tells other tabs', async () => {
    const api = nextAuth(ALICE);
    const { result } = render();
    expect(result.current.status).toBe('loading');
    expect(result.current.data).toBeNull();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(result.current.data?.jwtToken).toBe('token-alice');
    expect(api.seen.filter((s) => s.path === NEXT_AUTH_ROUTES.session)).toHaveLength(1);
    expect(lastBroadcast()).toMatchObject({ event: 'session', data: { trigger: 'getSession' } });
  });

  it('an empty answer is signed out; so is an answer without the grant (a revoked token)', async () => {
    nextAuth(null);
    const { result, unmount } = render();
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    expect(result.current.data).toBeNull();
    unmount();
    server.use(http.get(NEXT_AUTH_ROUTES.session, () => HttpResponse.json({ user: { name: 'x' }, expires: new Date(0).toISOString() })));
    const second = render();
    await waitFor(() => expect(second.result.current.status).toBe('unauthenticated'));
  });

  it('readers share one request', async () => {
    const api = nextAuth(ALICE);
    const { result } = renderHook(() => [useSession(), useSession(), useSession()], { wrapper: QueryProvider });
    await waitFor(() => expect(result.current.every((s) => s.status === 'authenticated')).toBe(true));
    expect(api.seen.filter((s) => s.path === NEXT_AUTH_ROUTES.session)).toHaveLength(1);
  });
});

describe('signIn', () => {
  it('posts the credentials form with the CSRF token to the callback, then reads the new session', async () => {
    const api = nextAuth(null, {
      credentials: (form) => (form.get('loginId') === 'alice@demo.hk' && form.get('password') === 'pw' ? { ok: true, session: ALICE } : { ok: false, code: 'INVALID_CREDENTIALS' }),
    });
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    let outcome: Awaited<ReturnType<typeof signIn>>;
    await act(async () => {
      outcome = await signIn('credentials', { redirect: false, callbackUrl: '/', loginId: 'alice@demo.hk', password: 'pw', totp: '' });
    });
    expect(outcome!).toEqual({ error: null, status: 200, ok: true, url: '/' });
    const post = api.seen.find((s) => s.path === NEXT_AUTH_ROUTES.callback('credentials'))!;
    expect(post.contentType).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(post.body))).toEqual({ loginId: 'alice@demo.hk', password: 'pw', totp: '', csrfToken: CSRF, callbackUrl: '/', json: 'true' });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(result.current.data?.currentUser.userAcUuid).toBe('u-alice');
  });

  it('a refusal gives next-auth\'s error code from the answered URL and keeps the user signed out', async () => {
    const api = nextAuth(null, { credentials: () => ({ ok: false, code: 'ACCOUNT_LOCKED' }) });
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    const reads = api.seen.filter((s) => s.path === NEXT_AUTH_ROUTES.session).length;
    const outcome = await signIn('credentials', { callbackUrl: '/', loginId: 'a', password: 'b' });
    expect(outcome).toEqual({ error: 'ACCOUNT_LOCKED', status: 401, ok: false, url: null });
    expect(api.seen.filter((s) => s.path === NEXT_AUTH_ROUTES.session)).toHaveLength(reads);
    expect(result.current.status).toBe('unauthenticated');
  });

  it('no answer at all resolves undefined (the form shows the network message)', async () => {
    nextAuth(null);
    server.use(http.post(NEXT_AUTH_ROUTES.callback('credentials'), () => HttpResponse.error()));
    await expect(signIn('credentials', { callbackUrl: '/', loginId: 'a', password: 'b' })).resolves.toBeUndefined();
  });
});

describe('signOut', () => {
  it('posts the sign-out form with the CSRF token, tells other tabs, and the session ends', async () => {
    const api = nextAuth(ALICE);
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    await act(async () => {
      await signOut({ redirect: false });
    });
    const post = api.seen.find((s) => s.path === NEXT_AUTH_ROUTES.signOut)!;
    expect(new URLSearchParams(post.body).get('csrfToken')).toBe(CSRF);
    expect(new URLSearchParams(post.body).get('json')).toBe('true');
    expect(api.current).toBeNull();
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    expect(result.current.data).toBeNull();
    expect(lastBroadcast()).toMatchObject({ event: 'session', data: { trigger: 'signout' } });
  });
});

describe('update', () => {
  it('posts { csrfToken, data } to the session endpoint; loading while it runs, then the answer is the session', async () => {
    const api = nextAuth(ALICE, { update: (data) => ((data as { ucpId?: string }).ucpId === 'UCP100002' ? ALICE_SWITCHED : null), updateDelayMs: 50 });
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    window.localStorage.removeItem(BROADCAST_KEY);
    let pending!: Promise<Session | null>;
    act(() => {
      pending = result.current.update({ ucpId: 'UCP100002' });
    });
    await waitFor(() => expect(result.current.status).toBe('loading'));
    // The session stays readable while it is renewed (the route guard keeps the page mounted).
    expect(result.current.data?.currentUser.ucpId).toBe('UCP100001');
    let answered: Session | null = null;
    await act(async () => {
      answered = await pending;
    });
    expect(answered!.currentUser.ucpId).toBe('UCP100002');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(result.current.data?.jwtToken).toBe('token-alice-2');
    const post = api.seen.find((s) => s.method === 'POST' && s.path === NEXT_AUTH_ROUTES.session)!;
    expect(JSON.parse(post.body)).toEqual({ csrfToken: CSRF, data: { ucpId: 'UCP100002' } });
    expect(lastBroadcast()).toMatchObject({ event: 'session', data: { trigger: 'getSession' } });
  });

  it('does nothing without a session, or while another update runs (as next-auth\'s update)', async () => {
    const api = nextAuth(null);
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    await expect(result.current.update({ refresh: true })).resolves.toBeNull();
    expect(api.seen.some((s) => s.method === 'POST')).toBe(false);

    api.current = ALICE;
    await act(async () => {
      await getSession();
    });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    let first!: Promise<Session | null>;
    let second!: Promise<Session | null>;
    act(() => {
      first = result.current.update({});
      second = result.current.update({});
    });
    await act(async () => {
      await Promise.all([first, second]);
    });
    await expect(second).resolves.toBeNull();
    expect(api.seen.filter((s) => s.method === 'POST' && s.path === NEXT_AUTH_ROUTES.session)).toHaveLength(1);
  });

  it('a session the server ended while renewing (no grant in the answer) leaves the held one as it was', async () => {
    nextAuth(ALICE, { update: () => ({ user: { name: 'x' }, expires: new Date(0).toISOString() }) });
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    let answered: Session | null = ALICE;
    await act(async () => {
      answered = await result.current.update({});
    });
    expect(answered).toBeNull();
    expect(result.current.status).toBe('authenticated');
    expect(result.current.data?.jwtToken).toBe('token-alice');
  });
});

describe('across tabs and customers', () => {
  it("another tab's broadcast makes this tab read its session again (an expired or ended session ends here too)", async () => {
    const api = nextAuth(ALICE);
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    window.localStorage.removeItem(BROADCAST_KEY);
    api.current = null; // signed out in another tab, or the session cookie expired
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: BROADCAST_KEY, newValue: JSON.stringify({ event: 'session', data: { trigger: 'signout' } }) }));
    });
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    // Answering a broadcast does not broadcast again (tabs would ping-pong).
    expect(window.localStorage.getItem(BROADCAST_KEY)).toBeNull();
    // Other keys are not session messages.
    const reads = api.seen.length;
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '{}' }));
    });
    await delay(20);
    expect(api.seen).toHaveLength(reads);
  });

  it('a customer switch drops cached server data but keeps the session', async () => {
    nextAuth(ALICE, { update: () => ALICE_SWITCHED });
    let calls = 0;
    const { result } = renderHook(
      () => ({ session: useSession(), data: useQuery({ queryKey: ['probe'], queryFn: () => ++calls, staleTime: Infinity }) }),
      { wrapper: QueryProvider },
    );
    await waitFor(() => expect(result.current.session.status).toBe('authenticated'));
    await waitFor(() => expect(result.current.data.data).toBe(1));
    await act(async () => {
      await result.current.session.update({ ucpId: 'UCP100002' });
    });
    await waitFor(() => expect(result.current.data.data).toBe(2));
    expect(result.current.session.data?.currentUser.ucpId).toBe('UCP100002');
    expect(result.current.session.status).toBe('authenticated');
  });
});
