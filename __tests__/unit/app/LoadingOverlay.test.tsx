import { act, screen, waitFor } from '@testing-library/react';
import { LoadingOverlay } from '@/components/app/LoadingOverlay';
import { apiPost, type ApiResult } from '@/lib/api/client';
import { useLoadingStore } from '@/store/loadingStore';
import tcCommon from '@/public/locales/tc/common.json';
import { apiDeferred, apiError, apiNetworkError, apiSuccess } from '../testUtils/handlers';
import { server } from '../testUtils/server';
import { renderWithProviders } from '../testUtils/render';

/**
 * The overlay with the real client (lib/api/client.ts) and msw: it shows from the first non-silent request's start
 * to the last one's end (spec §4). The Backdrop fades: closed it has opacity 0 at once and `visibility: hidden` once
 * faded, so `toBeVisible` tells shown from hidden.
 */
const overlay = () => screen.getByTestId('loading-overlay');
const pending = () => useLoadingStore.getState().pending;

/** Starts a request inside act (it updates the store the overlay reads). */
function start<T>(path: `/api/${string}`, opts: { silent?: boolean; timeoutMs?: number } = {}): Promise<ApiResult<T>> {
  let promise!: Promise<ApiResult<T>>;
  act(() => {
    promise = apiPost<T>(path, {}, opts);
  });
  return promise;
}

/** Waits for a request to settle inside act, after running `before` (e.g. releasing a deferred answer). */
async function settle<T>(promise: Promise<ApiResult<T>>, before?: () => void): Promise<ApiResult<T>> {
  let result!: ApiResult<T>;
  await act(async () => {
    before?.();
    result = await promise;
  });
  return result;
}

/** Records whether the store ever asked for the overlay while a test ran. */
function watchLoading() {
  const seen: boolean[] = [];
  const unsubscribe = useLoadingStore.subscribe((s) => seen.push(s.isLoading));
  return { everShown: () => seen.includes(true), stop: unsubscribe };
}

describe('LoadingOverlay', () => {
  it('is hidden when nothing is loading', () => {
    renderWithProviders(<LoadingOverlay />);
    expect(overlay()).not.toBeVisible();
  });

  it.each([
    ['the first to start', 'a', 'b'],
    ['the second to start', 'b', 'a'],
  ] as const)('stays up across two overlapping requests until the last one ends (%s ends first)', async (_label, early, late) => {
    const answers = { a: apiDeferred('/api/demo/a', { n: 'a' }), b: apiDeferred('/api/demo/b', { n: 'b' }) };
    server.use(answers.a.handler, answers.b.handler);
    renderWithProviders(<LoadingOverlay />);

    const requests = { a: start('/api/demo/a') } as Record<'a' | 'b', Promise<ApiResult<unknown>>>;
    await waitFor(() => expect(overlay()).toBeVisible());
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    requests.b = start('/api/demo/b');
    expect(pending()).toBe(2);

    expect(await settle(requests[early], answers[early].release)).toMatchObject({ ok: true, data: { n: early } });
    expect(pending()).toBe(1);
    expect(overlay()).toBeVisible();

    expect(await settle(requests[late], answers[late].release)).toMatchObject({ ok: true, data: { n: late } });
    expect(pending()).toBe(0);
    await waitFor(() => expect(overlay()).not.toBeVisible());
  });

  it('with delayed answers (msw delay): visible while the slower one is still running', async () => {
    server.use(apiSuccess('/api/demo/fast', 'fast', { delayMs: 30 }), apiSuccess('/api/demo/slow', 'slow', { delayMs: 400 }));
    renderWithProviders(<LoadingOverlay />);

    const slow = start('/api/demo/slow');
    const fast = start('/api/demo/fast');
    await waitFor(() => expect(overlay()).toBeVisible());
    await settle(fast);
    expect(overlay()).toBeVisible();
    await settle(slow);
    await waitFor(() => expect(overlay()).not.toBeVisible());
  });

  it('never shows for silent requests, even while one is pending when a visible one ends', async () => {
    const quiet = apiDeferred('/api/demo/quiet', null);
    server.use(quiet.handler, apiSuccess('/api/demo/loud', null, { delayMs: 20 }), apiSuccess('/api/demo/quiet2', null, { delayMs: 20 }));
    renderWithProviders(<LoadingOverlay />);
    const watch = watchLoading();

    const silent = start('/api/demo/quiet', { silent: true });
    await settle(start('/api/demo/quiet2', { silent: true }));
    expect(watch.everShown()).toBe(false);
    expect(overlay()).not.toBeVisible();

    // A visible request meanwhile: shown, then hidden at its end although the silent one is still pending.
    const loud = start('/api/demo/loud');
    await waitFor(() => expect(overlay()).toBeVisible());
    await settle(loud);
    await waitFor(() => expect(overlay()).not.toBeVisible());

    await settle(silent, quiet.release);
    expect(pending()).toBe(0);
    watch.stop();
  });

  it.each([
    ['an error answer (500)', () => apiError('/api/demo/fail', 'INTERNAL', { status: 500, delayMs: 30 }), 'INTERNAL'],
    ['a validation error (400)', () => apiError('/api/demo/fail', 'VALIDATION', { delayMs: 30 }), 'VALIDATION'],
    ['a network failure', () => apiNetworkError('/api/demo/fail'), 'NETWORK'],
  ])('a request ending in %s still lowers the count', async (_label, handler, code) => {
    // The other request answers only when released: a fixed delay lost the race on a loaded machine.
    const ok = apiDeferred('/api/demo/ok', null);
    server.use(handler(), ok.handler);
    renderWithProviders(<LoadingOverlay />);

    const failing = start('/api/demo/fail');
    const other = start('/api/demo/ok');
    expect(await settle(failing)).toMatchObject({ ok: false, error: { code } });
    expect(pending()).toBe(1);
    expect(overlay()).toBeVisible();
    await settle(other, ok.release);
    expect(pending()).toBe(0);
    await waitFor(() => expect(overlay()).not.toBeVisible());
  });

  it('a request that times out lowers the count too', async () => {
    const never = apiDeferred('/api/demo/hang', null);
    server.use(never.handler);
    renderWithProviders(<LoadingOverlay />);

    const hanging = start('/api/demo/hang', { timeoutMs: 50 });
    await waitFor(() => expect(overlay()).toBeVisible());
    expect(await settle(hanging)).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } });
    expect(pending()).toBe(0);
    await waitFor(() => expect(overlay()).not.toBeVisible());
    never.release();
  });

  it('names its spinner in tc', async () => {
    const d = apiDeferred('/api/demo/tc', null);
    server.use(d.handler);
    renderWithProviders(<LoadingOverlay />, { locale: 'tc' });
    const request = start('/api/demo/tc');
    expect(await screen.findByRole('progressbar', { name: tcCommon.loading })).toBeInTheDocument();
    await settle(request, d.release);
  });
});
