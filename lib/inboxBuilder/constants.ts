/** Kinds of inbox message: defined once in lib/inbox/constants.ts. */
export { INBOX_CATEGORIES, type InboxCategory } from '@/lib/inbox/constants';

/** Who receives a composed inbox message (docs/inbox-builder.md). */
export const INBOX_AUDIENCES = ['all_customers', 'customers', 'groups'] as const;
export type InboxAudience = (typeof INBOX_AUDIENCES)[number];

/** draft → scheduled (sent now or later) → sent (delivered to every recipient). */
export const BUILDER_STATUSES = ['draft', 'scheduled', 'sent'] as const;
export type BuilderStatus = (typeof BUILDER_STATUSES)[number];

export const BUILDER_LIMITS = {
  title: 200,
  body: 20_000,
  linkPath: 300,
  /** Chosen customers or groups per message. */
  targets: 200,
  /** How far ahead a send may be scheduled. */
  maxScheduleDays: 366,
} as const;
