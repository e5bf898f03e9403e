import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type {
  DeepLinkParams,
  FooterPopupContent,
  LinkConfiguration,
  MobileApplication,
  SocialPlatformSection,
} from './types';

/** The client state fields of spec §3, named as the spec names them. */
export type PortalData = {
  footerPopupContentList: FooterPopupContent[];
  mobileApplicationList: MobileApplication[];
  socialplatformsection: SocialPlatformSection;
  chatwithuslink: string;
  linkconfiguration: LinkConfiguration;
  showSwitchCustomer: boolean;
  /** Path the user asked for before being sent to sign in. */
  deepLink: string | null;
  deepLinkParams: DeepLinkParams | null;
};

export type PortalActions = {
  setFooterPopupContentList: (list: FooterPopupContent[]) => void;
  setMobileApplicationList: (list: MobileApplication[]) => void;
  setSocialPlatformSection: (section: SocialPlatformSection) => void;
  setChatWithUsLink: (link: string) => void;
  setLinkConfiguration: (config: LinkConfiguration) => void;
  setShowSwitchCustomer: (show: boolean) => void;
  /** Sets both parts of a deep link together (params null when none). */
  setDeepLink: (deepLink: string | null, deepLinkParams?: DeepLinkParams | null) => void;
  setDeepLinkParams: (params: DeepLinkParams | null) => void;
  /**
   * Sign-out: forgets what belonged to the signed-in user (the switch-customer flag) and keeps site content and any
   * pending deep link, which belong to the next sign-in. Server data (unread count, last sign-in, upload size,
   * preferences, current customer) is not here: it is query data, dropped with the session (QueryProvider).
   */
  resetSession: () => void;
  /** Back to every default (tests). */
  reset: () => void;
};

export type PortalState = PortalData & PortalActions;

export const PORTAL_STORE_KEY = 'portal-state';

/** A fresh copy each time, so no caller can mutate the shared defaults. */
export const portalDefaults = (): PortalData => ({
  footerPopupContentList: [],
  mobileApplicationList: [],
  socialplatformsection: { facebookLink: '', instagramLink: '', linkedInLink: '' },
  chatwithuslink: '',
  linkconfiguration: { requestforQuoteLink: '', yourVoiceLink: '', rChoiceLink: '' },
  showSwitchCustomer: true,
  deepLink: null,
  deepLinkParams: null,
});

/**
 * Spec §3 "persisted locally": site content (so the footer and links show at once on the next visit) and the
 * switch-customer flag. Nothing user-specific or sensitive (counts, last login, deep links) goes to localStorage.
 */
export const PERSISTED_KEYS = [
  'footerPopupContentList',
  'mobileApplicationList',
  'socialplatformsection',
  'chatwithuslink',
  'linkconfiguration',
  'showSwitchCustomer',
] as const satisfies readonly (keyof PortalData)[];

export type PersistedPortalData = Pick<PortalData, (typeof PERSISTED_KEYS)[number]>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Type checks per persisted key: localStorage is user-editable and may hold an older shape. */
const PERSISTED_CHECKS: { [K in keyof PersistedPortalData]: (v: unknown) => boolean } = {
  footerPopupContentList: Array.isArray,
  mobileApplicationList: Array.isArray,
  socialplatformsection: isRecord,
  chatwithuslink: (v) => typeof v === 'string',
  linkconfiguration: isRecord,
  showSwitchCustomer: (v) => typeof v === 'boolean',
};

const partialize = (state: PortalState): PersistedPortalData => ({
  footerPopupContentList: state.footerPopupContentList,
  mobileApplicationList: state.mobileApplicationList,
  socialplatformsection: state.socialplatformsection,
  chatwithuslink: state.chatwithuslink,
  linkconfiguration: state.linkconfiguration,
  showSwitchCustomer: state.showSwitchCustomer,
});

/** Takes only known, well-typed persisted keys from storage; anything else stays as it is in memory. */
function mergePersisted(persisted: unknown, current: PortalState): PortalState {
  if (!isRecord(persisted)) return current;
  const next: PortalState = { ...current };
  for (const key of PERSISTED_KEYS) {
    const value = persisted[key];
    if (PERSISTED_CHECKS[key](value)) (next as Record<string, unknown>)[key] = value;
  }
  return next;
}

export const usePortalStore = create<PortalState>()(
  persist(
    (set) => ({
      ...portalDefaults(),
      setFooterPopupContentList: (footerPopupContentList) => set({ footerPopupContentList }),
      setMobileApplicationList: (mobileApplicationList) => set({ mobileApplicationList }),
      setSocialPlatformSection: (socialplatformsection) => set({ socialplatformsection }),
      setChatWithUsLink: (chatwithuslink) => set({ chatwithuslink }),
      setLinkConfiguration: (linkconfiguration) => set({ linkconfiguration }),
      setShowSwitchCustomer: (showSwitchCustomer) => set({ showSwitchCustomer }),
      setDeepLink: (deepLink, deepLinkParams = null) => set({ deepLink, deepLinkParams }),
      setDeepLinkParams: (deepLinkParams) => set({ deepLinkParams }),
      resetSession: () => set({ showSwitchCustomer: portalDefaults().showSwitchCustomer }),
      reset: () => set(portalDefaults()),
    }),
    {
      name: PORTAL_STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize,
      merge: mergePersisted,
      // Pages are prerendered without localStorage: reading it during creation would make the first client render
      // differ from the HTML (a hydration mismatch). _app calls rehydratePortalStore() in an effect instead.
      skipHydration: true,
    },
  ),
);

/** Loads the persisted subset from localStorage; call once on the client after mount (from _app). */
export function rehydratePortalStore(): Promise<void> | void {
  return usePortalStore.persist.rehydrate();
}
