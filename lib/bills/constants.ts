/** Bills: the domain lists that feed both the zod schemas (./schemas) and the database's CHECKs (lib/server/db/schema). zod-free. */

export const BILL_LINE_TYPES = ['period_charge', 'mono_usage', 'colour_usage', 'minimum_charge', 'adjustment'] as const;
export type BillLineType = (typeof BILL_LINE_TYPES)[number];
