import { delay, http, HttpResponse } from 'msw';
import { apiGet, apiPost, mapResult, setAuthToken, setUnauthorizedHandler } from '@/lib/api/client';
import { trackApiFailure } from '@/lib/telemetry';
import { useLoadingStore } from '@/store/loadingStore';
import { apiDeferred, apiError, apiNetworkError, apiSuccess } from '../../testUtils/handlers';
import { server } from '../../testUtils/server';

// The client's only link to telemetry is this function: replace it to see every report.
jest.mock('@/lib/telemetry', () => ({
  ...jest.requireActual<typeof import('@/lib/telemetry')>('@/lib/telemetry'),
  trackApiFailure: jest.fn(),
}));

const track = jest.mocked(trackApiFailure);

beforeEach(() => track.mockClear());

const pending = () => useLoadingStore.getState().pending;

describe('apiPost success', () => {
  it('unwraps the envelope into data and traceId', async () => {
    server.use(apiSuccess('/api/demo/get', { answer: 42 }, { traceId: 't-ok' }));

    const result = await apiPost<{ answer: number }>('/api/demo/get', { q: 1 });

    expect(result).toEqual({ ok: true, data: { answer: 42 }, traceId: 't-ok' });
    expect(track).not.toHaveBeenCalled();
  });

  it('sends the body as JSON with POST, and {} when no body is given', async () => {
    const bodies: unknown[] = [];
    const types: (string | null)[] = [];
    server.use(
      http.post('/api/demo/echo', async ({ request }) => {
        types.push(request.headers.get('content-type'));
        bodies.push(await request.json());
        return HttpResponse.json({ status: 'success', data: null, traceId: 't' });
      }),
    );

    await apiPost('/api/demo/echo', { a: 'b' });
    await apiPost('/api/demo/echo');

    expect(bodies).toEqual([{ a: 'b' }, {}]);
    expect(types.every((t) => t?.startsWith('application/json'))).toBe(true);
  });

  it('gives null data when the envelope has none', async () => {
    server.use(http.post('/api/demo/none', () => HttpResponse.json({ status: 'success', traceId: 't' })));
    expect(await apiPost('/api/demo/none')).toEqual({ ok: true, data: null, traceId: 't' });
  });

  it('apiGet passes query parameters and unwraps the same envelope', async () => {
    let lang: string | null = null;
    server.use(
      http.get('/api/content/footer', ({ request }) => {
        lang = new URL(request.url).searchParams.get('lang');
        return HttpResponse.json({ status: 'success', data: { footerPopupContentList: [] }, traceId: 'g' });
      }),
    );

    const result = await apiGet('/api/content/footer', { lang: 'tc' });

    expect(lang).toBe('tc');
    expect(result).toEqual({ ok: true, data: { footerPopupContentList: [] }, traceId: 'g' });
  });

  it('mapResult maps data and passes failures through', () => {
    expect(mapResult({ ok: true, data: 2, traceId: 't' }, (n) => n * 2)).toEqual({ ok: true, data: 4, traceId: 't' });
    const failure = { ok: false as const, error: { status: 500, code: 'INTERNAL', message: 'x' } };
    expect(mapResult(failure, () => 1)).toBe(failure);
  });
});

describe('apiPost failures resolve, never throw', () => {
  it('error envelope with HTTP 200', async () => {
    server.use(
      http.post('/api/demo/soft', () =>
        HttpResponse.json({ status: 'error', error: { code: 'CONFLICT', message: 'Already sent' }, traceId: 't-soft' }),
      ),
    );

    const result = await apiPost('/api/demo/soft');

    expect(result).toEqual({ ok: false, error: { status: 200, code: 'CONFLICT', message: 'Already sent', traceId: 't-soft' } });
    expect(track).toHaveBeenCalledWith({ url: '/api/demo/soft', status: 200, code: 'CONFLICT', message: 'Already sent', traceId: 't-soft' });
  });

  it('400 with field errors', async () => {
    const fields = { email: ['Invalid email'], name: ['Required'] };
    server.use(apiError('/api/demo/save', 'VALIDATION', { status: 400, message: 'Check the form', fields, traceId: 't-400' }));

    const result = await apiPost('/api/demo/save', { email: 'x' });

    expect(result).toEqual({
      ok: false,
      error: { status: 400, code: 'VALIDATION', message: 'Check the form', traceId: 't-400', fields },
    });
    expect(track).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith({ url: '/api/demo/save', status: 400, code: 'VALIDATION', message: 'Check the form', traceId: 't-400' });
  });

  it('field errors named like Object.prototype members stay plain own keys (issue 9)', async () => {
    server.use(
      http.post('/api/demo/proto', () =>
        new HttpResponse('{"status":"error","error":{"code":"VALIDATION","message":"x","fields":{"__proto__":["Unrecognized key"],"constructor":["Unrecognized key"]}},"traceId":"t"}', {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );

    const result = await apiPost('/api/demo/proto', {});

    expect(result.ok).toBe(false);
    const fields = (result as { error: { fields?: Record<string, string[]> } }).error.fields!;
    expect(Object.keys(fields).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toEqual(['Unrecognized key']);
  });

  it('403 and 404 keep their envelope code', async () => {
    server.use(apiError('/api/demo/forbidden', 'FORBIDDEN', { status: 403 }), apiError('/api/demo/missing', 'NOT_FOUND', { status: 404 }));

    const forbidden = await apiPost('/api/demo/forbidden');
    const missing = await apiPost('/api/demo/missing');

    expect(forbidden.ok || forbidden.error).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(missing.ok || missing.error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('500 carries the error', async () => {
    server.use(apiError('/api/demo/boom', 'INTERNAL', { status: 500, message: 'Something went wrong', traceId: 't-500' }));

    const result = await apiPost('/api/demo/boom');

    expect(result).toEqual({ ok: false, error: { status: 500, code: 'INTERNAL', message: 'Something went wrong', traceId: 't-500' } });
    expect(track).toHaveBeenCalledWith({ url: '/api/demo/boom', status: 500, code: 'INTERNAL', message: 'Something went wrong', traceId: 't-500' });
  });

  it('network failure resolves with status 0 and code NETWORK', async () => {
    server.use(apiNetworkError('/api/demo/offline'));

    const result = await apiPost('/api/demo/offline');

    expect(result.ok).toBe(false);
    expect(result.ok || result.error).toMatchObject({ status: 0, code: 'NETWORK' });
    expect(track).toHaveBeenCalledWith(expect.objectContaining({ url: '/api/demo/offline', status: 0, code: 'NETWORK', traceId: undefined }));
    expect(track.mock.calls[0]![0].message).toEqual(expect.any(String));
  });

  it('time-out (from the runtime configuration) resolves with code TIMEOUT', async () => {
    window.__PORTAL_RUNTIME__ = { requestTimeoutMs: 50 };
    server.use(apiSuccess('/api/demo/slow', 'late', { delayMs: 2_000 }));

    const started = Date.now();
    const result = await apiPost('/api/demo/slow');

    expect(Date.now() - started).toBeLessThan(1_500);
    expect(result.ok || result.error).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(track).toHaveBeenCalledWith(expect.objectContaining({ url: '/api/demo/slow', status: 0, code: 'TIMEOUT' }));
  });

  it('a per-call time-out overrides the configured one', async () => {
    server.use(apiSuccess('/api/demo/slow', 'late', { delayMs: 2_000 }));
    const result = await apiPost('/api/demo/slow', {}, { timeoutMs: 30 });
    expect(result.ok || result.error).toMatchObject({ code: 'TIMEOUT' });
  });

  it('a body that is not JSON (proxy error page) is a failure with the status mapped to a catalogue code', async () => {
    server.use(
      http.post('/api/demo/proxy', () =>
        new HttpResponse('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
      ),
    );

    const result = await apiPost('/api/demo/proxy');

    expect(result.ok || result.error).toMatchObject({ status: 502, code: 'SERVICE_UNAVAILABLE' });
    expect(track).toHaveBeenCalledWith(expect.objectContaining({ url: '/api/demo/proxy', status: 502, code: 'SERVICE_UNAVAILABLE' }));
  });

  it('a 200 that is not an envelope is a failure, not data', async () => {
    server.use(
      http.post('/api/demo/html', () => new HttpResponse('<html>hello</html>', { status: 200, headers: { 'Content-Type': 'text/html' } })),
      http.post('/api/demo/json', () => HttpResponse.json({ hello: 'world' }, { headers: { 'X-Trace-Id': 'hdr-trace' } })),
    );

    const html = await apiPost('/api/demo/html');
    const json = await apiPost('/api/demo/json');

    expect(html.ok || html.error).toMatchObject({ status: 200, code: 'INTERNAL' });
    // The header's trace id is kept when the body has none.
    expect(json.ok || json.error).toMatchObject({ status: 200, code: 'INTERNAL', traceId: 'hdr-trace' });
  });

  it('a cancelled request resolves as ABORTED and is not reported', async () => {
    server.use(apiSuccess('/api/demo/slow', 'late', { delayMs: 2_000 }));
    const controller = new AbortController();

    const promise = apiPost('/api/demo/slow', {}, { signal: controller.signal });
    controller.abort();
    const result = await promise;

    expect(result.ok || result.error).toMatchObject({ status: 0, code: 'ABORTED' });
    expect(track).not.toHaveBeenCalled();
    expect(pending()).toBe(0);
  });
});

describe('401 handling', () => {
  it('calls the global handler once with the code', async () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    server.use(apiError('/api/demo/private', 'TOKEN_EXPIRED', { status: 401, traceId: 't-401' }));

    const result = await apiPost('/api/demo/private');

    expect(result.ok || result.error).toMatchObject({ status: 401, code: 'TOKEN_EXPIRED', traceId: 't-401' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith('TOKEN_EXPIRED');
    expect(track).toHaveBeenCalledWith(expect.objectContaining({ url: '/api/demo/private', status: 401, code: 'TOKEN_EXPIRED', traceId: 't-401' }));
  });

  it('does not call it when the call disables the error handler', async () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    server.use(apiError('/api/login/authenticate', 'INVALID_CREDENTIALS', { status: 401 }));

    const result = await apiPost('/api/login/authenticate', {}, { disableErrorHandler: true });

    expect(result.ok || result.error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(handler).not.toHaveBeenCalled();
    expect(track).toHaveBeenCalledTimes(1);
  });

  it('does not call it for the logout call', async () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    server.use(apiError('/api/login/logout', 'AUTH_REQUIRED', { status: 401 }));

    const result = await apiPost('/api/login/logout');

    expect(result.ok).toBe(false);
    expect(handler).not.toHaveBeenCalled();
  });

  it('uses AUTH_REQUIRED when a 401 has no envelope', async () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    server.use(http.post('/api/demo/bare401', () => new HttpResponse(null, { status: 401 })));

    await apiPost('/api/demo/bare401');

    expect(handler).toHaveBeenCalledWith('AUTH_REQUIRED');
  });

  it('is not called for other statuses, and a throwing handler does not make the call throw', async () => {
    const handler = jest.fn(() => {
      throw new Error('handler bug');
    });
    setUnauthorizedHandler(handler);
    server.use(apiError('/api/demo/forbidden', 'FORBIDDEN', { status: 403 }), apiError('/api/demo/private', 'AUTH_REQUIRED', { status: 401 }));

    await apiPost('/api/demo/forbidden');
    expect(handler).not.toHaveBeenCalled();
    await expect(apiPost('/api/demo/private')).resolves.toMatchObject({ ok: false });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('Authorization header', () => {
  const captureAuth = () => {
    const seen: (string | null)[] = [];
    server.use(apiSuccess('/api/demo/me', null, { onRequest: (req) => seen.push(req.headers.get('authorization')) }));
    return seen;
  };

  it('is absent without a token', async () => {
    const seen = captureAuth();
    await apiPost('/api/demo/me');
    expect(seen).toEqual([null]);
  });

  it('carries the bearer token once set, and is gone again after setAuthToken(null)', async () => {
    const seen = captureAuth();
    setAuthToken('abc.def.ghi');
    await apiPost('/api/demo/me');
    setAuthToken(null);
    await apiPost('/api/demo/me');
    expect(seen).toEqual(['Bearer abc.def.ghi', null]);
  });
});

describe('loading counter', () => {
  it('counts only non-silent requests, across overlapping successes and failures', async () => {
    const a = apiDeferred('/api/demo/a', 'A');
    const b = apiDeferred('/api/demo/b', 'B');
    server.use(a.handler, b.handler, apiError('/api/demo/fail', 'INTERNAL', { status: 500 }), apiNetworkError('/api/demo/offline'));
    const seen: number[] = [];
    const unsubscribe = useLoadingStore.subscribe((s) => seen.push(s.pending));

    const first = apiPost('/api/demo/a');
    expect(useLoadingStore.getState()).toMatchObject({ pending: 1, isLoading: true });

    const silent = apiPost('/api/demo/b', {}, { silent: true });
    expect(pending()).toBe(1);

    await apiPost('/api/demo/fail');
    expect(useLoadingStore.getState()).toMatchObject({ pending: 1, isLoading: true });
    await apiPost('/api/demo/offline');
    expect(pending()).toBe(1);

    b.release();
    await silent;
    expect(useLoadingStore.getState()).toMatchObject({ pending: 1, isLoading: true });

    a.release();
    expect(await first).toMatchObject({ ok: true, data: 'A' });
    expect(useLoadingStore.getState()).toMatchObject({ pending: 0, isLoading: false });

    unsubscribe();
    // One increment and one decrement per non-silent call, never below zero.
    expect(seen).toEqual([1, 2, 1, 2, 1, 0]);
  });

  it('a silent failure never touches the counter', async () => {
    server.use(apiError('/api/demo/fail', 'INTERNAL', { status: 500 }));
    const seen: number[] = [];
    const unsubscribe = useLoadingStore.subscribe((s) => seen.push(s.pending));
    await apiPost('/api/demo/fail', {}, { silent: true });
    unsubscribe();
    expect(seen).toEqual([]);
  });

  it('shows the overlay during a time-out and hides it after', async () => {
    server.use(
      http.post('/api/demo/slow', async () => {
        await delay(2_000);
        return HttpResponse.json({ status: 'success', data: null, traceId: 't' });
      }),
    );
    const call = apiPost('/api/demo/slow', {}, { timeoutMs: 30 });
    expect(pending()).toBe(1);
    await call;
    expect(pending()).toBe(0);
  });
});
