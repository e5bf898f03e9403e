/** The inbox: the domain list that feeds both the zod schemas (./schemas) and the database's CHECK (lib/server/db/schema). zod-free. */

/** Kinds of inbox message; the screen shows one chip per kind. */
export const INBOX_CATEGORIES = ['billing', 'service', 'contract', 'promotion', 'system'] as const;
export type InboxCategory = (typeof INBOX_CATEGORIES)[number];
