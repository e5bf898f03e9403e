/** Shapes of the client state of spec §3 (site content comes from the page-load content calls of spec §7). */

/**
 * One footer link that opens a popup (privacy policy, terms…). The text is plain, one string per paragraph (no HTML,
 * so nothing to sanitise). Same shape as the server's schema (lib/server/services/siteContent/schemas.ts).
 */
export type FooterPopupContent = {
  /** Stable key, e.g. `privacy_policy`. */
  key: string;
  title: string;
  paragraphs: string[];
};

export type MobileApplication = {
  key: string;
  platform: 'ios' | 'android';
  /** The app's name in the current language. */
  name: string;
  /** Badge text, e.g. "Download on the App Store". */
  storeLabel: string;
  /** Store page of the app (https). */
  link: string;
};

/** Empty string: the link is not configured and is not shown. */
export type SocialPlatformSection = {
  facebookLink: string;
  instagramLink: string;
  linkedInLink: string;
};

/** Home page links; empty string: not configured. */
export type LinkConfiguration = {
  requestforQuoteLink: string;
  yourVoiceLink: string;
  rChoiceLink: string;
};

export type FontSize = 'S' | 'M' | 'L';

export type PreferenceInfo = {
  fontSize: FontSize;
};

/** Query parameters of a deep link, kept to replay it after sign-in. */
export type DeepLinkParams = Record<string, string>;
