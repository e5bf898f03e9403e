import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import { userAccounts } from '@/lib/server/db/schema';
import type { RateLimitRule } from '@/lib/server/rateLimit';

/** Consecutive failures (wrong password or wrong TOTP code) that lock an account. */
export const LOCK_THRESHOLD = 5;
export const LOCK_MINUTES = 15;

/**
 * Sign-in attempts per client address and per login id, whatever the login id / address. A successful sign-in gives
 * its hit back (rateLimit.refund), so these count failures in practice while still bounding concurrent guessing.
 * The per-login-id counter also stands in for the lock of login ids that do not exist (authenticate.ts).
 */
export const IP_RULE: RateLimitRule = { name: 'signin-ip', points: 20, windowSeconds: 15 * 60 };
export const LOGIN_ID_RULE: RateLimitRule = { name: 'signin-id', points: 10, windowSeconds: LOCK_MINUTES * 60 };
/** TOTP codes tried on enableMfa per user (a signed-in user must not be able to brute-force a code). */
export const MFA_RULE: RateLimitRule = { name: 'mfa-code', points: 10, windowSeconds: 15 * 60 };

/**
 * One failure, counted in one atomic UPDATE … RETURNING so concurrent attempts on several instances all count.
 * A lock that has run out starts a fresh count; the failure that reaches the threshold locks for LOCK_MINUTES.
 * Returns whether the account is locked now.
 */
export async function recordFailure(db: Db, userAcUuid: string): Promise<boolean> {
  const lockEnded = sql`(${userAccounts.lockedUntil} is not null and ${userAccounts.lockedUntil} <= now())`;
  const nextCount = sql`(case when ${lockEnded} then 1 else ${userAccounts.failedAttempts} + 1 end)`;
  const [row] = await db
    .update(userAccounts)
    .set({
      failedAttempts: sql`${nextCount}`,
      lockedUntil: sql`case
        when ${nextCount} >= ${LOCK_THRESHOLD} then now() + make_interval(mins => ${LOCK_MINUTES})
        when ${lockEnded} then null
        else ${userAccounts.lockedUntil} end`,
    })
    .where(eq(userAccounts.userAcUuid, userAcUuid))
    .returning({ locked: sql<boolean>`coalesce(${userAccounts.lockedUntil} > now(), false)` });
  return row?.locked === true;
}
