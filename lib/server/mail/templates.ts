import { deepLinkHref, sanitizeDeepLink } from '@/lib/auth/deepLink';
import type { MailLocale, MailTemplate } from '@/lib/mail/constants';

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

export type MailData = {
  inbox_message: InboxMessageMailData;
  notification: NotificationData;
};

export type RenderedMail = { subject: string; text: string; html: string };

type Part = { locale: MailLocale; title: string; paragraphs: string[]; link: string; linkLabel: string; footer: string };

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Absolute deep-link URL for one language; throws when the path is not one of the portal's deep-linkable pages. */
export function deepLinkUrl(publicUrl: string, locale: MailLocale, path: string, params: Record<string, string>): string {
  const link = sanitizeDeepLink(path, new URLSearchParams(params).toString());
  if (!link) throw new Error(`Not a deep-linkable page: ${path}`);
  return `${publicUrl.replace(/\/+$/, '')}${locale === 'tc' ? '/tc' : ''}${deepLinkHref(link)}`;
}

const FOOTER = {
  en: 'You receive this e-mail because you have an account on the Pacific Imaging Customer Portal. You can turn off e-mail notifications under Account and preferences.',
  tc: '由於您在太平洋影像客戶服務平台擁有帳戶，因此收到本電郵。您可在「帳戶及偏好設定」關閉電郵通知。',
} as const;

function parts(template: MailTemplate, data: MailData[MailTemplate], publicUrl: string): Record<MailLocale, Part> {
  const title = (en: string, zh: string) => ({ en: en || zh, tc: zh || en });
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
    .map((p) => [p.title, '', ...p.paragraphs.flatMap((x) => [x, '']), `${p.linkLabel}: ${p.link}`, '', p.footer].join('\n'))
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
