/**
 * In a file of its own: jest gives each file a fresh module registry, so the store here has not been hydrated from
 * localStorage yet, as on a real page load.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { useSiteContent } from '@/components/siteContent/useSiteContent';
import { PORTAL_STORE_KEY, rehydratePortalStore, usePortalStore } from '@/store/portalStore';
import { queryWrapper } from '../testUtils/render';
import { server } from '../testUtils/server';
import { CONTENT, CONTENT_KEY, contentHandlers } from './contentFixtures';

const mockRouter = { locale: 'en' };
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

const kept = {
  footerPopupContentList: [{ key: 'terms_of_use', title: 'Kept terms', paragraphs: ['From the last visit'] }],
  mobileApplicationList: [],
  socialplatformsection: { facebookLink: 'https://kept.example/fb', instagramLink: '', linkedInLink: '' },
  chatwithuslink: 'https://kept.example/chat',
  linkconfiguration: { requestforQuoteLink: '', yourVoiceLink: '', rChoiceLink: '' },
  showSwitchCustomer: true,
};

it('shows the values kept from the last visit at once, then the fresh answers, which a later rehydration keeps', async () => {
  window.__PORTAL_RUNTIME__ = { contentApiKey: CONTENT_KEY };
  window.localStorage.setItem(PORTAL_STORE_KEY, JSON.stringify({ state: kept, version: 1 }));
  expect(usePortalStore.persist.hasHydrated()).toBe(false);

  let release!: () => void;
  const gate = new Promise<'ok'>((resolve) => {
    release = () => resolve('ok');
  });
  server.use(...contentHandlers({ answer: () => gate }).handlers);

  renderHook(() => useSiteContent(), { wrapper: queryWrapper() });
  // Before any answer: the kept copy is on screen.
  await waitFor(() => expect(usePortalStore.getState().chatwithuslink).toBe('https://kept.example/chat'));
  expect(usePortalStore.getState().footerPopupContentList).toEqual(kept.footerPopupContentList);

  release();
  await waitFor(() => expect(usePortalStore.getState().chatwithuslink).toBe('https://chat.example.hk/?lang=en'));
  await waitFor(() => expect(usePortalStore.getState().linkconfiguration).toEqual(CONTENT.en.homeLinkConfiguration));

  // _app's own rehydration may come later: it must not bring last visit's values back.
  await rehydratePortalStore();
  expect(usePortalStore.getState().chatwithuslink).toBe('https://chat.example.hk/?lang=en');
  expect(usePortalStore.getState().socialplatformsection).toEqual(CONTENT.en.socialPlatform);
});
