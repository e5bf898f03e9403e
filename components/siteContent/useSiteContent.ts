import { useEffect } from 'react';
import { useRouter } from 'next/router';
import { useEndpointQuery } from '@/lib/api/query';
import type { BodyOf, Endpoint, OutputOf } from '@/lib/contract';
import { siteContentContract, type contentBodySchema } from '@/lib/siteContent/contract';
import {
  normalizeChatLink,
  normalizeFooterPopups,
  normalizeLinkConfiguration,
  normalizeMobileApplications,
  normalizeSocial,
  toContentLang,
  type ContentLang,
} from '@/lib/siteContent/schemas';
import { rehydratePortalStore, usePortalStore } from '@/store/portalStore';

/** Spec §9: failed page data loads are retried at a 5 s interval. */
export const SITE_CONTENT_RETRY_MS = 5_000;

const store = () => usePortalStore.getState();
const endpoints = siteContentContract.endpoints;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ContentEndpoint = Endpoint<'query', typeof contentBodySchema, any, 'public'>;

/**
 * The persisted copy must be in the store before a fresh answer is written: zustand's persist writes the whole
 * persisted subset on every set, and a rehydration that ran after our write would put last visit's values back.
 */
function whenHydrated(): Promise<void> {
  if (usePortalStore.persist.hasHydrated()) return Promise.resolve();
  return Promise.resolve(rehydratePortalStore()).catch(() => undefined);
}

/**
 * One section: a query of the query layer (silent GET with the content key, see the contract), retried every 5 s
 * until it succeeds — the footer has nothing else to show — one request at a time (the next try waits 5 s after the
 * last answer). Its answer, normalised, goes to the portal store, which persists it for the next visit (spec §3).
 * Answers for a locale the page has left are not observed any more, so they never reach the store.
 */
function useSection<E extends ContentEndpoint>(endpoint: E, lang: ContentLang, save: (data: OutputOf<E>) => void): void {
  const { data } = useEndpointQuery(endpoint, { lang } as BodyOf<E>, { retry: true, retryDelay: SITE_CONTENT_RETRY_MS, staleTime: Infinity });
  useEffect(() => {
    if (data === undefined) return undefined;
    let live = true;
    void whenHydrated().then(() => live && save(data));
    return () => {
      live = false;
    };
    // `save` is a module-level function per section: only a new answer matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
}

const saveFooter = (d: { footerPopupContentList: unknown }) => store().setFooterPopupContentList(normalizeFooterPopups(d?.footerPopupContentList));
const saveApps = (d: { mobileApplicationList: unknown }) => store().setMobileApplicationList(normalizeMobileApplications(d?.mobileApplicationList));
const saveSocial = (d: unknown) => store().setSocialPlatformSection(normalizeSocial(d));
const saveChat = (d: { link: unknown }) => store().setChatWithUsLink(normalizeChatLink(d?.link));
const saveLinks = (d: unknown) => store().setLinkConfiguration(normalizeLinkConfiguration(d));

/**
 * Loads the five site-content sections of spec §7 into the portal store, in parallel, for the current locale; used
 * once, by the footer (every layout has one). Values persisted on the last visit show until the answers arrive.
 * A locale change or unmount stops the old locale's requests and retries (the query layer cancels unobserved ones).
 */
export function useSiteContent(): void {
  const { locale } = useRouter();
  const lang = toContentLang(locale);
  useEffect(() => {
    // Last visit's copy shows at once, before any answer.
    void whenHydrated();
  }, []);
  useSection(endpoints.footerPopup, lang, saveFooter);
  useSection(endpoints.mobileApplication, lang, saveApps);
  useSection(endpoints.socialPlatform, lang, saveSocial);
  useSection(endpoints.chatWithUs, lang, saveChat);
  useSection(endpoints.homeLinkConfiguration, lang, saveLinks);
}
