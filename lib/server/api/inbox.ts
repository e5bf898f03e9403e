import { z } from 'zod';
import { countUnread, listMessages, markAllAsRead, openMessage, resolveLang } from '@/lib/server/services/inbox';
import { defineHandler, type AnyHandler } from './defineHandler';

const langSchema = z.enum(['en', 'tc']).optional();

export const inboxListBodySchema = z.strictObject({
  page: z.int().min(1).max(100_000),
  pageSize: z.int().min(1).max(50),
  search: z.string().max(100).optional(),
  lang: langSchema,
});

export const inboxContentBodySchema = z.strictObject({
  id: z.uuid(),
  lang: langSchema,
});

export const inboxRoutes: Record<string, AnyHandler> = {
  '/api/inbox/getEmailUnreadCount': defineHandler({
    summary: "Number of unread inbox messages of the user for its current customer (the header's badge).",
    permission: { anyOf: ['home'] },
    silent: true,
    body: z.strictObject({}),
    handler: ({ db, principal }) => countUnread(db, principal),
  }),

  '/api/inbox/getEmailListSortByIsReadAndSendTime': defineHandler({
    summary:
      'One page of the inbox, unread first then newest: { items: [{ id, title, category, sendTime, isRead, preview }], total }. ' +
      '`search` matches the title literally and case-insensitively; `lang` (en | tc, default the preferred language) picks the text.',
    permission: { anyOf: ['home'] },
    body: inboxListBodySchema,
    handler: async ({ db, principal, body }) =>
      listMessages(db, principal, {
        page: body.page,
        pageSize: body.pageSize,
        search: body.search,
        lang: await resolveLang(db, principal.userAcUuid, body.lang),
      }),
  }),

  '/api/inbox/getEmailContent': defineHandler({
    summary:
      'One message with its sanitized HTML body, marked read (idempotent). Another user\'s or another customer\'s message is NOT_FOUND.',
    permission: { anyOf: ['home'] },
    silent: true,
    body: inboxContentBodySchema,
    handler: async ({ db, principal, body }) =>
      openMessage(db, principal, body.id, await resolveLang(db, principal.userAcUuid, body.lang)),
  }),

  '/api/inbox/markAllAsRead': defineHandler({
    summary: 'Marks every unread message of the user for its current customer as read: { updated }.',
    permission: { anyOf: ['home'] },
    body: z.strictObject({}),
    handler: ({ db, principal }) => markAllAsRead(db, principal),
  }),
};
