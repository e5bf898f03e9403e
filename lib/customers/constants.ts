/** UCP customers: the domain lists that feed both the zod schemas (./schemas) and the database's CHECKs (lib/server/db/schema). zod-free. */

export const CUSTOMER_STATUSES = ['active', 'inactive'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** Product lines a customer holds customer numbers in (the `customer_numbers` table's CHECK). */
export const CUSTOMER_PRODUCT_LINES = ['copier', 'printer', 'software'] as const;
export type CustomerProductLine = (typeof CUSTOMER_PRODUCT_LINES)[number];
