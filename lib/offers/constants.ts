/** Promotional offers: the domain lists that feed both the zod schemas (./schemas) and the database's CHECKs (lib/server/db/schema). zod-free. */

export const OFFER_STATUSES = ['draft', 'published', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_TARGETS = ['all', 'selected'] as const;
export type OfferTarget = (typeof OFFER_TARGETS)[number];
