import { deepLinkHref, sanitizeDeepLink } from '@/lib/auth/deepLink';
import type { MailLocale, MailTemplate } from '@/lib/mail/constants';
import { escapeHtml } from '@/lib/server/sanitize';

/**
 * Bilingual mail templates (docs/mail.md). Every mail carries both languages, the recipient's preferred one first,
 * each with its own deep link (`/tc/…` for Chinese): `/<deep-linkable page>?ucpid=…`, which brings a signed-out
 * reader through /weblogin to that page for that customer (spec §4). Values are escaped; nothing of the data is ever
 * inserted into the HTML unescaped.
 */

/** A notification about one page of the portal (change request decided, bill issued, renewal window opened…). */
export type NotificationData = {
  ucpId: string;
  /** A deep-linkable page of the portal (lib/permissions/routes.ts `deepLink: true`), e.g. `/my-account/manage-my-bills`. */
  path: string;
  /** Extra query parameters for that page (`ucpid` is added). */
  params?: Record<string, string>;
  titleEn: string;
  titleZh: string;
  /** Plain text, one paragraph per line. */
  bodyEn: string;
  bodyZh: string;
};

/** A new message in the portal inbox. */
export type InboxMessageMailData = {
  ucpId: string;
  messageId: string;
  titleEn: string;
  titleZh: string;
  /** Plain-text previews of the bodies (richTextToPlain). */
  previewEn: string;
  previewZh: string;
};

/** A one-time link of user account maintenance (docs/user-accounts.md): activation or password reset. */
export type AccountLinkMailData = {
  name: string;
  loginId: string;
  /** The link's secret (only its hash is stored). */
  token: string;
  /** How long the link works, in hours (activation) or minutes (reset). */
  validFor: { hours?: number; minutes?: number };
};

export type MailData = {
  inbox_message: InboxMessageMailData;
  notification: NotificationData;
  account_activation: AccountLinkMailData;
  password_reset: AccountLinkMailData;
};

export type RenderedMail = { subject: string; text: string; html: string };

type Part = { locale: MailLocale; title: string; paragraphs: string[]; link: string; linkLabel: string; footer: string };

/** The portal's address in one language (`…/tc` for Chinese), to which a page's path is appended. */
const portalBase = (publicUrl: string, locale: MailLocale): string => `${publicUrl.replace(/\/+$/, '')}${locale === 'tc' ? '/tc' : ''}`;

/** Absolute deep-link URL for one language; throws when the path is not one of the portal's deep-linkable pages. */
export function deepLinkUrl(publicUrl: string, locale: MailLocale, path: string, params: Record<string, string>): string {
  const link = sanitizeDeepLink(path, new URLSearchParams(params).toString());
  if (!link) throw new Error(`Not a deep-linkable page: ${path}`);
  return `${portalBase(publicUrl, locale)}${deepLinkHref(link)}`;
}

const FOOTER = {
  en: 'You receive this e-mail because you have an account on the Pacific Imaging Customer Portal. You can turn off e-mail notifications under Account and preferences.',
  tc: '由於您在太平洋影像客戶服務平台擁有帳戶，因此收到本電郵。您可在「帳戶及偏好設定」關閉電郵通知。',
} as const;

/** `/login/activate?token=…` or `/login/reset-password?token=…` (public pages, not deep links: no customer). */
function accountLinkUrl(publicUrl: string, locale: MailLocale, page: 'activate' | 'reset-password', token: string): string {
  return `${portalBase(publicUrl, locale)}/login/${page}?token=${encodeURIComponent(token)}`;
}

type AccountLinkTemplate = 'account_activation' | 'password_reset';

/** What an account-link mail says in one language, beside the greeting and the link every one of them carries. */
type AccountLinkText = { title: string; paragraphs: (d: AccountLinkMailData, valid: string) => string[]; linkLabel: string; footer: string };

/** The page each account link opens, and its text in each language (`valid`: how long the link works, in words). */
const ACCOUNT_LINK_MAILS: Record<AccountLinkTemplate, { page: 'activate' | 'reset-password' } & Record<MailLocale, AccountLinkText>> = {
  account_activation: {
    page: 'activate',
    en: {
      title: 'Activate your Customer Portal account',
      paragraphs: (d, valid) => [
        `An account has been created for you on the Pacific Imaging Customer Portal. Your login ID is ${d.loginId}.`,
        `Open the link below to choose your password and activate the account. The link can be used once and works for ${valid}.`,
      ],
      linkLabel: 'Activate my account',
      footer: 'If you did not expect this e-mail, you can ignore it: the account stays inactive.',
    },
    tc: {
      title: '啟用您的客戶服務平台帳戶',
      paragraphs: (d, valid) => [
        `我們已為您在太平洋影像客戶服務平台建立帳戶，您的登入名稱為 ${d.loginId}。`,
        `請開啟以下連結設定密碼並啟用帳戶。連結只可使用一次，有效期為 ${valid}。`,
      ],
      linkLabel: '啟用我的帳戶',
      footer: '如您並無預期收到本電郵，請不用理會，帳戶將維持未啟用。',
    },
  },
  password_reset: {
    page: 'reset-password',
    en: {
      title: 'Reset your Customer Portal password',
      paragraphs: (d, valid) => [
        `We received a request to reset the password of the login ID ${d.loginId}.`,
        `Open the link below to choose a new password. The link can be used once and works for ${valid}. Resetting signs you out everywhere and clears a lock-out after failed sign-ins.`,
      ],
      linkLabel: 'Choose a new password',
      footer: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    },
    tc: {
      title: '重設您的客戶服務平台密碼',
      paragraphs: (d, valid) => [
        `我們收到重設登入名稱 ${d.loginId} 密碼的要求。`,
        `請開啟以下連結設定新密碼。連結只可使用一次，有效期為 ${valid}。重設後您會在所有裝置登出，登入失敗引致的鎖定亦會解除。`,
      ],
      linkLabel: '設定新密碼',
      footer: '如您並無提出此要求，請不用理會本電郵，您的密碼將維持不變。',
    },
  },
};

function accountLinkParts(template: AccountLinkTemplate, d: AccountLinkMailData, publicUrl: string): Record<MailLocale, Part> {
  const hours = d.validFor.hours;
  const minutes = d.validFor.minutes ?? 0;
  const valid: Record<MailLocale, string> = { en: hours ? `${hours} hours` : `${minutes} minutes`, tc: hours ? `${hours} 小時` : `${minutes} 分鐘` };
  const greeting: Record<MailLocale, string> = { en: `Dear ${d.name},`, tc: `${d.name}，您好：` };
  const mail = ACCOUNT_LINK_MAILS[template];
  const part = (locale: MailLocale): Part => {
    const text = mail[locale];
    return {
      locale,
      title: text.title,
      paragraphs: [greeting[locale], ...text.paragraphs(d, valid[locale])],
      link: accountLinkUrl(publicUrl, locale, mail.page, d.token),
      linkLabel: text.linkLabel,
      footer: text.footer,
    };
  };
  return { en: part('en'), tc: part('tc') };
}

function parts(template: MailTemplate, data: MailData[MailTemplate], publicUrl: string): Record<MailLocale, Part> {
  const title = (en: string, zh: string) => ({ en: en || zh, tc: zh || en });
  if (template === 'account_activation' || template === 'password_reset') return accountLinkParts(template, data as AccountLinkMailData, publicUrl);
  if (template === 'inbox_message') {
    const d = data as InboxMessageMailData;
    const t = title(d.titleEn, d.titleZh);
    const preview = title(d.previewEn, d.previewZh);
    const params = { ucpid: d.ucpId, id: d.messageId };
    return {
      en: {
        locale: 'en',
        title: `New message: ${t.en}`,
        paragraphs: ['You have a new message in your portal inbox.', preview.en].filter(Boolean),
        link: deepLinkUrl(publicUrl, 'en', '/inbox', params),
        linkLabel: 'Read the message',
        footer: FOOTER.en,
      },
      tc: {
        locale: 'tc',
        title: `新訊息：${t.tc}`,
        paragraphs: ['您的平台收件匣有一則新訊息。', preview.tc].filter(Boolean),
        link: deepLinkUrl(publicUrl, 'tc', '/inbox', params),
        linkLabel: '閱讀訊息',
        footer: FOOTER.tc,
      },
    };
  }
  const d = data as NotificationData;
  const t = title(d.titleEn, d.titleZh);
  const body = title(d.bodyEn, d.bodyZh);
  const params = { ...(d.params ?? {}), ucpid: d.ucpId };
  const lines = (s: string) => s.split('\n').map((l) => l.trim()).filter(Boolean);
  return {
    en: { locale: 'en', title: t.en, paragraphs: lines(body.en), link: deepLinkUrl(publicUrl, 'en', d.path, params), linkLabel: 'Open in the portal', footer: FOOTER.en },
    tc: { locale: 'tc', title: t.tc, paragraphs: lines(body.tc), link: deepLinkUrl(publicUrl, 'tc', d.path, params), linkLabel: '在平台開啟', footer: FOOTER.tc },
  };
}

/** Renders a template: subject in both languages (preferred first), text and HTML with both parts. */
export function renderMail<T extends MailTemplate>(template: T, data: MailData[T], locale: MailLocale, publicUrl: string): RenderedMail {
  const all = parts(template, data, publicUrl);
  const order: MailLocale[] = locale === 'tc' ? ['tc', 'en'] : ['en', 'tc'];
  const [first, second] = order.map((l) => all[l]) as [Part, Part];
  const subject = `${first.title} | ${second.title}`.slice(0, 250);
  const text = [first, second]
    .map((p) => [p.title, '', ...p.paragraphs.flatMap((x) => [x, '']), `${p.linkLabel}${p.locale === 'tc' ? '：' : ': '}${p.link}`, '', p.footer].join('\n'))
    .join('\n\n———\n\n');
  const htmlPart = (p: Part) =>
    `<div lang="${p.locale === 'tc' ? 'zh-HK' : 'en'}" style="font-family:Arial,'Noto Sans TC',sans-serif;line-height:1.5;color:#1a1a1a">` +
    `<h2 style="font-size:18px;margin:0 0 12px">${escapeHtml(p.title)}</h2>` +
    p.paragraphs.map((x) => `<p style="margin:0 0 12px">${escapeHtml(x)}</p>`).join('') +
    `<p style="margin:16px 0"><a href="${escapeHtml(p.link)}" style="background:#0b5cad;color:#ffffff;padding:10px 16px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(p.linkLabel)}</a></p>` +
    `<p style="margin:0 0 12px;font-size:12px;color:#555">${escapeHtml(p.footer)}</p></div>`;
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body>' +
    `${htmlPart(first)}<hr style="border:0;border-top:1px solid #ddd;margin:24px 0">${htmlPart(second)}</body></html>`;
  return { subject, text, html };
}
