/**
 * The page-load content calls of spec §7 (docs/site-content.md): `GET /api/content/<name>?lang=en|tc` with the
 * content API key header, answered with the usual envelope. Served by lib/server/siteContentRoutes.ts (not the POST
 * router); the footer reads them through lib/api/query.ts (silent, retried every 5 s, a 401 means a wrong key).
 */
import { contentQuery, defineContract, lazyBody, output } from '@/lib/contract';
import type { FooterPopupContent, LinkConfiguration, MobileApplication, SocialPlatformSection } from './schemas';

export { CONTENT_LANGS } from '@/lib/contract/bodies';
export type { contentBody as contentBodySchema } from '@/lib/contract/bodies';

/** `lang` defaults to en on the server; the footer always sends the page's language. */
const contentBodySchema = lazyBody(() => import('@/lib/contract/bodies').then((m) => m.contentBody));

export const siteContentContract = defineContract('content', {
  footerPopup: contentQuery({
    summary: 'Footer popups (privacy policy, terms…): data.footerPopupContentList',
    body: contentBodySchema,
    output: output<{ footerPopupContentList: FooterPopupContent[] }>(),
  }),
  mobileApplication: contentQuery({
    summary: 'Mobile app store links: data.mobileApplicationList',
    body: contentBodySchema,
    output: output<{ mobileApplicationList: MobileApplication[] }>(),
  }),
  socialPlatform: contentQuery({
    summary: 'Social links: data.facebookLink, data.instagramLink, data.linkedInLink',
    body: contentBodySchema,
    output: output<SocialPlatformSection>(),
  }),
  chatWithUs: contentQuery({
    summary: 'Chat-with-us link: data.link',
    body: contentBodySchema,
    output: output<{ link: string }>(),
  }),
  homeLinkConfiguration: contentQuery({
    summary: 'Home page links: data.requestforQuoteLink, data.yourVoiceLink, data.rChoiceLink',
    body: contentBodySchema,
    output: output<LinkConfiguration>(),
  }),
});
