import { useEffect } from 'react';
import { useRouter } from 'next/router';
import {
  getChatWithUsLink,
  getFooterPopupContent,
  getHomeLinkConfiguration,
  getMobileApplications,
  getSocialPlatforms,
  toContentLang,
  type ContentLang,
} from '@/lib/api/siteContent';
import type { ApiResult } from '@/lib/api/types';
import { rehydratePortalStore, usePortalStore } from '@/store/portalStore';

/** Spec §9: failed page data loads are retried at a 5 s interval. */
export const SITE_CONTENT_RETRY_MS = 5_000;

/** One section's load: on success, a function that stores the answer; on failure, null. */
type SectionLoader = (lang: ContentLang, signal: AbortSignal) => Promise<(() => void) | null>;

const saver =
  <T>(save: (data: T) => void) =>
  (result: ApiResult<T>): (() => void) | null =>
    result.ok ? () => save(result.data) : null;

const store = () => usePortalStore.getState();

const SECTIONS: readonly SectionLoader[] = [
  (lang, signal) => getFooterPopupContent(lang, { signal }).then(saver((d) => store().setFooterPopupContentList(d))),
  (lang, signal) => getMobileApplications(lang, { signal }).then(saver((d) => store().setMobileApplicationList(d))),
  (lang, signal) => getSocialPlatforms(lang, { signal }).then(saver((d) => store().setSocialPlatformSection(d))),
  (lang, signal) => getChatWithUsLink(lang, { signal }).then(saver((d) => store().setChatWithUsLink(d))),
  (lang, signal) => getHomeLinkConfiguration(lang, { signal }).then(saver((d) => store().setLinkConfiguration(d))),
];

/**
 * The persisted copy must be in the store before a fresh answer is written: zustand's persist writes the whole
 * persisted subset on every set, and a rehydration that ran after our write would put last visit's values back.
 */
function whenHydrated(): Promise<void> {
  if (usePortalStore.persist.hasHydrated()) return Promise.resolve();
  return Promise.resolve(rehydratePortalStore()).catch(() => undefined);
}

/**
 * Loads the five site-content sections of spec §7 into the portal store, in parallel, for the current locale; used
 * once, by the footer (every layout has one). Values persisted on the last visit show until the answers arrive.
 *
 * Each section retries on its own every 5 s until it succeeds, never piling up: the next attempt is scheduled only
 * after the previous one has answered, so there is at most one request in flight and one timer per section. A locale
 * change or unmount aborts the requests in flight, clears the timers and (for a locale change) starts over.
 */
export function useSiteContent(): void {
  const { locale } = useRouter();
  const lang = toContentLang(locale);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const hydrated = whenHydrated();

    const run = async (load: SectionLoader): Promise<void> => {
      const apply = await load(lang, signal);
      if (signal.aborted) return;
      if (apply) {
        await hydrated;
        if (!signal.aborted) apply();
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        void run(load);
      }, SITE_CONTENT_RETRY_MS);
      timers.add(timer);
    };

    for (const load of SECTIONS) void run(load);

    return () => {
      controller.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    };
  }, [lang]);
}
