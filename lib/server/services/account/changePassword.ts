import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { hashPassword, verifyPassword } from '@/lib/server/auth/password';
import { signApiToken } from '@/lib/server/auth/token';
import type { ServerConfig } from '@/lib/server/config';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { userAccounts } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';
import { ownAccount } from '@/lib/server/services/account/ownAccount';
import { retireLinks } from '@/lib/server/services/users/links';
import { consume, type RateLimitRule } from '@/lib/server/rateLimit';

/**
 * Password changes tried per user, right or wrong. Bounds guessing the current password with a stolen session (the
 * hit is not given back even on success: each attempt costs two scrypt runs, and nobody changes a password five
 * times in a quarter of an hour).
 */
export const PASSWORD_CHANGE_RULE: RateLimitRule = { name: 'password-change', points: 5, windowSeconds: 15 * 60 };

/** The caller is the context's actor; the fresh token acts for the same customer as the caller's (its `ucpId`). */
export type ChangePasswordInput = {
  currentPassword: string;
  /** Already checked against the password policy (the route's body schema). */
  newPassword: string;
};

/** The caller's new API token (every older one is revoked); the browser hands it to next-auth's `update()`. */
import type { ChangePasswordResult } from '@/lib/account/schemas';

export type { ChangePasswordResult } from '@/lib/account/schemas';

/** Field errors are keys of the `error` namespace, like the policy's own messages. */
const fieldError = (field: 'currentPassword' | 'newPassword', key: string, publicMessage: string) =>
  new AppError('VALIDATION', { fields: { [field]: [key] }, publicMessage, message: `password change refused: ${key}` });

/**
 * 1. throttle per user (429), before any hashing;
 * 2. the current password must verify (else 400 with `fields.currentPassword`);
 * 3. the new one must differ from it (compared as the hash compares: NFKC), else 400 with `fields.newPassword`;
 * 4. hash the new password outside any transaction (scrypt takes ≈ 0.1 s: PGlite has a single connection);
 * 5. one transaction: store the hash only if the stored one is still the one verified (a concurrent change wins, the
 *    other gets CONFLICT), stamp password_changed_at, token_version + 1 (revokes every session and token of the user,
 *    this one included) and write the audit row;
 * 6. sign a token with the new version for the same customer, so the caller's own session carries on.
 */
export async function changePassword(ctx: ServiceContext, config: ServerConfig, input: ChangePasswordInput): Promise<ChangePasswordResult> {
  const { db, actor } = ctx;
  const hit = await consume(db, PASSWORD_CHANGE_RULE, actor.userAcUuid);
  if (!hit.allowed) throw new AppError('TOO_MANY_REQUESTS', { message: 'too many password changes tried' });

  const user = await ownAccount(db, actor.userAcUuid, { passwordHash: userAccounts.passwordHash });

  const currentHash = user.passwordHash;
  if (!currentHash || !(await verifyPassword(input.currentPassword, currentHash))) {
    throw fieldError('currentPassword', 'password_current_wrong', 'The current password is wrong');
  }
  if (input.newPassword.normalize('NFKC') === input.currentPassword.normalize('NFKC')) {
    throw fieldError('newPassword', 'password_same_as_current', 'The new password must differ from the current one');
  }

  const newHash = await hashPassword(input.newPassword);

  const changed = await inTransaction(ctx, async (txCtx) => {
    const [row] = await txCtx.db
      .update(userAccounts)
      .set({
        passwordHash: newHash,
        passwordChangedAt: sql`now()`,
        tokenVersion: sql`${userAccounts.tokenVersion} + 1`,
      })
      .where(and(eq(userAccounts.userAcUuid, actor.userAcUuid), eq(userAccounts.passwordHash, currentHash), eq(userAccounts.status, 'active')))
      .returning({ tokenVersion: userAccounts.tokenVersion, passwordChangedAt: userAccounts.passwordChangedAt });
    if (!row) return null;
    // A reset link asked for before the change would still set a password for up to an hour: retire it, as a new
    // link retires older ones (lib/server/services/users/links.ts).
    await retireLinks(txCtx, actor.userAcUuid, 'reset');
    await audit(txCtx, {
      action: 'password_change',
      entity: 'user_account',
      entityId: actor.userAcUuid,
      // Never the hashes: only that and when the password changed.
      after: { passwordChangedAt: row.passwordChangedAt?.toISOString() ?? null, tokenVersion: row.tokenVersion },
    });
    return row;
  });
  if (!changed) {
    throw new AppError('CONFLICT', { message: 'password or account changed meanwhile', publicMessage: 'The password was changed meanwhile: sign in again' });
  }

  const jwtToken = await signApiToken(
    { sub: actor.userAcUuid, ucp: actor.ucpId, ver: changed.tokenVersion },
    config.apiTokenSecret,
    config.apiTokenTtlSeconds,
  );
  const { exp } = decodeJwt(jwtToken);
  return {
    jwtToken,
    tokenExp: exp ?? Math.floor(Date.now() / 1000) + config.apiTokenTtlSeconds,
    passwordChangedAt: (changed.passwordChangedAt ?? new Date()).toISOString(),
  };
}
