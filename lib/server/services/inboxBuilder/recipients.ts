import { sql, type SQL } from 'drizzle-orm';
import type { InboxAudience } from '@/lib/inboxBuilder/constants';

/**
 * The (user, customer) pairs a message goes to (docs/inbox-builder.md): active users of active customers;
 * - `all_customers`: every customer user (provider staff excluded: they are not customers);
 * - `customers`: the users of the chosen customers (staff excluded likewise);
 * - `groups`: the members of the chosen groups, for the customer each membership is for.
 * A user linked to two customers gets the message once per customer (two inboxes, docs/inbox.md).
 */
export function recipientsQuery(messageId: string, audience: InboxAudience): SQL {
  const active = sql`u.status = 'active' and c.status = 'active'`;
  if (audience === 'groups') {
    return sql`select distinct m.user_ac_uuid, m.ucp_id from user_group_members m
      join user_groups g on g.id = m.group_id and g.status = 'active'
      join user_accounts u on u.user_ac_uuid = m.user_ac_uuid
      join customers c on c.ucp_id = m.ucp_id
      where ${active} and m.group_id in (select t.group_id from inbox_broadcast_targets t where t.message_id = ${messageId} and t.group_id is not null)`;
  }
  const chosen =
    audience === 'customers'
      ? sql` and uc.ucp_id in (select t.ucp_id from inbox_broadcast_targets t where t.message_id = ${messageId} and t.ucp_id is not null)`
      : sql``;
  return sql`select uc.user_ac_uuid, uc.ucp_id from user_customers uc
    join user_accounts u on u.user_ac_uuid = uc.user_ac_uuid
    join customers c on c.ucp_id = uc.ucp_id
    where ${active} and not u.is_provider_staff${chosen}`;
}
