import type { SiteContentSection } from '@/lib/siteContent/constants';

/**
 * Site content of spec §3 / §7, one JSON document per (kind, lang). Each document is the `data` the page-load call
 * answers with (spec §7: `data.footerPopupContentList`, `data.mobileApplicationList`, the social section as `data`,
 * `data.link`, the link configuration as `data`), so the content service can return it as stored.
 * Text is plain (no HTML): paragraphs are rendered as separate <p> elements, so nothing needs sanitising.
 * Links point at the provider's fictional domain.
 */
export const PROVIDER_SITE = 'https://www.pacific-imaging.example.hk';

export type FooterPopup = { key: 'privacy_policy' | 'terms_of_use' | 'disclaimer'; title: string; paragraphs: string[] };
export type MobileApplication = { key: 'ios' | 'android'; platform: 'ios' | 'android'; name: string; storeLabel: string; link: string };

export type SiteContentDocuments = {
  footer_popup: { footerPopupContentList: FooterPopup[] };
  mobile_app: { mobileApplicationList: MobileApplication[] };
  social: { facebookLink: string; instagramLink: string; linkedInLink: string };
  chat_link: { link: string };
  link_config: { requestforQuoteLink: string; yourVoiceLink: string; rChoiceLink: string };
};

type Lang = 'en' | 'tc';
/** The provider's site uses /en/ and /zh-hk/ paths. */
const sitePath = (lang: Lang) => (lang === 'en' ? 'en' : 'zh-hk');

const FOOTER_POPUPS: Record<Lang, FooterPopup[]> = {
  en: [
    {
      key: 'privacy_policy',
      title: 'Privacy Policy',
      paragraphs: [
        'Pacific Imaging Services Ltd respects your privacy. We collect the personal data you give us through this portal, such as your name, e-mail address, telephone number and the details of your account, only to provide and improve our equipment, supplies and print services.',
        'Your personal data is kept confidential and is used in accordance with the Personal Data (Privacy) Ordinance (Cap. 486). We do not sell your personal data. We may share it with our service contractors only to the extent needed to deliver, install, maintain or bill for the services you have ordered.',
        'You may ask to see or correct the personal data we hold about you by writing to our Data Protection Officer at privacy@pacific-imaging.example.hk. We may charge a reasonable fee for processing a data access request.',
      ],
    },
    {
      key: 'terms_of_use',
      title: 'Terms of Use',
      paragraphs: [
        'This portal is provided for the use of customers of Pacific Imaging Services Ltd and their authorised users. By signing in you agree to keep your login details confidential and to tell us at once if you suspect that someone else has used them.',
        'Requests submitted through the portal, including account information changes, meter readings, payment slips and contract renewals, are subject to our review and to the terms of your service agreement. A request is binding only once we have confirmed it.',
        'We may suspend access to the portal for maintenance or if we reasonably believe it is being misused. These terms are governed by the laws of the Hong Kong Special Administrative Region.',
      ],
    },
    {
      key: 'disclaimer',
      title: 'Disclaimer',
      paragraphs: [
        'The information on this portal, including bills, meter histories and contract schedules, is provided for reference. If it differs from the original invoice or agreement, the original document prevails.',
        'While we take reasonable care to keep the portal accurate and available, Pacific Imaging Services Ltd accepts no liability for any loss arising from its use or from any interruption of the service.',
      ],
    },
  ],
  tc: [
    {
      key: 'privacy_policy',
      title: '私隱政策',
      paragraphs: [
        '太平洋影像服務有限公司尊重您的私隱。我們只會為提供及改善設備、耗材及打印服務的目的，收集您透過本平台提供的個人資料，例如姓名、電郵地址、電話號碼及帳戶資料。',
        '您的個人資料將予以保密，並按照《個人資料（私隱）條例》（第486章）使用。我們不會出售您的個人資料，只會在送貨、安裝、維修或收費所需的範圍內，向我們的服務承辦商提供有關資料。',
        '如欲查閱或更正我們持有的個人資料，請致函資料保障主任（privacy@pacific-imaging.example.hk）。我們或會就處理查閱資料要求收取合理費用。',
      ],
    },
    {
      key: 'terms_of_use',
      title: '使用條款',
      paragraphs: [
        '本平台供太平洋影像服務有限公司的客戶及其獲授權用戶使用。登入即表示您同意將登入資料保密，並在懷疑他人曾使用您的登入資料時立即通知我們。',
        '透過本平台提交的申請，包括更改帳戶資料、抄錶讀數、付款證明及續約，均須經我們審核，並受您的服務協議條款約束。申請經我們確認後方始生效。',
        '我們可因系統維護或在合理懷疑平台被濫用時暫停服務。本條款受香港特別行政區法律管轄。',
      ],
    },
    {
      key: 'disclaimer',
      title: '免責聲明',
      paragraphs: [
        '本平台所載資料，包括帳單、抄錶紀錄及合約付款時間表，僅供參考。如與正本發票或協議有任何出入，概以正本文件為準。',
        '我們會採取合理措施確保平台內容準確及服務穩定，惟太平洋影像服務有限公司不會就使用本平台或服務中斷所引致的任何損失承擔責任。',
      ],
    },
  ],
};

const MOBILE_APPS: Record<Lang, MobileApplication[]> = {
  en: [
    { key: 'ios', platform: 'ios', name: 'Pacific Imaging Portal', storeLabel: 'Download on the App Store', link: `${PROVIDER_SITE}/app/ios` },
    { key: 'android', platform: 'android', name: 'Pacific Imaging Portal', storeLabel: 'Get it on Google Play', link: `${PROVIDER_SITE}/app/android` },
  ],
  tc: [
    { key: 'ios', platform: 'ios', name: '太平洋影像客戶平台', storeLabel: '在 App Store 下載', link: `${PROVIDER_SITE}/app/ios` },
    { key: 'android', platform: 'android', name: '太平洋影像客戶平台', storeLabel: '在 Google Play 下載', link: `${PROVIDER_SITE}/app/android` },
  ],
};

/** Social links go through the provider's own redirector, so no real third-party page is named. */
const social = (lang: Lang): SiteContentDocuments['social'] => ({
  facebookLink: `${PROVIDER_SITE}/${sitePath(lang)}/follow/facebook`,
  instagramLink: `${PROVIDER_SITE}/${sitePath(lang)}/follow/instagram`,
  linkedInLink: `${PROVIDER_SITE}/${sitePath(lang)}/follow/linkedin`,
});

const chatLink = (lang: Lang): SiteContentDocuments['chat_link'] => ({
  link: `https://chat.pacific-imaging.example.hk/?lang=${lang === 'en' ? 'en' : 'zh-HK'}`,
});

const linkConfig = (lang: Lang): SiteContentDocuments['link_config'] => ({
  requestforQuoteLink: `${PROVIDER_SITE}/${sitePath(lang)}/request-for-quote`,
  yourVoiceLink: `${PROVIDER_SITE}/${sitePath(lang)}/your-voice`,
  rChoiceLink: `${PROVIDER_SITE}/${sitePath(lang)}/r-choice`,
});

export type SeedSiteContent = { kind: SiteContentSection; lang: Lang; content: SiteContentDocuments[SiteContentSection] };

export const SEED_SITE_CONTENT: readonly SeedSiteContent[] = (['en', 'tc'] as const).flatMap((lang) => [
  { kind: 'footer_popup', lang, content: { footerPopupContentList: FOOTER_POPUPS[lang] } },
  { kind: 'mobile_app', lang, content: { mobileApplicationList: MOBILE_APPS[lang] } },
  { kind: 'social', lang, content: social(lang) },
  { kind: 'chat_link', lang, content: chatLink(lang) },
  { kind: 'link_config', lang, content: linkConfig(lang) },
]);

export const SEED_SYSTEM_PARAMS = [
  { paramKey: 'upload_file_size', paramValue: '1', description: 'Maximum upload file size, in MB' },
] as const;
