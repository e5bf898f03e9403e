/** User groups: the domain lists that feed both the zod schemas (./schemas) and the database's CHECKs (lib/server/db/schema). zod-free. */

/** customer: held by customers' users for one customer; provider: provider staff (shown as "Staff"). */
export const GROUP_KINDS = ['customer', 'provider'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

export const GROUP_STATUSES = ['active', 'inactive'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];
