/** The inbox (docs/inbox.md): request schemas and answer shapes shared by the server and the browser. */
import { z } from 'zod/mini';
import type { InboxCategory } from './constants';

export * from './constants';

/** Message language: the portal's locales. */
export const INBOX_LANGS = ['en', 'tc'] as const;
export type InboxLang = (typeof INBOX_LANGS)[number];

/** The portal locale as a message language. */
export const inboxLang = (locale: string | undefined): InboxLang => (locale === 'tc' ? 'tc' : 'en');

const langSchema = z.optional(z.enum(INBOX_LANGS));

export const inboxListBodySchema = z.strictObject({
  page: z.int().check(z.minimum(1), z.maximum(100_000)),
  pageSize: z.int().check(z.minimum(1), z.maximum(50)),
  search: z.optional(z.string().check(z.maxLength(100))),
  lang: langSchema,
});

export const inboxContentBodySchema = z.strictObject({
  id: z.uuid(),
  lang: langSchema,
});

/** A row of the inbox: the message's own fields as opening it shows them (title in the same language), with a preview. */
export type InboxListItem = Pick<InboxMessage, 'id' | 'title' | 'category' | 'sendTime'> & {
  isRead: boolean;
  /** Plain text of the body's start (no markup), for the list. */
  preview: string;
};

export type InboxList = { items: InboxListItem[]; total: number };

export type InboxMessage = {
  id: string;
  title: string;
  /** Sanitized rich text, safe to render as HTML. */
  bodyHtml: string;
  category: InboxCategory;
  /** ISO time. */
  sendTime: string;
  /** Always true: opening a message reads it. */
  isRead: true;
};
