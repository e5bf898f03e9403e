import { act, renderHook } from '@testing-library/react';
import { PERSISTED_KEYS, PORTAL_STORE_KEY, portalDefaults, rehydratePortalStore, usePortalStore } from '@/store/portalStore';
import { useLoadingStore } from '@/store/loadingStore';
import type { FooterPopupContent, MobileApplication } from '@/store/types';

const stored = (): Record<string, unknown> | null => {
  const raw = window.localStorage.getItem(PORTAL_STORE_KEY);
  return raw === null ? null : (JSON.parse(raw) as { state: Record<string, unknown> }).state;
};

const footer: FooterPopupContent[] = [{ key: 'privacy_policy', title: 'Privacy', paragraphs: ['Policy'] }];
const apps: MobileApplication[] = [
  { key: 'ios', name: 'Portal', platform: 'ios', storeLabel: 'Download on the App Store', link: 'https://apps.example/ios' },
];

describe('portalStore', () => {
  it('starts with the spec §3 defaults', () => {
    const s = usePortalStore.getState();
    expect({
      footerPopupContentList: s.footerPopupContentList,
      mobileApplicationList: s.mobileApplicationList,
      socialplatformsection: s.socialplatformsection,
      chatwithuslink: s.chatwithuslink,
      linkconfiguration: s.linkconfiguration,
      showSwitchCustomer: s.showSwitchCustomer,
      deepLink: s.deepLink,
      deepLinkParams: s.deepLinkParams,
    }).toEqual({
      footerPopupContentList: [],
      mobileApplicationList: [],
      socialplatformsection: { facebookLink: '', instagramLink: '', linkedInLink: '' },
      chatwithuslink: '',
      linkconfiguration: { requestforQuoteLink: '', yourVoiceLink: '', rChoiceLink: '' },
      showSwitchCustomer: true,
      deepLink: null,
      deepLinkParams: null,
    });
    expect(Object.keys(portalDefaults()).sort()).toEqual(
      [
        'chatwithuslink',
        'deepLink',
        'deepLinkParams',
        'footerPopupContentList',
        'linkconfiguration',
        'mobileApplicationList',
        'showSwitchCustomer',
        'socialplatformsection',
      ].sort(),
    );
  });

  it('setters update their field and components re-render', () => {
    const { result } = renderHook(() => usePortalStore((s) => s.chatwithuslink));
    expect(result.current).toBe('');

    act(() => usePortalStore.getState().setChatWithUsLink('https://chat.example'));
    expect(result.current).toBe('https://chat.example');

    const s = usePortalStore.getState();
    act(() => {
      s.setDeepLink('/inbox', { ucpid: 'U1' });
      s.setShowSwitchCustomer(false);
    });
    expect(usePortalStore.getState()).toMatchObject({
      deepLink: '/inbox',
      deepLinkParams: { ucpid: 'U1' },
      showSwitchCustomer: false,
    });

    act(() => usePortalStore.getState().setDeepLink(null));
    expect(usePortalStore.getState().deepLinkParams).toBeNull();
  });

  it('reset() restores every default', () => {
    const s = usePortalStore.getState();
    s.setFooterPopupContentList(footer);
    s.setDeepLinkParams({ a: 'b' });
    s.reset();
    const after = usePortalStore.getState();
    expect(Object.fromEntries(Object.keys(portalDefaults()).map((k) => [k, after[k as keyof typeof after]]))).toEqual(portalDefaults());
  });

  it('resetSession() forgets the switch-customer flag of the user but keeps site content and a pending deep link', () => {
    const s = usePortalStore.getState();
    s.setFooterPopupContentList(footer);
    s.setChatWithUsLink('https://chat.example');
    s.setShowSwitchCustomer(false);
    s.setDeepLink('/inbox', { ucpid: 'U1' });

    s.resetSession();

    expect(usePortalStore.getState()).toMatchObject({
      footerPopupContentList: footer,
      chatwithuslink: 'https://chat.example',
      showSwitchCustomer: true,
      deepLink: '/inbox',
      deepLinkParams: { ucpid: 'U1' },
    });
  });

  it('persists only the spec §3 subset to localStorage', () => {
    const s = usePortalStore.getState();
    s.setFooterPopupContentList(footer);
    s.setMobileApplicationList(apps);
    s.setSocialPlatformSection({ facebookLink: 'https://fb.example', instagramLink: '', linkedInLink: 'https://li.example' });
    s.setChatWithUsLink('https://chat.example');
    s.setLinkConfiguration({ requestforQuoteLink: '/quote', yourVoiceLink: '/voice', rChoiceLink: '/rchoice' });
    s.setShowSwitchCustomer(false);
    s.setDeepLink('/inbox', { ucpid: 'U1' });

    const state = stored();
    expect(state).not.toBeNull();
    expect(Object.keys(state!).sort()).toEqual([...PERSISTED_KEYS].sort());
    expect(state).toEqual({
      footerPopupContentList: footer,
      mobileApplicationList: apps,
      socialplatformsection: { facebookLink: 'https://fb.example', instagramLink: '', linkedInLink: 'https://li.example' },
      chatwithuslink: 'https://chat.example',
      linkconfiguration: { requestforQuoteLink: '/quote', yourVoiceLink: '/voice', rChoiceLink: '/rchoice' },
      showSwitchCustomer: false,
    });
    // Nothing else of the app lands in localStorage either.
    expect(Object.keys(window.localStorage)).toEqual([PORTAL_STORE_KEY]);
  });

  it('does not read localStorage until rehydrated, then restores only well-typed persisted keys', async () => {
    window.localStorage.setItem(
      PORTAL_STORE_KEY,
      JSON.stringify({
        version: 1,
        state: {
          footerPopupContentList: footer,
          chatwithuslink: 'https://chat.example',
          showSwitchCustomer: 'yes', // wrong type: ignored
          emailUnread: 99, // not a persisted key (server data is query data now): ignored
          deepLink: '/evil',
        },
      }),
    );
    expect(usePortalStore.getState().footerPopupContentList).toEqual([]);

    await rehydratePortalStore();

    const s = usePortalStore.getState();
    expect(s.footerPopupContentList).toEqual(footer);
    expect(s.chatwithuslink).toBe('https://chat.example');
    expect(s.showSwitchCustomer).toBe(true);
    expect(s).not.toHaveProperty('emailUnread');
    expect(s.deepLink).toBeNull();
  });
});

describe('loadingStore', () => {
  it('counts up and down, never below zero', () => {
    const { begin, end } = useLoadingStore.getState();
    begin();
    begin();
    expect(useLoadingStore.getState()).toMatchObject({ pending: 2, isLoading: true });
    end();
    expect(useLoadingStore.getState()).toMatchObject({ pending: 1, isLoading: true });
    end();
    end();
    expect(useLoadingStore.getState()).toMatchObject({ pending: 0, isLoading: false });
  });
});
