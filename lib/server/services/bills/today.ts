import { hkToday } from '@/lib/dates/hongKong';

/**
 * "Today" of billing: Hong Kong's calendar date. Bill statuses (overdue), ageing and payment-date checks all read it
 * from here and pass it to SQL as a parameter, so no answer depends on the database server's clock or time zone, and
 * tests fix it instead of depending on the wall clock.
 */
let source: () => string = () => hkToday();

export function billingToday(): string {
  return source();
}

/** Test seam: fix today ('YYYY-MM-DD'), or null to go back to the real Hong Kong date. */
export function setBillingToday(today: string | null): void {
  source = today === null ? () => hkToday() : () => today;
}
