/** Contracts: domain constants (docs/contracts-and-meters.md). The table and its checks live in lib/server/db/schema/equipment.ts. */
export const CONTRACT_TYPES = ['rental', 'lease', 'maintenance', 'managed_print'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const CONTRACT_STATUSES = ['active', 'expired', 'terminated', 'renewed'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const BILLING_FREQUENCIES = ['monthly', 'quarterly'] as const;
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number];

/** What happened to a contract, in its history (contract_events). */
export const CONTRACT_EVENT_TYPES = ['started', 'renewal_submitted', 'renewal_approved', 'renewal_declined', 'renewal_withdrawn', 'renewed', 'expired', 'terminated'] as const;
export type ContractEventType = (typeof CONTRACT_EVENT_TYPES)[number];

/** A billing period's state in the schedule: billed (a bill exists), not_billed (ended, no bill in the portal: before its history or not yet issued), current (today inside it), upcoming. */
export const SCHEDULE_STATES = ['billed', 'not_billed', 'current', 'upcoming'] as const;
export type ScheduleState = (typeof SCHEDULE_STATES)[number];

