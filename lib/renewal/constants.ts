/** Contract renewal: domain constants (docs/contracts-and-meters.md). */

/** The renewal window opens this many days before a contract ends. */
export const RENEWAL_WINDOW_DAYS = 90;
/** The customer must give notice (submit a renewal) at least this many days before the contract ends. */
export const RENEWAL_NOTICE_DAYS = 30;

export const RENEWAL_STATUSES = ['submitted', 'approved', 'declined', 'withdrawn'] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];
/** A renewal still under way: a contract has at most one (a unique index of contract_renewals). */
export const OPEN_RENEWAL_STATUSES = ['submitted', 'approved'] as const satisfies readonly RenewalStatus[];

export const OFFER_STATUSES = ['active', 'inactive'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

