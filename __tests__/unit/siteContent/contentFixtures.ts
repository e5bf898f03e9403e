import { http, HttpResponse } from 'msw';
import { siteContentContract } from '@/lib/siteContent/contract';
import type { ContentLang } from '@/lib/siteContent/schemas';

export const CONTENT_KEY = 'unit-test-content-key';

const ENDPOINTS = siteContentContract.endpoints;
export type ContentName = keyof typeof ENDPOINTS & string;
export const CONTENT_NAMES = Object.keys(ENDPOINTS) as ContentName[];

/** The `data` each call answers with, per language (the seed's shapes, shortened). */
export const CONTENT: Record<ContentLang, Record<ContentName, unknown>> = {
  en: {
    footerPopup: {
      footerPopupContentList: [
        { key: 'privacy_policy', title: 'Privacy Policy', paragraphs: ['We respect your privacy.', 'Write to our Data Protection Officer.'] },
        { key: 'terms_of_use', title: 'Terms of Use', paragraphs: ['Keep your login details confidential.'] },
      ],
    },
    mobileApplication: {
      mobileApplicationList: [
        { key: 'ios', platform: 'ios', name: 'Pacific Imaging Portal', storeLabel: 'Download on the App Store', link: 'https://apps.example.hk/ios' },
        { key: 'android', platform: 'android', name: 'Pacific Imaging Portal', storeLabel: 'Get it on Google Play', link: 'https://apps.example.hk/android' },
      ],
    },
    socialPlatform: {
      facebookLink: 'https://www.example.hk/en/follow/facebook',
      instagramLink: 'https://www.example.hk/en/follow/instagram',
      linkedInLink: 'https://www.example.hk/en/follow/linkedin',
    },
    chatWithUs: { link: 'https://chat.example.hk/?lang=en' },
    homeLinkConfiguration: {
      requestforQuoteLink: 'https://www.example.hk/en/request-for-quote',
      yourVoiceLink: 'https://www.example.hk/en/your-voice',
      rChoiceLink: '/customer-support/useful-links',
    },
  },
  tc: {
    footerPopup: { footerPopupContentList: [{ key: 'privacy_policy', title: '私隱政策', paragraphs: ['我們尊重您的私隱。'] }] },
    mobileApplication: {
      mobileApplicationList: [
        { key: 'ios', platform: 'ios', name: '太平洋影像客戶平台', storeLabel: '在 App Store 下載', link: 'https://apps.example.hk/ios' },
      ],
    },
    socialPlatform: {
      facebookLink: 'https://www.example.hk/zh-hk/follow/facebook',
      instagramLink: '',
      linkedInLink: 'https://www.example.hk/zh-hk/follow/linkedin',
    },
    chatWithUs: { link: 'https://chat.example.hk/?lang=zh-HK' },
    homeLinkConfiguration: {
      requestforQuoteLink: 'https://www.example.hk/zh-hk/request-for-quote',
      yourVoiceLink: '',
      rChoiceLink: 'https://www.example.hk/zh-hk/r-choice',
    },
  },
};

export type SeenRequest = { name: ContentName; method: string; lang: string | null; key: string | null };

export type ContentServerOptions = {
  /** Decides each answer: 'ok' (the data), 'fail' (HTTP 500 envelope) or a promise of either (held open until it settles). */
  answer?: (name: ContentName, attempt: number) => 'ok' | 'fail' | Promise<'ok' | 'fail'>;
};

/**
 * msw handlers for the five GET calls that record every request and count the ones in flight per call, so a test can
 * check there is never more than one at a time.
 */
export function contentHandlers(opts: ContentServerOptions = {}) {
  const seen: SeenRequest[] = [];
  const inFlight: Record<string, number> = {};
  const maxInFlight: Record<string, number> = {};
  const attempts: Record<string, number> = {};
  const handlers = CONTENT_NAMES.map((name) =>
    http.get(ENDPOINTS[name].path, async ({ request }) => {
      const url = new URL(request.url);
      seen.push({ name, method: request.method, lang: url.searchParams.get('lang'), key: request.headers.get('x-api-key') });
      attempts[name] = (attempts[name] ?? 0) + 1;
      inFlight[name] = (inFlight[name] ?? 0) + 1;
      maxInFlight[name] = Math.max(maxInFlight[name] ?? 0, inFlight[name]!);
      try {
        const outcome = await (opts.answer?.(name, attempts[name]!) ?? 'ok');
        if (outcome === 'fail') {
          return HttpResponse.json({ status: 'error', error: { code: 'INTERNAL', message: 'boom' }, traceId: 't-fail' }, { status: 500 });
        }
        const lang = url.searchParams.get('lang') === 'tc' ? 'tc' : 'en';
        return HttpResponse.json({ status: 'success', data: CONTENT[lang][name], traceId: `t-${name}` });
      } finally {
        inFlight[name] = inFlight[name]! - 1;
      }
    }),
  );
  const count = (name: ContentName) => seen.filter((r) => r.name === name).length;
  return { handlers, seen, maxInFlight, count };
}
