/**
 * The inbox (spec §7 `inbox`): declared once here, implemented in lib/server/api/inbox.ts. Opening a message marks
 * it read, so the screen refreshes the unread count and the list after it (components/inbox).
 */
import { defineContract, lazyBody, mutation, output, query } from '@/lib/contract';
import type { InboxList, InboxMessage } from './schemas';

const empty = lazyBody(() => import('@/lib/contract/bodies').then((m) => m.emptyBody));
const schemas = () => import('./schemas');

const HOME = { anyOf: ['home'] } as const;

export const inboxContract = defineContract('inbox', {
  getEmailUnreadCount: query({
    summary: "Number of unread inbox messages of the user for its current customer (the header's badge).",
    permission: HOME,
    silent: true,
    body: empty,
    output: output<number>(),
  }),
  getEmailListSortByIsReadAndSendTime: query({
    summary:
      'One page of the inbox, unread first then newest: { items: [{ id, title, category, sendTime, isRead, preview }], total }. ' +
      '`search` matches the title literally and case-insensitively; `lang` (en | tc, default the preferred language) picks the text.',
    permission: HOME,
    body: lazyBody(() => schemas().then((m) => m.inboxListBodySchema)),
    output: output<InboxList>(),
  }),
  getEmailContent: query({
    summary:
      "One message with its sanitized HTML body, marked read (idempotent). Another user's or another customer's message is NOT_FOUND.",
    permission: HOME,
    silent: true,
    body: lazyBody(() => schemas().then((m) => m.inboxContentBodySchema)),
    output: output<InboxMessage>(),
  }),
  markAllAsRead: mutation({
    summary: 'Marks every unread message of the user for its current customer as read: { updated }.',
    permission: HOME,
    body: empty,
    output: output<{ updated: number }>(),
    invalidates: ['inbox'],
  }),
});
