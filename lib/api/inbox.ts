import { apiPost } from './client';
import type { ApiRequestOptions } from './types';

/** Categories of inbox messages (same list as the server's schema). */
export const INBOX_CATEGORIES = ['billing', 'service', 'contract', 'promotion', 'system'] as const;
export type InboxCategory = (typeof INBOX_CATEGORIES)[number];

/** Message language: the portal's locales. */
export type InboxLang = 'en' | 'tc';

export type InboxListItem = {
  id: string;
  title: string;
  category: InboxCategory;
  /** ISO time. */
  sendTime: string;
  isRead: boolean;
  /** Plain text (no markup) of the body's start. */
  preview: string;
};

export type InboxList = { items: InboxListItem[]; total: number };

export type InboxListQuery = {
  /** 1-based. */
  page: number;
  /** 1 to 50. */
  pageSize: number;
  /** Part of the title (literal, case-insensitive). */
  search?: string;
  lang: InboxLang;
};

export type InboxMessage = {
  id: string;
  title: string;
  /** Sanitized on the server: safe to render as HTML. */
  bodyHtml: string;
  category: InboxCategory;
  sendTime: string;
  isRead: true;
};

/** The portal locale as a message language. */
export const inboxLang = (locale: string | undefined): InboxLang => (locale === 'tc' ? 'tc' : 'en');

/** Silent (spec §7): the header's unread badge. */
export const getEmailUnreadCount = (opts: Pick<ApiRequestOptions, 'signal'> = {}) =>
  apiPost<number>('/api/inbox/getEmailUnreadCount', {}, { ...opts, silent: true });

/** One page of the inbox, unread first, then newest. */
export function getEmailList(query: InboxListQuery, opts: Pick<ApiRequestOptions, 'signal'> = {}) {
  const body: InboxListQuery = { page: query.page, pageSize: query.pageSize, lang: query.lang };
  const search = query.search?.trim();
  if (search) body.search = search;
  return apiPost<InboxList>('/api/inbox/getEmailListSortByIsReadAndSendTime', body, opts);
}

/** Silent (spec §7): one message, which the server marks read. */
export const getEmailContent = (id: string, lang: InboxLang, opts: Pick<ApiRequestOptions, 'signal'> = {}) =>
  apiPost<InboxMessage>('/api/inbox/getEmailContent', { id, lang }, { ...opts, silent: true });

export const markAllAsRead = () => apiPost<{ updated: number }>('/api/inbox/markAllAsRead', {});
