import { lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import { authRateLimits } from '@/lib/server/db/schema';

/**
 * Fixed-window attempt counters in PostgreSQL, so every instance behind the load balancer shares them (DESIGN.md:
 * no per-instance rate limits). One atomic `INSERT … ON CONFLICT DO UPDATE … RETURNING` per hit: concurrent requests
 * on any number of instances can never both see the last free slot. The database clock (`now()`) decides windows,
 * so instances with skewed clocks agree. Why not rate-limiter-flexible: docs/auth.md.
 */
export type RateLimitRule = {
  /** Key prefix, e.g. `ip` → `ip:203.0.113.9`. */
  name: string;
  /** Hits allowed per window; the hit that makes the count exceed this is refused. */
  points: number;
  windowSeconds: number;
};

export type RateLimitResult = {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (for a Retry-After). */
  retryAfterSeconds: number;
};

/** Rows whose window ended this long ago are deleted by the occasional sweep. */
const SWEEP_AFTER_SECONDS = 3_600;
/** One hit in this many also sweeps: cheap, and needs no timer or extra process. */
const SWEEP_ONE_IN = 200;

const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`;

type HitRow = { points: number; windowEndsAt: Date; secondsLeft: number };

/** Counts one hit against `subject` and says whether it is within the rule. */
export async function consume(db: Db, rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const window = sql`now() + make_interval(secs => ${rule.windowSeconds})`;
  const expired = sql`${authRateLimits.windowEndsAt} <= now()`;
  const [row] = (await db
    .insert(authRateLimits)
    .values({ key: keyOf(rule, subject), points: 1, windowEndsAt: window })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        points: sql`case when ${expired} then 1 else ${authRateLimits.points} + 1 end`,
        windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${authRateLimits.windowEndsAt} end`,
      },
    })
    .returning({
      points: authRateLimits.points,
      windowEndsAt: authRateLimits.windowEndsAt,
      secondsLeft: sql<number>`greatest(0, ceil(extract(epoch from (${authRateLimits.windowEndsAt} - now()))))::int`,
    })) as HitRow[];
  if (Math.floor(Math.random() * SWEEP_ONE_IN) === 0) await sweep(db);
  const count = row?.points ?? 1;
  return { allowed: count <= rule.points, count, retryAfterSeconds: Number(row?.secondsLeft ?? rule.windowSeconds) };
}

/**
 * Gives one hit back (a successful sign-in is not an attack: an office behind one address must not run out of
 * sign-ins because its staff signed in correctly). Never below zero, never into an ended window.
 */
export async function refund(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  await db
    .update(authRateLimits)
    .set({ points: sql`greatest(${authRateLimits.points} - 1, 0)` })
    .where(sql`${authRateLimits.key} = ${keyOf(rule, subject)} and ${authRateLimits.windowEndsAt} > now()`);
}

/**
 * Forgets `subject`'s window: its next hit starts a fresh one. For a counter whose reason has gone (a password reset
 * by the owner of the mailbox ends what a guesser did to its login id).
 */
export async function clear(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  await db.delete(authRateLimits).where(sql`${authRateLimits.key} = ${keyOf(rule, subject)}`);
}

/** Deletes long-ended windows so the table stays small. */
export async function sweep(db: Db): Promise<void> {
  await db.delete(authRateLimits).where(lt(authRateLimits.windowEndsAt, sql`now() - make_interval(secs => ${SWEEP_AFTER_SECONDS})`));
}
