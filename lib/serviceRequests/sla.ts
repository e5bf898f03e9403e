/**
 * The SLA clock of service requests (docs/service-requests.md). Client-safe: the screens show the same arithmetic.
 *
 * Business time is Monday to Friday, 09:00–18:00 Hong Kong time (UTC+8 all year: Hong Kong has no daylight saving),
 * except Hong Kong general holidays (HK_PUBLIC_HOLIDAYS below). A contract's response time of N hours is N × 60
 * business minutes counted from the moment the fault is reported: reported outside business hours, the clock starts at
 * the next business day's 09:00.
 */
import { daysBetween } from '@/lib/dates/hongKong';
import { AT_RISK_BUSINESS_MINUTES, type ServiceStatus, type SlaState } from './constants';

export const BUSINESS_DAY = { startMinute: 9 * 60, endMinute: 18 * 60 } as const;
const HK_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * Hong Kong general holidays ("public holidays", Holidays Ordinance Cap. 149) for 2026 and 2027, as published by the
 * Government at https://www.gov.hk/en/about/abouthk/holiday/ (2026: the gazetted list; 2027: from the Ordinance's
 * rules and the lunar calendar — check it against the gazette when the Government publishes it, usually mid-year).
 * Sundays are not listed (never business days). To add a year: append its dates here (YYYY-MM-DD, the substitute days
 * included, e.g. "the day following …"), keep the list sorted, and extend the unit test __tests__/unit/serviceRequests/sla.test.ts.
 */
export const HK_PUBLIC_HOLIDAYS: readonly string[] = [
  // 2026
  '2026-01-01', // The first day of January
  '2026-02-17', // Lunar New Year's Day
  '2026-02-18', // The second day of Lunar New Year
  '2026-02-19', // The third day of Lunar New Year
  '2026-04-03', // Good Friday
  '2026-04-04', // The day following Good Friday
  '2026-04-06', // The day following Ching Ming Festival
  '2026-04-07', // The day following Easter Monday
  '2026-05-01', // Labour Day
  '2026-05-25', // The day following the Birthday of the Buddha
  '2026-06-19', // Tuen Ng Festival
  '2026-07-01', // Hong Kong Special Administrative Region Establishment Day
  '2026-09-26', // The day following the Chinese Mid-Autumn Festival
  '2026-10-01', // National Day
  '2026-10-19', // The day following Chung Yeung Festival
  '2026-12-25', // Christmas Day
  '2026-12-26', // The first weekday after Christmas Day
  // 2027
  '2027-01-01', // The first day of January
  '2027-02-06', // Lunar New Year's Day
  '2027-02-08', // The third day of Lunar New Year
  '2027-02-09', // The fourth day of Lunar New Year (the second day is a Sunday)
  '2027-03-26', // Good Friday
  '2027-03-27', // The day following Good Friday
  '2027-03-29', // Easter Monday
  '2027-04-05', // Ching Ming Festival
  '2027-05-01', // Labour Day
  '2027-05-13', // The Birthday of the Buddha
  '2027-06-09', // Tuen Ng Festival
  '2027-07-01', // Hong Kong Special Administrative Region Establishment Day
  '2027-09-16', // The day following the Chinese Mid-Autumn Festival
  '2027-10-01', // National Day
  '2027-10-08', // Chung Yeung Festival
  '2027-12-25', // Christmas Day
  '2027-12-27', // The first weekday after Christmas Day
];
const holidaySet: ReadonlySet<string> = new Set(HK_PUBLIC_HOLIDAYS);

/** The last day the holiday list covers: 31 December of its last year. After it, holidays count as business days. */
export const HOLIDAYS_LISTED_UNTIL = `${HK_PUBLIC_HOLIDAYS.at(-1)!.slice(0, 4)}-12-31`;
/** How long before the list runs out the server warns at start and the service desk tells staff. */
export const HOLIDAY_WARNING_DAYS = 90;

/**
 * When the holiday list runs out within HOLIDAY_WARNING_DAYS of `today` (or has run out): the last day it covers and
 * the days left (negative once past). Null while it covers the coming months.
 */
export function holidayListRunsOut(today: string, listedUntil: string = HOLIDAYS_LISTED_UNTIL): { listedUntil: string; daysLeft: number } | null {
  const daysLeft = daysBetween(today, listedUntil);
  return daysLeft <= HOLIDAY_WARNING_DAYS ? { listedUntil, daysLeft } : null;
}

/** Hong Kong wall-clock of an instant, as "local milliseconds" (UTC fields read as HK time). */
const toLocal = (instant: Date): number => instant.getTime() + HK_OFFSET_MS;
const fromLocal = (local: number): Date => new Date(local - HK_OFFSET_MS);
const dayOf = (local: number): number => Math.floor(local / DAY_MS) * DAY_MS;
const isoOf = (dayStart: number): string => new Date(dayStart).toISOString().slice(0, 10);

/** Whether a Hong Kong date (YYYY-MM-DD) is a business day: Monday to Friday and not a general holiday. */
export function isBusinessDay(isoDate: string): boolean {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidaySet.has(isoDate);
}

const open = (day: number) => day + BUSINESS_DAY.startMinute * MINUTE_MS;
const close = (day: number) => day + BUSINESS_DAY.endMinute * MINUTE_MS;

/**
 * A time the SLA clock stood still (docs/service-requests.md, "Clock suspensions"): Typhoon Signal No. 8 or above, or
 * a Black Rainstorm Warning, in force. Business time inside it does not count.
 */
export type ClockSuspension = { startsAt: Date; endsAt: Date };

/** Suspensions as sorted, merged spans of HK local milliseconds. */
type Span = { from: number; to: number };
function spansOf(suspensions: readonly ClockSuspension[]): Span[] {
  const sorted = suspensions
    .map((s) => ({ from: toLocal(s.startsAt), to: toLocal(s.endsAt) }))
    .filter((s) => s.to > s.from)
    .sort((a, b) => a.from - b.from);
  const merged: Span[] = [];
  for (const s of sorted) {
    const last = merged.at(-1);
    if (last && s.from <= last.to) last.to = Math.max(last.to, s.to);
    else merged.push({ ...s });
  }
  return merged;
}

/** The first business moment at or after `local` (itself when inside business hours and no suspension). */
function nextBusinessMoment(local: number, spans: readonly Span[]): number {
  let t = local;
  for (let i = 0; i < 4000; i += 1) {
    const day = dayOf(t);
    if (!isBusinessDay(isoOf(day)) || t >= close(day)) {
      t = day + DAY_MS;
      continue;
    }
    t = Math.max(t, open(day));
    const within = spans.find((s) => s.from <= t && t < s.to);
    if (!within) return t;
    t = within.to;
  }
  throw new Error('no business time within the next years');
}

/** Where the business time that runs from `t` stops: the day's close, or the start of a suspension before it. */
function runEnd(t: number, spans: readonly Span[]): number {
  const dayClose = close(dayOf(t));
  const next = spans.find((s) => s.from > t);
  return next && next.from < dayClose ? next.from : dayClose;
}

/** `start` plus `minutes` of business time (the SLA due time of a request reported at `start`). */
export function addBusinessMinutes(start: Date, minutes: number, suspensions: readonly ClockSuspension[] = []): Date {
  const spans = spansOf(suspensions);
  let t = nextBusinessMoment(toLocal(start), spans);
  let left = Math.max(0, Math.round(minutes));
  for (;;) {
    const stop = runEnd(t, spans);
    const available = (stop - t) / MINUTE_MS;
    if (left <= available) return fromLocal(t + left * MINUTE_MS);
    left -= available;
    t = nextBusinessMoment(stop, spans);
  }
}

/** Business minutes from `from` to `to` (0 when `to` is not later), suspended time left out. */
export function businessMinutesBetween(from: Date, to: Date, suspensions: readonly ClockSuspension[] = []): number {
  const spans = spansOf(suspensions);
  const end = toLocal(to);
  let t = nextBusinessMoment(toLocal(from), spans);
  let total = 0;
  while (t < end) {
    const stop = runEnd(t, spans);
    total += (Math.min(stop, end) - t) / MINUTE_MS;
    if (end <= stop) break;
    t = nextBusinessMoment(stop, spans);
  }
  return Math.round(total);
}

/** The due time of a response within `responseHours` business hours of `reportedAt`, suspensions skipped. */
export const slaDueAt = (reportedAt: Date, responseHours: number, suspensions: readonly ClockSuspension[] = []): Date =>
  addBusinessMinutes(reportedAt, responseHours * 60, suspensions);

/** From when the request counts as at risk: AT_RISK_BUSINESS_MINUTES of business time before it is due. */
export const slaAtRiskAt = (reportedAt: Date, responseHours: number, suspensions: readonly ClockSuspension[] = []): Date =>
  addBusinessMinutes(reportedAt, Math.max(0, responseHours * 60 - AT_RISK_BUSINESS_MINUTES), suspensions);
/**
 * The clock's state: responded (engineer on site, or fixed remotely) → met or breached; cancelled without a response
 * → stopped; otherwise breached once due, at risk from slaAtRiskAt — or as soon as the assigned engineer is expected
 * after the due time (the desk promised a late arrival) — running before.
 */
export function slaState(
  r: { status: ServiceStatus; dueAt: Date; atRiskAt: Date; respondedAt: Date | null; etaAt?: Date | null },
  now: Date,
): SlaState {
  if (r.respondedAt) return r.respondedAt.getTime() <= r.dueAt.getTime() ? 'met' : 'breached';
  if (r.status === 'cancelled') return 'stopped';
  if (now.getTime() > r.dueAt.getTime()) return 'breached';
  if (now.getTime() >= r.atRiskAt.getTime()) return 'at_risk';
  if (r.status === 'engineer_assigned' && r.etaAt && r.etaAt.getTime() > r.dueAt.getTime()) return 'at_risk';
  return 'running';
}
