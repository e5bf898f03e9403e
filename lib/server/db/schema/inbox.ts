import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { BUILDER_STATUSES, INBOX_CATEGORIES } from '@/lib/inboxBuilder/constants';
import { customerRef } from './customers';
import { actorRef, userRef } from './users';
import { uuidPk, timestamps, uuidRef, inList } from './columns';

/** Kinds of inbox message; the screen shows one chip per kind (docs/inbox.md). */
export { INBOX_CATEGORIES, type InboxCategory } from '../../../inbox/schemas';

/**
 * A message is composed as a draft, scheduled when staff send it (now or later), and `sent` once delivered to every
 * recipient; only `sent` messages are visible (docs/inbox-builder.md). The same list as lib/inboxBuilder/constants.ts.
 */
export const INBOX_MESSAGE_STATUSES = BUILDER_STATUSES;
export type InboxMessageStatus = (typeof INBOX_MESSAGE_STATUSES)[number];

/**
 * One message, written once in both languages. Bodies are rich-text HTML, sanitized before they are stored
 * (lib/server/sanitize.ts) and again when they are read, so a row written by any other path still renders safely.
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: uuidPk(),
    titleEn: text('title_en').notNull().default(''),
    titleZh: text('title_zh').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    bodyZh: text('body_zh').notNull().default(''),
    category: text('category', { enum: INBOX_CATEGORIES }).notNull().default('system'),
    status: text('status', { enum: INBOX_MESSAGE_STATUSES }).notNull().default('draft'),
    /** When the message was (or, for a scheduled send, will be) sent; null while a draft has no time yet. */
    sendTime: timestamp('send_time', { withTimezone: true }),
    /** The staff member who composed it; kept null when that account is removed. */
    createdBy: actorRef('created_by'),
    ...timestamps(),
  },
  (t) => [
    check('inbox_messages_category_chk', sql`${t.category} in ${inList(INBOX_CATEGORIES)}`),
    check('inbox_messages_status_chk', sql`${t.status} in ${inList(INBOX_MESSAGE_STATUSES)}`),
    // A sent message always has its time: the list is ordered by it.
    check('inbox_messages_sent_time_chk', sql`${t.status} <> 'sent' or ${t.sendTime} is not null`),
    // At least one language has a title; the other falls back to it.
    check('inbox_messages_title_chk', sql`${t.titleEn} <> '' or ${t.titleZh} <> ''`),
  ],
);

/**
 * One row per (message, user, customer the message was sent for). A user sees only the deliveries of the customer
 * its token currently acts for, so a user linked to two customers gets two separate inboxes.
 *
 * `send_time` repeats the message's send time at delivery: the list ("unread first, then newest") and the unread
 * count are then served by one index of this table, without sorting rows of the message table.
 */
export const inboxDeliveries = pgTable(
  'inbox_deliveries',
  {
    messageId: uuidRef('message_id', () => inboxMessages.id, 'cascade'),
    userAcUuid: userRef(),
    ucpId: customerRef('cascade'),
    sendTime: timestamp('send_time', { withTimezone: true }).notNull(),
    isRead: boolean('is_read').notNull().default(false),
    /** First time the user opened it (or marked all as read); opening it again keeps this time. */
    readAt: timestamp('read_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'inbox_deliveries_pk', columns: [t.messageId, t.userAcUuid, t.ucpId] }),
    check('inbox_deliveries_read_chk', sql`${t.isRead} = (${t.readAt} is not null)`),
    index('inbox_deliveries_list_idx').on(t.userAcUuid, t.ucpId, t.isRead, t.sendTime.desc()),
  ],
);
