/** UCP customers: the domain lists that feed both the zod schemas (./schemas) and the database's CHECKs (lib/server/db/schema). zod-free. */

/** A UCP id (`UCP100001`): 3–20 letters, digits, `-` and `_`, starting with a letter or digit, upper-cased. */
export const UCP_ID_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,19}$/;
/** Its longest, for schemas that must state it (a list's body cap is counted from it: lib/server/api/bodySize). */
export const UCP_ID_MAX_LENGTH = 20;

export const CUSTOMER_STATUSES = ['active', 'inactive'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** Product lines a customer holds customer numbers in (the `customer_numbers` table's CHECK). */
export const CUSTOMER_PRODUCT_LINES = ['copier', 'printer', 'software'] as const;
export type CustomerProductLine = (typeof CUSTOMER_PRODUCT_LINES)[number];
