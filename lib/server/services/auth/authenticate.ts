import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword, needsRehash, verifyPassword } from '@/lib/server/auth/password';
import type { ServerConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/types';
import { userAccounts } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';
import { normalizeLoginId } from '@/lib/users/schemas';
import { consume, refund } from '@/lib/server/rateLimit';
import { buildGrant, type SessionGrant } from './grant';
import { IP_RULE, LOCK_THRESHOLD, LOGIN_ID_RULE, recordFailure } from './lockout';
import { startMfaEnrolment, type MfaEnrolment } from './mfaEnrolment';
import { claimTimeStep, matchTotp } from './totp';

export type AuthenticateInput = { loginId: string; password: string; totp?: string; clientIp: string };


/**
 * A real scrypt hash with the current parameters, made once per process: an unknown login id (or an account with no
 * password yet) is verified against it, so it costs the same time as a wrong password for a real account.
 */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(24).toString('base64url')));

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS');
const locked = () => new AppError('ACCOUNT_LOCKED');

/**
 * Steps 1–4 of the sign-in (below), shared by `authenticate` and `startSignInEnrolment`: throttle, look up, refuse a
 * locked account, verify the password, reveal the account state. Answers the user row and `giveBack`, which returns
 * the throttle hits (the caller proved the password).
 */
async function checkCredentials(db: Db, input: AuthenticateInput) {
  // The next-auth form reaches here without the API router's body checks: a NUL would make PostgreSQL refuse the
  // query (a 500), so it is refused first, before it costs a throttle point.
  for (const [field, value] of Object.entries({ loginId: input.loginId, password: input.password, totp: input.totp })) {
    if (typeof value === 'string' && value.includes('\u0000')) {
      throw new AppError('VALIDATION', { fields: { [field]: ['ui.validation.controlCharacter'] }, message: 'NUL character in sign-in' });
    }
  }
  const loginId = normalizeLoginId(input.loginId);
  const ip = input.clientIp || 'unknown';

  const byIp = await consume(db, IP_RULE, ip);
  if (!byIp.allowed) throw new AppError('TOO_MANY_REQUESTS', { message: 'sign-in throttled by client address' });
  const byId = await consume(db, LOGIN_ID_RULE, loginId);
  if (!byId.allowed) throw new AppError('TOO_MANY_REQUESTS', { message: 'sign-in throttled by login id' });
  /** Gives both hits back: used when the password was right (the caller is not guessing). */
  const giveBack = async () => {
    await refund(db, IP_RULE, ip);
    await refund(db, LOGIN_ID_RULE, loginId);
  };

  const [user] = await db
    .select({
      userAcUuid: userAccounts.userAcUuid,
      passwordHash: userAccounts.passwordHash,
      status: userAccounts.status,
      mfaEnabled: userAccounts.mfaEnabled,
      mfaSecret: userAccounts.mfaSecret,
      mfaLastTimeStep: userAccounts.mfaLastTimeStep,
      skipMfa: userAccounts.skipMfa,
      mfaRequired: userAccounts.mfaRequired,
      mfaPendingSecret: userAccounts.mfaPendingSecret,
      isLocked: sql<boolean>`coalesce(${userAccounts.lockedUntil} > now(), false)`,
    })
    .from(userAccounts)
    .where(eq(userAccounts.loginId, loginId))
    .limit(1);

  if (!user) {
    // Same observable behaviour as a real account: locked after LOCK_THRESHOLD attempts, otherwise a wrong password.
    if (byId.count > LOCK_THRESHOLD) throw locked();
    await verifyPassword(input.password, await getDummyHash());
    throw byId.count === LOCK_THRESHOLD ? locked() : invalidCredentials();
  }

  if (user.isLocked) throw locked();

  const passwordOk = await verifyPassword(input.password, user.passwordHash ?? (await getDummyHash()));
  if (!passwordOk || !user.passwordHash) {
    throw (await recordFailure(db, user.userAcUuid)) ? locked() : invalidCredentials();
  }

  // The password is right: from here on the caller may learn the account's state.
  if (user.status === 'pending') {
    await giveBack();
    throw new AppError('ACCOUNT_NOT_ACTIVATED');
  }
  if (user.status === 'locked') {
    // Locked by staff (user account maintenance) until they unlock it; revealed only to the holder of the password.
    await giveBack();
    throw new AppError('ACCOUNT_LOCKED_BY_ADMIN');
  }
  if (user.status !== 'active') {
    await giveBack();
    throw new AppError('ACCOUNT_INACTIVE');
  }

  return { user, giveBack, passwordHash: user.passwordHash };
}

/** MFA is forced on the account ("Force MFA", docs/user-accounts.md) and no authenticator is set up yet. */
const mustEnrol = (user: { mfaRequired: boolean; mfaEnabled: boolean; skipMfa: boolean }) => user.mfaRequired && !user.mfaEnabled && !user.skipMfa;

/**
 * Sign-in: login id + password (+ TOTP). Order matters (docs/auth.md):
 * 1. throttle per client address and per login id (429), before any work;
 * 2. a locked account is refused before the password is checked (even the right one);
 * 3. the password is verified (against a dummy hash for an unknown id), and a failure is counted atomically;
 * 4. only then is the account status revealed (pending / inactive), then MFA is asked for / checked, or, when MFA is
 *    forced and no authenticator is set up, its enrolment is asked for / confirmed by the code;
 * 5. success resets the count, keeps the previous sign-in time and signs the API token.
 * Unknown id and wrong password give the same code and message; an unknown id "locks" after the same number of
 * attempts (through the per-login-id counter), so the lock-out does not reveal which ids exist either.
 */
export async function authenticate(db: Db, config: ServerConfig, input: AuthenticateInput): Promise<SessionGrant> {
  const { user, giveBack, passwordHash } = await checkCredentials(db, input);
  if (mustEnrol(user)) {
    // Forced MFA without an authenticator: the code confirms the secret `startSignInEnrolment` handed out.
    if (!input.totp || !user.mfaPendingSecret) {
      await giveBack();
      throw new AppError('MFA_ENROL_REQUIRED');
    }
    const step = await matchTotp(user.mfaPendingSecret, input.totp, null);
    const enabled =
      step === null
        ? []
        : await db
            .update(userAccounts)
            .set({ mfaEnabled: true, mfaSecret: user.mfaPendingSecret, mfaPendingSecret: null, mfaLastTimeStep: step })
            // Only the secret that was checked, and only once (a concurrent attempt or a restarted enrolment loses).
            .where(and(eq(userAccounts.userAcUuid, user.userAcUuid), eq(userAccounts.mfaPendingSecret, user.mfaPendingSecret), eq(userAccounts.mfaEnabled, false)))
            .returning({ id: userAccounts.userAcUuid });
    if (enabled.length !== 1) {
      throw (await recordFailure(db, user.userAcUuid)) ? locked() : new AppError('MFA_INVALID');
    }
  } else if (user.mfaEnabled && !user.skipMfa) {
    if (!input.totp) {
      // Not a failure: the sign-in form now asks for the code and sends everything again.
      await giveBack();
      throw new AppError('MFA_REQUIRED');
    }
    const step = user.mfaSecret ? await matchTotp(user.mfaSecret, input.totp, user.mfaLastTimeStep ?? null) : null;
    if (step === null || !(await claimTimeStep(db, user.userAcUuid, step))) {
      throw (await recordFailure(db, user.userAcUuid)) ? locked() : new AppError('MFA_INVALID');
    }
  }

  await db
    .update(userAccounts)
    .set({
      failedAttempts: 0,
      lockedUntil: null,
      // Right-hand sides see the row before the update: the previous sign-in is kept for getLastLoginTime.
      previousLoginAt: sql`${userAccounts.lastLoginAt}`,
      lastLoginAt: sql`now()`,
    })
    .where(eq(userAccounts.userAcUuid, user.userAcUuid));
  if (needsRehash(passwordHash)) {
    // Stronger parameters since this hash was made: store a fresh one, unless the password changed meanwhile.
    const rehash = await hashPassword(input.password);
    await db
      .update(userAccounts)
      .set({ passwordHash: rehash })
      .where(and(eq(userAccounts.userAcUuid, user.userAcUuid), eq(userAccounts.passwordHash, passwordHash)));
  }
  await giveBack();

  return buildGrant(db, config, user.userAcUuid, { auto: true });
}

/**
 * The enrolment step of a sign-in with forced MFA (docs/auth.md): with the right password (same throttle, lock-out and
 * answers as the sign-in), a new secret is kept as pending and its QR code handed to the sign-in screen; the next
 * `authenticate` with a code from the authenticator turns MFA on and signs in. Any other account: 409 CONFLICT.
 */
export async function startSignInEnrolment(db: Db, input: Omit<AuthenticateInput, 'totp'>): Promise<MfaEnrolment> {
  const { user, giveBack } = await checkCredentials(db, input);
  await giveBack();
  if (!mustEnrol(user)) throw new AppError('CONFLICT', { message: 'no forced MFA enrolment for this account', publicMessage: 'Two-step verification is already set up or not required' });
  return startMfaEnrolment(db, { userAcUuid: user.userAcUuid });
}
