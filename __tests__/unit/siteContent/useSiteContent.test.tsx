import { act, renderHook, waitFor } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setUnauthorizedHandler } from '@/lib/api/client';
import { SITE_CONTENT_RETRY_MS, useSiteContent } from '@/components/siteContent/useSiteContent';
import { usePortalStore } from '@/store/portalStore';
import { useLoadingStore } from '@/store/loadingStore';
import { queryWrapper } from '../testUtils/render';
import { server } from '../testUtils/server';
import { CONTENT, CONTENT_KEY, CONTENT_NAMES, contentHandlers, type ContentName } from './contentFixtures';
import { siteContentContract } from '@/lib/siteContent/contract';

const mockRouter = { locale: 'en' as string | undefined };
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

/** Advances fake time and lets the requests (msw, axios) and React updates settle. */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

/** Lets pending requests answer without moving the clock past a retry. */
const settle = () => advance(0);

function expectStoreHas(lang: 'en' | 'tc') {
  const s = usePortalStore.getState();
  const c = CONTENT[lang] as Record<ContentName, Record<string, unknown>>;
  expect(s.footerPopupContentList).toEqual(c.footerPopup.footerPopupContentList);
  expect(s.mobileApplicationList).toEqual(c.mobileApplication.mobileApplicationList);
  expect(s.socialplatformsection).toEqual(c.socialPlatform);
  expect(s.chatwithuslink).toBe(c.chatWithUs.link);
  expect(s.linkconfiguration).toEqual(c.homeLinkConfiguration);
}

beforeEach(() => {
  mockRouter.locale = 'en';
  window.__PORTAL_RUNTIME__ = { contentApiKey: CONTENT_KEY };
});

describe('useSiteContent', () => {
  describe('with real timers', () => {
    it('loads the five sections in parallel into the store, as GET with the API key and lang, silently', async () => {
      const { handlers, seen } = contentHandlers();
      server.use(...handlers);
      const overlay: number[] = [];
      const unsubscribe = useLoadingStore.subscribe((s) => overlay.push(s.pending));

      renderHook(() => useSiteContent(), { wrapper: queryWrapper() });

      await waitFor(() => expect(usePortalStore.getState().linkconfiguration.rChoiceLink).not.toBe(''));
      await waitFor(() => expectStoreHas('en'));
      unsubscribe();
      expect(seen.map((r) => r.name).sort()).toEqual([...CONTENT_NAMES].sort());
      expect(seen.every((r) => r.method === 'GET' && r.lang === 'en' && r.key === CONTENT_KEY)).toBe(true);
      // Background loads never hold the global loading overlay open.
      expect(overlay).toEqual([]);
    });

    it('keeps only safe links and well-formed entries from an answer', async () => {
      const { handlers } = contentHandlers();
      // msw tries handlers in the order given: these two answer before the defaults.
      server.use(
        http.get(siteContentContract.endpoints.socialPlatform.path, () =>
          HttpResponse.json({
            status: 'success',
            data: { facebookLink: 'javascript:alert(1)', instagramLink: 'http://x.example', linkedInLink: 'https://ok.example/li' },
            traceId: 't',
          }),
        ),
        http.get(siteContentContract.endpoints.footerPopup.path, () =>
          HttpResponse.json({
            status: 'success',
            data: { footerPopupContentList: [{ key: 'a', title: 'A', paragraphs: ['x'] }, { key: 'b', title: 'B' }, 'junk'] },
            traceId: 't',
          }),
        ),
        ...handlers,
      );
      renderHook(() => useSiteContent(), { wrapper: queryWrapper() });
      await waitFor(() => expect(usePortalStore.getState().socialplatformsection.linkedInLink).toBe('https://ok.example/li'));
      expect(usePortalStore.getState().socialplatformsection).toEqual({ facebookLink: '', instagramLink: '', linkedInLink: 'https://ok.example/li' });
      await waitFor(() => expect(usePortalStore.getState().footerPopupContentList).toEqual([{ key: 'a', title: 'A', paragraphs: ['x'] }]));
    });

    it('does not treat a 401 (wrong content key) as a lost session', async () => {
      const onUnauthorized = jest.fn();
      setUnauthorizedHandler(onUnauthorized);
      let calls = 0;
      server.use(
        ...CONTENT_NAMES.map((name) =>
          http.get(siteContentContract.endpoints[name].path, () => {
            calls += 1;
            return HttpResponse.json({ status: 'error', error: { code: 'AUTH_REQUIRED', message: 'Missing or wrong API key' }, traceId: 't' }, { status: 401 });
          }),
        ),
      );
      renderHook(() => useSiteContent(), { wrapper: queryWrapper() });
      await waitFor(() => expect(calls).toBe(CONTENT_NAMES.length));
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      expect(onUnauthorized).not.toHaveBeenCalled();
    });
  });

  describe('with fake timers', () => {
    beforeEach(() => {
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      // The query layer batches its notifications on a 0 ms timer by default: on a microtask here, so that only the
      // retry timers are counted and an answer reaches the store without moving the fake clock.
      notifyManager.setScheduler(queueMicrotask);
    });
    afterEach(() => {
      notifyManager.setScheduler((cb) => setTimeout(cb, 0));
      jest.useRealTimers();
    });

    it('retries a failed section every 5 s until it succeeds, leaving the others alone', async () => {
      const { handlers, count } = contentHandlers({ answer: (name, attempt) => (name === 'footerPopup' && attempt < 3 ? 'fail' : 'ok') });
      server.use(...handlers);

      renderHook(() => useSiteContent(), { wrapper: queryWrapper() });
      await settle();
      expect(count('footerPopup')).toBe(1);
      expect(usePortalStore.getState().footerPopupContentList).toEqual([]);
      expect(usePortalStore.getState().chatwithuslink).toBe('https://chat.example.hk/?lang=en');

      await advance(SITE_CONTENT_RETRY_MS - 1);
      expect(count('footerPopup')).toBe(1);
      await advance(1);
      expect(count('footerPopup')).toBe(2);
      expect(usePortalStore.getState().footerPopupContentList).toEqual([]);

      await advance(SITE_CONTENT_RETRY_MS);
      expect(count('footerPopup')).toBe(3);
      expectStoreHas('en');

      // Succeeded: no more requests, no timer left behind.
      await advance(SITE_CONTENT_RETRY_MS * 4);
      expect(count('footerPopup')).toBe(3);
      for (const name of CONTENT_NAMES.filter((n) => n !== 'footerPopup')) expect(count(name)).toBe(1);
      expect(jest.getTimerCount()).toBe(0);
    });

    it('keeps retrying every 5 s while the server keeps failing, one timer per section', async () => {
      const { handlers, count, maxInFlight } = contentHandlers({ answer: () => 'fail' });
      server.use(...handlers);

      renderHook(() => useSiteContent(), { wrapper: queryWrapper() });
      await settle();
      expect(jest.getTimerCount()).toBe(CONTENT_NAMES.length);
      for (let i = 0; i < 6; i += 1) await advance(SITE_CONTENT_RETRY_MS);
      for (const name of CONTENT_NAMES) {
        expect(count(name)).toBe(7);
        expect(maxInFlight[name]).toBe(1);
      }
      expect(jest.getTimerCount()).toBe(CONTENT_NAMES.length);
    });

    it('does not pile up: a slow failing request is never overlapped, the next try waits 5 s after its answer', async () => {
      let release!: () => void;
      const gate = new Promise<'fail'>((resolve) => {
        release = () => resolve('fail');
      });
      const { handlers, count, maxInFlight } = contentHandlers({
        answer: (name, attempt) => (name === 'chatWithUs' ? (attempt === 1 ? gate : 'ok') : 'ok'),
      });
      server.use(...handlers);

      renderHook(() => useSiteContent(), { wrapper: queryWrapper() });
      await settle();
      // The first chat request hangs for 20 s (under the client's 30 s time-out): nothing else is sent meanwhile.
      await advance(20_000);
      expect(count('chatWithUs')).toBe(1);

      release();
      await settle();
      expect(count('chatWithUs')).toBe(1);
      await advance(SITE_CONTENT_RETRY_MS - 1);
      expect(count('chatWithUs')).toBe(1);
      await advance(1);
      expect(count('chatWithUs')).toBe(2);
      expect(usePortalStore.getState().chatwithuslink).toBe('https://chat.example.hk/?lang=en');
      expect(maxInFlight.chatWithUs).toBe(1);
    });

    it('reloads in the new language when the locale changes, dropping the old retries', async () => {
      const { handlers, seen } = contentHandlers({ answer: (name, attempt) => (name === 'mobileApplication' && attempt === 1 ? 'fail' : 'ok') });
      server.use(...handlers);

      const { rerender } = renderHook(() => useSiteContent(), { wrapper: queryWrapper() });
      await settle();
      expect(usePortalStore.getState().chatwithuslink).toBe('https://chat.example.hk/?lang=en');
      expect(jest.getTimerCount()).toBe(1); // the failed mobile-application call waits to retry in English

      mockRouter.locale = 'tc';
      rerender();
      await settle();
      expectStoreHas('tc');
      // The English retry went with the English locale: no English request follows (checked below; the query layer
      // may leave its cancelled retry's timer to run out, which sends nothing).

      await advance(SITE_CONTENT_RETRY_MS * 3);
      const english = seen.filter((r) => r.lang === 'en');
      const chinese = seen.filter((r) => r.lang === 'tc');
      expect(english).toHaveLength(CONTENT_NAMES.length);
      expect(chinese.map((r) => r.name).sort()).toEqual([...CONTENT_NAMES].sort());
    });

    it('ignores answers for a locale it has left', async () => {
      let release!: () => void;
      const gate = new Promise<'ok'>((resolve) => {
        release = () => resolve('ok');
      });
      const { handlers } = contentHandlers({ answer: (_name, attempt) => (attempt === 1 ? gate : 'ok') });
      server.use(...handlers);

      const { rerender } = renderHook(() => useSiteContent(), { wrapper: queryWrapper() });
      await settle();
      mockRouter.locale = 'tc';
      rerender();
      await settle();
      release();
      await settle();
      expectStoreHas('tc');
    });

    it('stops everything on unmount: no request', async () => {
      const { handlers, seen } = contentHandlers({ answer: () => 'fail' });
      server.use(...handlers);

      const { unmount } = renderHook(() => useSiteContent(), { wrapper: queryWrapper() });
      await settle();
      expect(jest.getTimerCount()).toBe(CONTENT_NAMES.length);
      unmount();
      // Cancelled with the unmount: a retry timer may still run out, but sends nothing.
      await advance(SITE_CONTENT_RETRY_MS * 3);
      expect(seen).toHaveLength(CONTENT_NAMES.length);
    });

    it('treats a missing locale as English', async () => {
      mockRouter.locale = undefined;
      const { handlers, seen } = contentHandlers();
      server.use(...handlers);
      renderHook(() => useSiteContent(), { wrapper: queryWrapper() });
      await settle();
      expect(seen.every((r) => r.lang === 'en')).toBe(true);
      expectStoreHas('en');
    });
  });
});
