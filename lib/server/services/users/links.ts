/**
 * One-time links (docs/user-accounts.md): account activation and password reset share one mechanism. The link's
 * secret is 32 random bytes (base64url); only its SHA-256 is stored. A link is consumed by one atomic UPDATE (used_at
 * set only while unused and unexpired), so two tabs submitting the same link cannot both succeed; issuing a new link
 * of the same purpose retires the older ones.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { normalizeLoginId, type LinkInfo, type LinkPurpose } from '@/lib/users/schemas';
import { audit } from '@/lib/server/audit';
import { hashPassword } from '@/lib/server/auth/password';
import { inTransaction, type Actor, type ServiceContext } from '@/lib/server/context';
import { userAccounts, userTokens } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';
import { queueMail } from '@/lib/server/mail/queueMail';
import { clear, consume, type RateLimitRule } from '@/lib/server/rateLimit';
import { LOGIN_ID_RULE } from '@/lib/server/services/auth/lockout';

export const ACTIVATION_HOURS = 72;
export const RESET_MINUTES = 60;

/** Link checks and uses per client address (guessing a 256-bit secret is hopeless; this bounds the noise). */
export const LINK_IP_RULE: RateLimitRule = { name: 'link-ip', points: 30, windowSeconds: 15 * 60 };
/** "Forgot password" requests per client address, and reset e-mails per login id (a mailbox is not flooded). */
export const RESET_IP_RULE: RateLimitRule = { name: 'reset-ip', points: 10, windowSeconds: 15 * 60 };
export const RESET_ID_RULE: RateLimitRule = { name: 'reset-id', points: 3, windowSeconds: 60 * 60 };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type DbCtx = ServiceContext<Actor | null>;

/** The user's unused links of the purpose expire now (a newer link, or a password changed meanwhile, replaces them). */
export async function retireLinks(ctx: DbCtx, userAcUuid: string, purpose: LinkPurpose): Promise<void> {
  const now = ctx.now();
  await ctx.db
    .update(userTokens)
    .set({ expiresAt: now })
    .where(and(eq(userTokens.userAcUuid, userAcUuid), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)));
}

/** A new link for the user (older unused ones of the purpose expire now). Returns the secret and its expiry. */
export async function issueLink(ctx: DbCtx, userAcUuid: string, purpose: LinkPurpose): Promise<{ token: string; expiresAt: Date }> {
  const now = ctx.now();
  const ttlMs = purpose === 'activation' ? ACTIVATION_HOURS * 3_600_000 : RESET_MINUTES * 60_000;
  const expiresAt = new Date(now.getTime() + ttlMs);
  await retireLinks(ctx, userAcUuid, purpose);
  const token = randomBytes(32).toString('base64url');
  await ctx.db.insert(userTokens).values({ userAcUuid, purpose, tokenHash: hashOf(token), expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** Issues an activation link and queues its bilingual e-mail, in the caller's transaction. */
export async function sendActivation(ctx: DbCtx, user: { userAcUuid: string; loginId: string; name: string; email: string; preferredLanguage: string }) {
  const link = await issueLink(ctx, user.userAcUuid, 'activation');
  await queueMail(ctx, {
    to: user.email,
    template: 'account_activation',
    locale: user.preferredLanguage === 'tc' ? 'tc' : 'en',
    data: { name: user.name, loginId: user.loginId, token: link.token, validFor: { hours: ACTIVATION_HOURS } },
  });
  return link;
}

async function throttle(ctx: DbCtx, rule: RateLimitRule, subject: string) {
  const hit = await consume(ctx.db, rule, subject);
  if (!hit.allowed) throw new AppError('TOO_MANY_REQUESTS', { message: `${rule.name} throttled` });
}

const usable = (ctx: DbCtx, token: string, purpose: LinkPurpose) =>
  and(eq(userTokens.tokenHash, hashOf(token)), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt), gt(userTokens.expiresAt, ctx.now()));

/** Whether a link still works (the page shows the login id it is for). */
export async function checkLink(ctx: DbCtx, clientIp: string, token: string, purpose: LinkPurpose): Promise<LinkInfo> {
  await throttle(ctx, LINK_IP_RULE, clientIp || 'unknown');
  const [row] = await ctx.db
    .select({ loginId: userAccounts.loginId, status: userAccounts.status, expiresAt: userTokens.expiresAt })
    .from(userTokens)
    .innerJoin(userAccounts, eq(userAccounts.userAcUuid, userTokens.userAcUuid))
    .where(usable(ctx, token, purpose))
    .limit(1);
  if (!row || !statusFits(purpose, row.status)) throw new AppError('LINK_INVALID');
  return { purpose, loginId: row.loginId, expiresAt: row.expiresAt.toISOString() };
}

/** Activation is for a pending account; a reset for an active one (a staff lock or a disabled account stays). */
const statusFits = (purpose: LinkPurpose, status: string) => (purpose === 'activation' ? status === 'pending' : status === 'active');

/**
 * Uses a link once and sets the password: activation makes a pending account active; a reset clears the automatic
 * lock-out. Both bump the token version (every session and token of the user is revoked) and are audited.
 */
export async function setPasswordByLink(ctx: DbCtx, clientIp: string, input: { token: string; purpose: LinkPurpose; password: string }): Promise<{ loginId: string }> {
  await throttle(ctx, LINK_IP_RULE, clientIp || 'unknown');
  // scrypt runs outside the transaction (PGlite has one connection); a link that turns out unusable wastes it only.
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (tx) => {
    const [link] = await tx.db
      .update(userTokens)
      .set({ usedAt: tx.now() })
      .where(usable(tx, input.token, input.purpose))
      .returning({ userAcUuid: userTokens.userAcUuid });
    if (!link) throw new AppError('LINK_INVALID');
    const [user] = await tx.db
      .update(userAccounts)
      .set({
        passwordHash,
        passwordChangedAt: tx.now(),
        tokenVersion: sql`${userAccounts.tokenVersion} + 1`,
        failedAttempts: 0,
        lockedUntil: null,
        updatedAt: tx.now(),
        ...(input.purpose === 'activation' ? { status: 'active' } : {}),
      })
      .where(and(eq(userAccounts.userAcUuid, link.userAcUuid), eq(userAccounts.status, input.purpose === 'activation' ? 'pending' : 'active')))
      .returning({ loginId: userAccounts.loginId });
    // The account changed since the link was sent (activated, locked or disabled by staff): refused. The error undoes
    // the transaction, so the link stays unused, but every later use meets the same account state and is refused too.
    if (!user) throw new AppError('LINK_INVALID', { message: 'account status does not fit the link' });
    // The sign-in attempts a guesser spent on this login id (docs/auth.md, 10 / 15 min) go with the lock-out: the
    // owner, who proved the mailbox, signs in with the new password at once instead of meeting "Too many attempts".
    await clear(tx.db, LOGIN_ID_RULE, user.loginId);
    await audit({ ...tx, actor: null }, {
      action: input.purpose === 'activation' ? 'activate' : 'password_reset',
      entity: 'user_account',
      entityId: link.userAcUuid,
      after: { passwordChangedAt: tx.now().toISOString(), ...(input.purpose === 'activation' ? { status: 'active' } : { lockOutCleared: true }) },
    });
    return { loginId: user.loginId };
  });
}

/**
 * "Forgot password": the answer never says whether the login id exists. An active account gets a reset e-mail,
 * at most RESET_ID_RULE.points per hour; anything else (unknown id, pending, locked by staff, disabled) gets nothing.
 * Past the per-login-id limit the answer is the same and no mail is sent; only the per-address limit answers 429.
 */
export async function requestPasswordReset(ctx: DbCtx, clientIp: string, rawLoginId: string): Promise<{ accepted: true }> {
  await throttle(ctx, RESET_IP_RULE, clientIp || 'unknown');
  const loginId = normalizeLoginId(rawLoginId);
  const byId = await consume(ctx.db, RESET_ID_RULE, loginId);
  if (!byId.allowed) return { accepted: true };
  await inTransaction(ctx, async (tx) => {
    const [user] = await tx.db
      .select({ userAcUuid: userAccounts.userAcUuid, name: userAccounts.name, email: userAccounts.email, preferredLanguage: userAccounts.preferredLanguage, status: userAccounts.status })
      .from(userAccounts)
      .where(eq(userAccounts.loginId, loginId))
      .limit(1);
    if (!user || user.status !== 'active') return;
    const link = await issueLink(tx, user.userAcUuid, 'reset');
    await queueMail(tx, {
      to: user.email,
      template: 'password_reset',
      locale: user.preferredLanguage === 'tc' ? 'tc' : 'en',
      data: { name: user.name, loginId, token: link.token, validFor: { minutes: RESET_MINUTES } },
    });
    await audit({ ...tx, actor: null }, { action: 'password_reset_requested', entity: 'user_account', entityId: user.userAcUuid, after: { expiresAt: link.expiresAt.toISOString() } });
  });
  return { accepted: true };
}
