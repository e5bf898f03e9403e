import { SEED_SITE_CONTENT } from '@/lib/server/db/seedData';
import {
  SITE_CONTENT_SCHEMAS,
  emptySiteContent,
  footerPopupDocumentSchema,
  isSafeContentUrl,
  mobileAppDocumentSchema,
  socialDocumentSchema,
  type FooterPopup,
  type MobileApplication as ServerMobileApplication,
  type SiteContentData,
} from '@/lib/server/services/siteContent';
import { isSafeHref } from '@/lib/siteContent/schemas';
import type { FooterPopupContent, LinkConfiguration, MobileApplication, SocialPlatformSection } from '@/store/types';

/** Compile-time equality: the browser's types (store/types.ts) and the server's schemas must not drift apart. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameShapes: [
  Equal<FooterPopup, FooterPopupContent>,
  Equal<ServerMobileApplication, MobileApplication>,
  Equal<SiteContentData['social'], SocialPlatformSection>,
  Equal<SiteContentData['link_config'], LinkConfiguration>,
  Equal<SiteContentData['chat_link'], { link: string }>,
] = [true, true, true, true, true];

const SAFE = [
  'https://www.pacific-imaging.example.hk/en/follow/facebook',
  'https://chat.pacific-imaging.example.hk/?lang=zh-HK',
  'https://example.hk:8443/path#frag',
  '/contact-us',
  '/customer-support/faq?x=1',
];

const UNSAFE = [
  '',
  'http://plain.example/',
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox',
  'mailto:someone@example.hk',
  '//evil.example/path',
  '/\\evil.example',
  '\\\\evil.example',
  'https://user:pass@example.hk/',
  'https://user@example.hk/',
  ' https://example.hk/',
  'https://example.hk/\n',
  'java\tscript:alert(1)',
  'relative/path',
  'ftp://example.hk/',
  `https://example.hk/${'a'.repeat(2100)}`,
];

describe('site content schemas', () => {
  it('keep the browser types and the server schemas the same', () => {
    expect(sameShapes.every(Boolean)).toBe(true);
  });

  it.each(SAFE)('accepts %s as a link (server and browser agree)', (url) => {
    expect(isSafeContentUrl(url)).toBe(true);
    expect(isSafeHref(url)).toBe(true);
  });

  it.each(UNSAFE)('refuses %j as a link (server and browser agree)', (url) => {
    expect(isSafeContentUrl(url)).toBe(false);
    expect(isSafeHref(url)).toBe(false);
  });

  it('accepts every seeded document as it is', () => {
    for (const row of SEED_SITE_CONTENT) {
      expect(SITE_CONTENT_SCHEMAS[row.kind].parse(row.content)).toEqual(row.content);
    }
  });

  it('accepts an empty section for every kind (not configured)', () => {
    for (const kind of ['footer_popup', 'mobile_app', 'social', 'chat_link', 'link_config'] as const) {
      expect(SITE_CONTENT_SCHEMAS[kind].safeParse(emptySiteContent(kind)).success).toBe(true);
    }
  });

  it('refuses HTML-less but malformed entries: unknown keys, duplicate keys, empty paragraphs, unknown platforms', () => {
    const popup = { key: 'privacy_policy', title: 'Privacy', paragraphs: ['Text'] };
    expect(footerPopupDocumentSchema.safeParse({ footerPopupContentList: [popup] }).success).toBe(true);
    expect(footerPopupDocumentSchema.safeParse({ footerPopupContentList: [popup, popup] }).success).toBe(false);
    expect(footerPopupDocumentSchema.safeParse({ footerPopupContentList: [{ ...popup, paragraphs: [] }] }).success).toBe(false);
    expect(footerPopupDocumentSchema.safeParse({ footerPopupContentList: [{ ...popup, paragraphs: ['  '] }] }).success).toBe(false);
    expect(footerPopupDocumentSchema.safeParse({ footerPopupContentList: [{ ...popup, content: '<p>x</p>' }] }).success).toBe(false);
    expect(footerPopupDocumentSchema.safeParse({ footerPopupContentList: [{ ...popup, key: 'Has Space' }] }).success).toBe(false);
    const app = { key: 'ios', platform: 'ios', name: 'App', storeLabel: 'App Store', link: 'https://apps.example/ios' };
    expect(mobileAppDocumentSchema.safeParse({ mobileApplicationList: [app] }).success).toBe(true);
    expect(mobileAppDocumentSchema.safeParse({ mobileApplicationList: [{ ...app, platform: 'windows' }] }).success).toBe(false);
    expect(mobileAppDocumentSchema.safeParse({ mobileApplicationList: [{ ...app, link: 'http://apps.example' }] }).success).toBe(false);
    expect(socialDocumentSchema.safeParse({ facebookLink: '', instagramLink: '', linkedInLink: '', twitterLink: '' }).success).toBe(false);
  });
});
