/** Shapes of the client state of spec §3 (site content shapes live in lib/siteContent/schemas.ts). */
export type { FooterPopupContent, LinkConfiguration, MobileApplication, SocialPlatformSection } from '@/lib/siteContent/schemas';

/** Query parameters of a deep link, kept to replay it after sign-in. */
export type DeepLinkParams = Record<string, string>;
