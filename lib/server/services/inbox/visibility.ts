import { and, eq, lte, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { inboxDeliveries, inboxMessages } from '@/lib/server/db/schema';

/** Message language: `tc` reads the `_zh` columns, `en` the `_en` ones. */
export type InboxLang = 'en' | 'tc';

/** Whose inbox: the user, and the customer its token currently acts for (never taken from a request body). */
export type InboxOwner = { userAcUuid: string; ucpId: string };

/**
 * The deliveries a user may see: its own, for its current customer, of messages that are sent and whose send time
 * has come (a message scheduled for later stays hidden until then). Every inbox query starts from this condition,
 * so another user's or another customer's message is simply not there: it is neither counted nor found (404).
 */
/** Placeholders instead of values when the condition is part of a prepared statement. */
type OwnerParams = { [K in keyof InboxOwner]: InboxOwner[K] | Placeholder };

export function visibleTo(owner: OwnerParams): SQL {
  return and(
    eq(inboxDeliveries.userAcUuid, owner.userAcUuid),
    eq(inboxDeliveries.ucpId, owner.ucpId),
    lte(inboxDeliveries.sendTime, sql`now()`),
    eq(inboxMessages.status, 'sent'),
  )!;
}

/** The column of `lang`, falling back to the other language when it is empty. */
export function localized(lang: InboxLang, en: AnyColumn, zh: AnyColumn): SQL<string> {
  const [first, second] = lang === 'tc' ? [zh, en] : [en, zh];
  return sql<string>`coalesce(nullif(${first}, ''), ${second})`;
}

export const localizedTitle = (lang: InboxLang) => localized(lang, inboxMessages.titleEn, inboxMessages.titleZh);
export const localizedBody = (lang: InboxLang) => localized(lang, inboxMessages.bodyEn, inboxMessages.bodyZh);
