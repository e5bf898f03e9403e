import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { createGuardrails, generateSecret, generateURI, verify } from 'otplib';
import { plainTotpCode } from '@/lib/auth/totpCode';
import { BRAND_NAME_EN } from '@/lib/brand';
import type { Db } from '@/lib/server/db/types';
import { userAccounts } from '@/lib/server/db/schema';

/**
 * Shown by authenticator apps above the code, and the label's prefix (`issuer:loginId`): the product's brand name, so
 * the entry matches the portal the sign-in hint points to (QA: it said "Print Services Portal").
 */
export const TOTP_ISSUER = BRAND_NAME_EN;

/** ±1 time step (30 s) for clock drift between the phone and the server. */
const EPOCH_TOLERANCE_SECONDS = 30;

/**
 * otplib refuses secrets under 16 bytes by default; secrets we generate are 20 bytes, but the documented demo
 * account uses the well-known 10-byte `JBSWY3DPEHPK3PXP` (DESIGN.md), so stored secrets down to 10 bytes verify.
 */
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

const CODE = /^\d{6}$/;

/** The time step the code belongs to when it is valid for `secret`, else null. Never throws. */
export async function matchTotp(secret: string, typed: string | undefined, afterTimeStep: number | null): Promise<number | null> {
  // Full-width digits and the space authenticator apps show are the same code (the sign-in form sends it as typed).
  const code = typed === undefined ? '' : plainTotpCode(typed);
  if (!CODE.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      guardrails,
      ...(afterTimeStep !== null ? { afterTimeStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/**
 * Records `timeStep` as used, atomically: only when it is later than the last one accepted. A code seen once (over
 * a shoulder, in a proxy log) cannot be replayed, even by two concurrent requests on two instances.
 */
export async function claimTimeStep(db: Db, userAcUuid: string, timeStep: number): Promise<boolean> {
  const rows = await db
    .update(userAccounts)
    .set({ mfaLastTimeStep: timeStep })
    .where(
      and(
        eq(userAccounts.userAcUuid, userAcUuid),
        or(isNull(userAccounts.mfaLastTimeStep), lt(userAccounts.mfaLastTimeStep, timeStep)),
      ),
    )
    .returning({ id: userAccounts.userAcUuid });
  return rows.length === 1;
}

export const newTotpSecret = (): string => generateSecret({ length: 20 });

export const totpUri = (loginId: string, secret: string): string => generateURI({ issuer: TOTP_ISSUER, label: loginId, secret });
