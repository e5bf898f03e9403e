import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A Hong Kong calendar-day range on a timestamptz column, written so an index on the column still applies: from the
 * start of `from` to the end of `to`, both inclusive, in Asia/Hong_Kong (UTC+8 all year, no daylight saving time).
 */
export function hkDateRange(column: AnyColumn, from: string | undefined, to: string | undefined): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(sql`${column} >= (${from}::date::timestamp - interval '8 hours') at time zone 'UTC'`);
  if (to) out.push(sql`${column} < ((${to}::date + 1)::timestamp - interval '8 hours') at time zone 'UTC'`);
  return out;
}

