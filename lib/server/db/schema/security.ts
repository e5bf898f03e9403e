import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters for sign-in throttling (lib/server/rateLimit.ts), shared by every instance through
 * PostgreSQL. One row per key (`ip:<address>`, `login:<login id>`, …); a row whose window ended is restarted by the
 * next hit and swept away later. Why a table of our own rather than rate-limiter-flexible: docs/auth.md.
 */
export const authRateLimits = pgTable(
  'auth_rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_rate_limits_window_idx').on(t.windowEndsAt)],
);
