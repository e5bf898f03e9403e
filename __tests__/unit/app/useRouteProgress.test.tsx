import { act, render } from '@testing-library/react';
import mitt from 'next/dist/shared/lib/mitt';
import { PROGRESS_DONE_DELAY_MS, loadProgressBar, useRouteProgress } from '@/components/app/useRouteProgress';

const events = mitt();
jest.mock('next/router', () => {
  const router = { asPath: '/', locale: 'en', events: undefined as unknown };
  (globalThis as { __mockRouter?: typeof router }).__mockRouter = router;
  return { __esModule: true, default: router, useRouter: () => ({ ...router, events }) };
});
jest.mock('@/lib/telemetry', () => ({ trackPageViewSoon: jest.fn() }));

function Probe() {
  useRouteProgress();
  return null;
}

describe('useRouteProgress', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows a decorative bar (no invalid ARIA role) on a route change and removes it 200 ms after it completes', async () => {
    render(<Probe />);
    // nprogress loads on the first route change (not in the shared bundle): the bar shows once it has loaded.
    await act(async () => {
      events.emit('routeChangeStart', '/inbox');
      await loadProgressBar();
    });
    const bar = document.querySelector('#nprogress .bar');
    expect(bar).not.toBeNull();
    expect(bar).toHaveAttribute('aria-hidden', 'true');
    expect(document.querySelector('#nprogress [role]')).toBeNull();
    act(() => events.emit('routeChangeComplete', '/inbox'));
    await act(async () => {
      jest.advanceTimersByTime(PROGRESS_DONE_DELAY_MS);
      await loadProgressBar();
      jest.advanceTimersByTime(1000);
    });
    expect(document.querySelector('#nprogress')).toBeNull();
  });

  it('keeps <html lang> the portal tag (zh-Hant-HK) when Next writes the bare locale, e.g. on a page opened with a query string', async () => {
    const router = (globalThis as { __mockRouter?: { locale: string } }).__mockRouter!;
    router.locale = 'tc';
    jest.useRealTimers();
    try {
      const view = render(<Probe />);
      expect(document.documentElement.lang).toBe('zh-Hant-HK');
      // What Next's router does on its query update after hydration, without a routeChangeComplete for us.
      document.documentElement.lang = 'tc';
      await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(document.documentElement.lang).toBe('zh-Hant-HK');
      view.unmount();
    } finally {
      router.locale = 'en';
    }
  });
});
