/**
 * The inbox (spec §7 `inbox`): declared once here, implemented in lib/server/api/inbox.ts. Opening a message marks
 * it read, so the screen refreshes the unread count and the list after it (components/inbox).
 */
import { defineContract, lazyBodies, noBody, output } from '@/lib/contract';
import { reads, writes } from '@/lib/contract/grants';
import type { InboxList, InboxMessage } from './schemas';

const schema = lazyBodies(() => import('./schemas'));

const HOME = { anyOf: ['home'] } as const;
const read = reads(HOME);
const readQuietly = reads(HOME, { silent: true });
const write = writes(HOME, ['inbox']);

export const inboxContract = defineContract('inbox', {
  getEmailUnreadCount: readQuietly("Number of unread inbox messages of the user for its current customer (the header's badge).", noBody, output<number>()),
  getEmailListSortByIsReadAndSendTime: read(
    'One page of the inbox, unread first then newest: { items: [{ id, title, category, sendTime, isRead, preview }], total }. ' +
      '`search` matches the title literally and case-insensitively; `lang` (en | tc, default the preferred language) picks the text.',
    schema('inboxListBodySchema'),
    output<InboxList>(),
  ),
  getEmailContent: readQuietly(
    "One message with its sanitized HTML body, marked read (idempotent). Another user's or another customer's message is NOT_FOUND.",
    schema('inboxContentBodySchema'),
    output<InboxMessage>(),
  ),
  markAllAsRead: write('Marks every unread message of the user for its current customer as read: { updated }.', noBody, output<{ updated: number }>()),
});
