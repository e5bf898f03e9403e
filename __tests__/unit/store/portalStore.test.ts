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
      emailUnread: s.emailUnread,
      lastLoginTime: s.lastLoginTime,
      uploadFileSize: s.uploadFileSize,
      deepLink: s.deepLink,
      deepLinkParams: s.deepLinkParams,
      preferenceInfo: s.preferenceInfo,
    }).toEqual({
      footerPopupContentList: [],
      mobileApplicationList: [],
      socialplatformsection: { facebookLink: '', instagramLink: '', linkedInLink: '' },
      chatwithuslink: '',
      linkconfiguration: { requestforQuoteLink: '', yourVoiceLink: '', rChoiceLink: '' },
      showSwitchCustomer: true,
      emailUnread: 0,
      lastLoginTime: null,
      uploadFileSize: 1,
      deepLink: null,
      deepLinkParams: null,
      preferenceInfo: null,
    });
    expect(Object.keys(portalDefaults()).sort()).toEqual(
      [
        'chatwithuslink',
        'deepLink',
        'deepLinkParams',
        'emailUnread',
        'footerPopupContentList',
        'lastLoginTime',
        'linkconfiguration',
        'mobileApplicationList',
        'preferenceInfo',
        'showSwitchCustomer',
        'socialplatformsection',
        'uploadFileSize',
      ].sort(),
    );
  });

  it('setters update their field and components re-render', () => {
    const { result } = renderHook(() => usePortalStore((s) => s.emailUnread));
    expect(result.current).toBe(0);

    act(() => usePortalStore.getState().setEmailUnread(7));
    expect(result.current).toBe(7);

    const s = usePortalStore.getState();
    act(() => {
      s.setUploadFileSize(5);
      s.setLastLoginTime('2026-01-02T03:04:05.000Z');
      s.setDeepLink('/inbox', { ucpid: 'U1' });
      s.setPreferenceInfo({ fontSize: 'L' });
      s.setShowSwitchCustomer(false);
    });
    expect(usePortalStore.getState()).toMatchObject({
      uploadFileSize: 5,
      lastLoginTime: '2026-01-02T03:04:05.000Z',
      deepLink: '/inbox',
      deepLinkParams: { ucpid: 'U1' },
      preferenceInfo: { fontSize: 'L' },
      showSwitchCustomer: false,
    });

    act(() => usePortalStore.getState().setDeepLink(null));
    expect(usePortalStore.getState().deepLinkParams).toBeNull();
  });

  it('reset() restores every default', () => {
    const s = usePortalStore.getState();
    s.setEmailUnread(3);
    s.setFooterPopupContentList(footer);
    s.setDeepLinkParams({ a: 'b' });
    s.reset();
    const after = usePortalStore.getState();
    expect(Object.fromEntries(Object.keys(portalDefaults()).map((k) => [k, after[k as keyof typeof after]]))).toEqual(portalDefaults());
  });

  it('resetSession() forgets the user data but keeps site content and a pending deep link', () => {
    const s = usePortalStore.getState();
    s.setFooterPopupContentList(footer);
    s.setChatWithUsLink('https://chat.example');
    s.setEmailUnread(4);
    s.setLastLoginTime('2026-01-02T03:04:05.000Z');
    s.setUploadFileSize(9);
    s.setPreferenceInfo({ fontSize: 'L' });
    s.setShowSwitchCustomer(false);
    s.setDeepLink('/inbox', { ucpid: 'U1' });

    s.resetSession();

    expect(usePortalStore.getState()).toMatchObject({
      footerPopupContentList: footer,
      chatwithuslink: 'https://chat.example',
      emailUnread: 0,
      lastLoginTime: null,
      uploadFileSize: 1,
      preferenceInfo: null,
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
    s.setEmailUnread(9);
    s.setLastLoginTime('2026-01-02T03:04:05.000Z');
    s.setUploadFileSize(8);
    s.setDeepLink('/inbox', { ucpid: 'U1' });
    s.setPreferenceInfo({ fontSize: 'S' });

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
          emailUnread: 99, // not a persisted key: ignored
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
    expect(s.emailUnread).toBe(0);
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
