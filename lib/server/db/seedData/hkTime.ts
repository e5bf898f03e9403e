import { addDays } from '@/lib/dates/hongKong';

/** A Hong Kong local date and time (`2026-11-24T09:00:00`) as the instant it names (UTC+8 all year, no daylight saving). */
export const hkLocal = (isoLocal: string): Date => new Date(`${isoLocal}+08:00`);

/**
 * 09:00 in Hong Kong on `day` once that moment has passed, otherwise 09:00 the day before: the demo's latest business
 * morning. Data seeded before 09:00 (a database created at 08:00, or CI at midnight UTC) is then never dated ahead of
 * the clock: an order "placed this morning" or a parcel "out for delivery at 08:30" is yesterday's.
 */
export const demoMorning = (day: string, now: number = Date.now()): Date => {
  const morning = hkLocal(`${day}T09:00:00`);
  return morning.getTime() <= now ? morning : hkLocal(`${addDays(day, -1)}T09:00:00`);
};
