import { inboxContract } from '@/lib/inbox/contract';
import { countUnread, listMessages, markAllAsRead, openMessage, resolveLang } from '@/lib/server/services/inbox';
import { implement } from './implement';

export const inboxRoutes = implement(inboxContract, {
  getEmailUnreadCount: ({ db, principal }) => countUnread(db, principal),
  getEmailListSortByIsReadAndSendTime: async ({ db, principal, body }) =>
    listMessages(db, principal, {
      page: body.page,
      pageSize: body.pageSize,
      search: body.search,
      lang: await resolveLang(db, principal.userAcUuid, body.lang),
    }),
  getEmailContent: async ({ db, principal, body }) => openMessage(db, principal, body.id, await resolveLang(db, principal.userAcUuid, body.lang)),
  markAllAsRead: ({ db, principal }) => markAllAsRead(db, principal),
});
