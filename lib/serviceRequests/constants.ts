import { fromHkLocalDateTime } from '@/lib/dates/hongKong';
import { referenceNo } from '@/lib/references';

/**
 * Service requests (docs/service-requests.md): the lists the tables' CHECKs, the API's zod enums and the screens
 * share, and the lifecycle's transition table. Client-safe (no server imports).
 */

/** What the fault is about, in the order the "Report a fault" form offers them. */
export const SERVICE_CATEGORIES = ['paper_jam', 'print_quality', 'error_code', 'network_scanning', 'consumable', 'noise_damage', 'other'] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

/** The request's status, in lifecycle order (cancelled last). */
export const SERVICE_STATUSES = ['submitted', 'acknowledged', 'engineer_assigned', 'on_site', 'resolved', 'closed', 'cancelled'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** Statuses in which the request is still being worked on (counted as open, SLA clock may run). */
export const OPEN_STATUSES: readonly ServiceStatus[] = ['submitted', 'acknowledged', 'engineer_assigned', 'on_site'];

/**
 * What happened on the timeline: every status change and the customer's rating. `reassigned` is a new engineer or
 * ETA while the request stays `engineer_assigned`; `reopened` sends a resolved request back to `acknowledged`.
 */
export const SERVICE_EVENT_KINDS = [
  'submitted',
  'acknowledged',
  'engineer_assigned',
  'reassigned',
  'on_site',
  'resolved',
  'closed',
  'cancelled',
  'reopened',
  'rated',
] as const;
export type ServiceEventKind = (typeof SERVICE_EVENT_KINDS)[number];

/** Who did it. */
export const SERVICE_ACTORS = ['customer', 'staff', 'system'] as const;
export type ServiceActor = (typeof SERVICE_ACTORS)[number];

/**
 * The actions and the statuses each is allowed from (anything else: 409 SERVICE_REQUEST_WRONG_STATUS).
 * Customer: cancel (before an engineer is assigned), confirm (closes a resolved request, within the reopen window),
 * reopen (a resolved request, within the window), rate (a closed, unrated request).
 * Staff: acknowledge, assign (also a new engineer / ETA), onSite, resolve (also a remote fix, without a visit), close.
 */
export const SERVICE_ACTIONS = {
  cancel: ['submitted', 'acknowledged'],
  confirm: ['resolved'],
  reopen: ['resolved'],
  rate: ['closed'],
  acknowledge: ['submitted'],
  assign: ['submitted', 'acknowledged', 'engineer_assigned'],
  onSite: ['engineer_assigned'],
  resolve: ['acknowledged', 'engineer_assigned', 'on_site'],
  close: ['resolved'],
} as const satisfies Record<string, readonly ServiceStatus[]>;
export type ServiceAction = keyof typeof SERVICE_ACTIONS;
export const CUSTOMER_ACTIONS = ['cancel', 'confirm', 'reopen', 'rate'] as const satisfies readonly ServiceAction[];
export const STAFF_ACTIONS = ['acknowledge', 'assign', 'onSite', 'resolve', 'close'] as const satisfies readonly ServiceAction[];

export const actionAllowedFrom = (action: ServiceAction, status: ServiceStatus): boolean => (SERVICE_ACTIONS[action] as readonly ServiceStatus[]).includes(status);

/** Days after the resolution during which the customer may confirm it or reopen the request. */
export const REOPEN_WINDOW_DAYS = 7;

/**
 * The SLA clock's state: `running` (due later, more than AT_RISK_BUSINESS_MINUTES of business time left), `at_risk`
 * (less left, or the assigned engineer is expected after the due time), `breached` (due passed without a response, or responded late), `met` (responded in time),
 * `stopped` (cancelled before a response: no SLA result).
 */
export const SLA_STATES = ['breached', 'at_risk', 'running', 'met', 'stopped'] as const;
export type SlaState = (typeof SLA_STATES)[number];
export const AT_RISK_BUSINESS_MINUTES = 60;

/**
 * The engineer's expected arrival (desk: assign engineer) lies between now (ETA_PAST_SLACK_MINUTES of slack for the
 * clock of the desk's PC) and ETA_MAX_DAYS ahead — the same horizon as the customer's preferred visit days; a later
 * date is a typing mistake (2099 for 2026) that the customer would be told.
 */
export const ETA_MAX_DAYS = 30;
export const ETA_PAST_SLACK_MINUTES = 10;

/** The response time of a contract that names none (business hours). */
export const DEFAULT_RESPONSE_HOURS = 8;

/** Parts of a day a customer can offer for the engineer's visit. */
export const VISIT_SLOTS = ['morning', 'afternoon', 'any'] as const;
export type VisitSlot = (typeof VISIT_SLOTS)[number];
export const MAX_VISIT_WINDOWS = 3;
/** The Hong Kong hour each slot ends (the form's "Morning (9:00–13:00)", "Afternoon (14:00–18:00)"; any time: 18:00). */
export const VISIT_SLOT_END_HOUR: Readonly<Record<VisitSlot, number>> = { morning: 13, afternoon: 18, any: 18 };

/**
 * Whether a visit window is already over at `now`: its slot has ended in Hong Kong time (today's slot after its end
 * hour, a past day's always). A fault reported at 20:00 offering "today, afternoon" gave the desk a window no engineer
 * could keep.
 */
export function visitWindowOver(w: { date: string; slot: VisitSlot }, now: Date): boolean {
  return now >= fromHkLocalDateTime(`${w.date}T${String(VISIT_SLOT_END_HOUR[w.slot]).padStart(2, '0')}:00`);
}

/** Text limits of the form and the staff actions. */
export const SR_LIMITS = { errorCode: 40, description: 2000, name: 100, phone: 30, notes: 2000, reason: 500, comment: 1000, engineer: 100 } as const;

/** `SR-2026-000123`: the Hong Kong year of submission and the next number of service_request_no_seq. */
export const serviceRequestReference = (year: number, no: number): string => referenceNo('SR', year, no);

/**
 * Why the SLA clock stood still (docs/service-requests.md, "Clock suspensions"): Typhoon Signal No. 8 or above, or a
 * Black Rainstorm Warning, in force. Engineers do not travel then; the contracts' response times exclude that time.
 */
export const SLA_SUSPENSION_KINDS = ['typhoon_8', 'black_rainstorm'] as const;
export type SlaSuspensionKind = (typeof SLA_SUSPENSION_KINDS)[number];
/**
 * A suspension lasts at most `maxHours`, starts at most `pastDays` back (the desk records it once the signal is
 * lowered, or while it is in force with the expected end) and ends at most `aheadHours` from now; `note` its length.
 */
export const SUSPENSION_LIMITS = { maxHours: 96, pastDays: 90, aheadHours: 48, note: 500 } as const;


/** The types a fault's photo may have, by content: what uploadPhoto takes, createRequest accepts and the form offers. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
