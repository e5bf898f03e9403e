/** Payment slips: the domain lists that feed both the zod schemas (./schemas) and the database's CHECKs (lib/server/db/schema). zod-free. */

export const PAYMENT_METHODS = ['bank_transfer', 'fps', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const SLIP_STATUSES = ['pending', 'approved', 'reject'] as const;
export type SlipStatus = (typeof SLIP_STATUSES)[number];
