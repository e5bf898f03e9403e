import { useEffect } from 'react';
import Router, { useRouter } from 'next/router';
import type NProgressType from 'nprogress';
import { htmlLang } from '@/lib/i18n/locales';
import { trackPageViewSoon } from '@/lib/telemetry';

/** Spec §9: the progress bar finishes 200 ms after a route change; page views are tracked 500 ms after it. */
export const PROGRESS_DONE_DELAY_MS = 200;

let progressBar: Promise<typeof NProgressType> | null = null;

/**
 * nprogress, loaded on the first route change (or when the browser is idle after the first page), not with every
 * page's shared bundle (docs/performance.md "Shared bundle, fourth pass"). Its CSS stays in _app (a stylesheet).
 */
export function loadProgressBar(): Promise<typeof NProgressType> {
  progressBar ??= import('nprogress').then(({ default: NProgress }) => {
    // nprogress's default bar carries role="bar", which is no ARIA role (axe: critical); the bar is decoration, so
    // it is hidden from assistive technology and found by its class instead (nprogress looks for [role="bar"]).
    NProgress.configure({
      showSpinner: false,
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
      barSelector: '.bar',
    });
    return NProgress;
  });
  return progressBar;
}

export function useRouteProgress(): void {
  const router = useRouter();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A start and its done are chained on the same promise, so they keep their order while the module loads.
    let started = false;
    const start = () => {
      clearTimeout(timer);
      started = true;
      void loadProgressBar().then((bar) => {
        if (started) bar.start();
      });
    };
    const done = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        started = false;
        void loadProgressBar().then((bar) => bar.done());
      }, PROGRESS_DONE_DELAY_MS);
    };
    // Loaded while the browser is idle, so the first navigation's bar shows at once.
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => void loadProgressBar()) : null;
    const complete = (url: string) => {
      // Next writes the bare locale ('tc') into <html lang> after a locale switch; put the portal's tag back. The
      // singleton Router, not `router`: the hook's router is a snapshot taken when it subscribed.
      document.documentElement.lang = htmlLang(Router.locale);
      done();
      trackPageViewSoon(url);
    };
    // Next also writes the bare locale when it updates the query of a page opened with a query string (deep links
    // from e-mails), possibly before this effect subscribed: correct <html lang> whenever it is set to anything else
    // than the portal's tag for the current locale, and once now.
    const root = document.documentElement;
    const fixLang = () => {
      const wanted = htmlLang(Router.locale);
      if (root.lang !== wanted) root.lang = wanted;
    };
    fixLang();
    const langObserver = new MutationObserver(fixLang);
    langObserver.observe(root, { attributes: true, attributeFilter: ['lang'] });
    router.events.on('routeChangeStart', start);
    router.events.on('routeChangeComplete', complete);
    router.events.on('routeChangeError', done);
    trackPageViewSoon(router.asPath);
    return () => {
      if (idle !== null) window.cancelIdleCallback(idle);
      langObserver.disconnect();
      clearTimeout(timer);
      router.events.off('routeChangeStart', start);
      router.events.off('routeChangeComplete', complete);
      router.events.off('routeChangeError', done);
    };
    // The router object is stable; subscribe once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
