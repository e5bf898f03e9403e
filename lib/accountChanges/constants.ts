/**
 * Account-information change requests (spec §3/§4, docs/account-changes.md): the domain constants, defined once and
 * read by the zod schemas, the database (CHECK constraints) and the screens. Client-safe.
 */
import type { FunctionCode } from '@/lib/permissions/codes';

/** Spec §3: the six change-request types. */
export const CHANGE_TYPES = ['comp_name', 'bill_addr', 'machine_loc', 'rec_hardcopy', 'toner_addr', 'trans_agree'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** Spec §3: the channel a request came in by; the portal only ever writes W (web). */
export const CHANNEL_SOURCES = ['W'] as const;
export type ChannelSource = (typeof CHANNEL_SOURCES)[number];

/** Spec §4's status names (the colours of the theme's status palette). */
export const CHANGE_STATUSES = ['pending', 'inProgress', 'approved', 'reject', 'completed'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** Requests still waiting for a decision: a new one of the same type and target would race them on approval. */
export const OPEN_STATUSES = ['pending', 'inProgress'] as const satisfies readonly ChangeStatus[];

/**
 * The statuses in which a request of the type still holds its target. Approval applies every type at once except a
 * transfer: an approved transfer is accepted but the novation is still being papered (until the contract team marks it
 * `completed`), so a second transfer of the same contract would race it. The server refuses a second request while
 * one is open (lib/server/services/accountChanges/guards.ts); the add-changes page and the forms say so beforehand.
 */
export const OPEN_STATUSES_OF: { [T in ChangeType]: readonly ChangeStatus[] } = {
  comp_name: OPEN_STATUSES,
  bill_addr: OPEN_STATUSES,
  machine_loc: OPEN_STATUSES,
  rec_hardcopy: OPEN_STATUSES,
  toner_addr: OPEN_STATUSES,
  trans_agree: [...OPEN_STATUSES, 'approved'],
};

/**
 * The types whose open request holds only the machines / contracts it names: another request of the type for other
 * ones may follow. A request of the other types concerns the whole customer, so one open request holds the type.
 */
export const PER_TARGET_TYPES: readonly ChangeType[] = ['machine_loc', 'toner_addr', 'trans_agree'];

/** What staff do to a request; each moves it to one status. */
export const REVIEW_ACTIONS = ['start', 'approve', 'reject', 'complete'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export const ACTION_TARGET: Record<ReviewAction, ChangeStatus> = {
  start: 'inProgress',
  approve: 'approved',
  reject: 'reject',
  complete: 'completed',
};

/**
 * The state machine: from which statuses each action may be taken. pending → inProgress → approved → completed;
 * pending or inProgress → reject; pending → approved directly (a simple change needs no separate "working on it").
 * reject and completed are final; approved only moves on to completed.
 */
export const ACTION_FROM: Record<ReviewAction, readonly ChangeStatus[]> = {
  start: ['pending'],
  approve: ['pending', 'inProgress'],
  reject: ['pending', 'inProgress'],
  complete: ['approved'],
};

export const allowedActions = (status: ChangeStatus): ReviewAction[] => REVIEW_ACTIONS.filter((a) => ACTION_FROM[a].includes(status));

/** The customer-side code area (`<area>_read` / `<area>_write`) of each type, spec §6. */
export const CUSTOMER_AREA = {
  comp_name: 'ac_chg_comp_name',
  bill_addr: 'ac_chg_bill_addr',
  machine_loc: 'ac_chg_machine_loc',
  rec_hardcopy: 'ac_chg_rec_hardcopy',
  toner_addr: 'ac_chg_toner_addr',
  trans_agree: 'ac_transfer_agreemt',
} as const satisfies Record<ChangeType, string>;

/** The provider-side (approval) code area of each type, spec §6. */
export const APPROVAL_AREA = {
  comp_name: 'apv_chg_comp_name',
  bill_addr: 'apv_chg_bill_addr',
  machine_loc: 'apv_chg_machine_loc',
  rec_hardcopy: 'apv_chg_rec_hardcopy',
  toner_addr: 'apv_chg_toner_addr',
  trans_agree: 'apv_transfer_agreemt',
} as const satisfies Record<ChangeType, string>;

export const customerReadCode = (t: ChangeType): FunctionCode => `${CUSTOMER_AREA[t]}_read`;
export const customerWriteCode = (t: ChangeType): FunctionCode => `${CUSTOMER_AREA[t]}_write`;
export const approvalReadCode = (t: ChangeType): FunctionCode => `${APPROVAL_AREA[t]}_read`;
export const approvalWriteCode = (t: ChangeType): FunctionCode => `${APPROVAL_AREA[t]}_write`;

/**
 * `cac_chg_bill_addr_read` (spec §6, decided in docs/account-changes.md): the provider's credit-control staff see the
 * billing-address change requests in the approval queue and detail, read only (they chase bills and need to know where
 * they go), without acting on them.
 */
export const CREDIT_CONTROL_READ: FunctionCode = 'cac_chg_bill_addr_read';

/** A user's function codes, as the session's list or the server's set. */
export type Codes = Iterable<string>;

const has = (codes: Codes, code: FunctionCode): boolean => {
  const set = codes instanceof Set ? (codes as ReadonlySet<string>) : new Set(codes);
  return set.has('all') || set.has(code);
};

/** Types whose requests a customer user may list and open. */
export const customerReadableTypes = (codes: Codes): ChangeType[] =>
  CHANGE_TYPES.filter((t) => has(codes, customerReadCode(t)) || has(codes, customerWriteCode(t)));

/** Types a customer user may submit. */
export const customerWritableTypes = (codes: Codes): ChangeType[] => CHANGE_TYPES.filter((t) => has(codes, customerWriteCode(t)));

/** Types a staff user sees in the queue: its `apv_*_read` / `_write` codes, and bill_addr with credit control's code. */
export const staffReadableTypes = (codes: Codes): ChangeType[] =>
  CHANGE_TYPES.filter(
    (t) => has(codes, approvalReadCode(t)) || has(codes, approvalWriteCode(t)) || (t === 'bill_addr' && has(codes, CREDIT_CONTROL_READ)),
  );

/** Types a staff user may act on. */
export const staffWritableTypes = (codes: Codes): ChangeType[] => CHANGE_TYPES.filter((t) => has(codes, approvalWriteCode(t)));

/** The attachment kinds: the business registration certificate of a name change, the signed transfer agreement. */
export const ATTACHMENT_KINDS = ['br_certificate', 'signed_agreement'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** Content types accepted for attachments (checked by content on the server). */
export const ATTACHMENT_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const ATTACHMENT_FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** The page of each form under /customer-support/account-info-update/add-changes. */
export const FORM_SLUG = {
  comp_name: 'change-of-company-name',
  bill_addr: 'change-of-billing-address',
  machine_loc: 'change-of-machine-location',
  rec_hardcopy: 'change-of-receive-hardcopy',
  toner_addr: 'change-of-toner-delivery-address',
  trans_agree: 'transfer-or-novation-agreement',
} as const satisfies Record<ChangeType, string>;
