/** A Hong Kong local date and time (`2026-11-24T09:00:00`) as the instant it names (UTC+8 all year, no daylight saving). */
export const hkLocal = (isoLocal: string): Date => new Date(`${isoLocal}+08:00`);
