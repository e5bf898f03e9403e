import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { INBOX_AUDIENCES } from '@/lib/inboxBuilder/constants';
import { customers } from './customers';
import { inboxMessages } from './inbox';
import { actorRef, userAccounts, userGroups } from './users';
import { uuidPk, updatedAt, uuidRef, optionalUuidRef, inList } from './columns';

/**
 * How a composed message is sent (docs/inbox-builder.md): one row per message written by the builder. The seed's and
 * older messages have none. `claimed_by`/`claimed_at` make delivery exactly-once across instances: a scheduler claims a
 * due message in one UPDATE (FOR UPDATE SKIP LOCKED); a claim older than the stale limit may be taken over, and the
 * deliveries' primary key keeps a resumed delivery from delivering twice.
 */
export const inboxBroadcasts = pgTable(
  'inbox_broadcasts',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => inboxMessages.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: INBOX_AUDIENCES }).notNull(),
    /** A page of the portal the message points to (shown under the body as a link). */
    linkPath: text('link_path'),
    /** Queue an e-mail notification per recipient (who has not turned them off). */
    notifyByEmail: boolean('notify_by_email').notNull().default(true),
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Recipients once delivered. */
    recipients: integer('recipients'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    updatedBy: actorRef('updated_by'),
  },
  (t) => [check('inbox_broadcasts_audience_chk', sql`${t.audience} in ${inList(INBOX_AUDIENCES)}`)],
);

/** The chosen customers (`audience = customers`) or user groups (`audience = groups`) of a message. */
export const inboxBroadcastTargets = pgTable(
  'inbox_broadcast_targets',
  {
    id: uuidPk(),
    messageId: uuidRef('message_id', () => inboxBroadcasts.messageId, 'cascade'),
    ucpId: text('ucp_id').references(() => customers.ucpId, { onDelete: 'cascade' }),
    groupId: optionalUuidRef('group_id', () => userGroups.id, 'cascade'),
  },
  (t) => [
    check('inbox_broadcast_targets_one_chk', sql`(${t.ucpId} is null) <> (${t.groupId} is null)`),
    unique('inbox_broadcast_targets_customer_uq').on(t.messageId, t.ucpId),
    unique('inbox_broadcast_targets_group_uq').on(t.messageId, t.groupId),
    index('inbox_broadcast_targets_message_idx').on(t.messageId),
  ],
);

/**
 * A user's choice about e-mail notifications of new inbox messages. No row = wants them (the default: a notice the
 * provider sends to customers should reach them). A row with `inbox_email = false` turns them off.
 */
export const userMailPreferences = pgTable('user_mail_preferences', {
  userAcUuid: uuid('user_ac_uuid')
    .primaryKey()
    .references(() => userAccounts.userAcUuid, { onDelete: 'cascade' }),
  inboxEmail: boolean('inbox_email').notNull().default(true),
  updatedAt: updatedAt(),
});
