import { inboxContract } from '@/lib/inbox/contract';
import { countUnread, listMessages, markAllAsRead, openMessage, resolveLang } from '@/lib/server/services/inbox';
import { implement } from './implement';

export const inboxRoutes = implement(inboxContract, {
  getEmailUnreadCount: ({ service }) => countUnread(service),
  getEmailListSortByIsReadAndSendTime: async ({ service, body }) =>
    listMessages(service, {
      page: body.page,
      pageSize: body.pageSize,
      search: body.search,
      lang: await resolveLang(service.db, service.actor.userAcUuid, body.lang),
    }),
  getEmailContent: async ({ service, body }) => openMessage(service, body.id, await resolveLang(service.db, service.actor.userAcUuid, body.lang)),
  markAllAsRead: ({ service }) => markAllAsRead(service),
});
