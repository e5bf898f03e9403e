export { listMessages, PREVIEW_LENGTH, type InboxListItem, type InboxListQuery } from './listMessages';
export { openMessage, type InboxMessageContent } from './openMessage';
export { countUnread } from './unreadCount';
export { markAllAsRead } from './markAllAsRead';
export { resolveLang } from './language';
export type { InboxLang, InboxOwner } from './visibility';
