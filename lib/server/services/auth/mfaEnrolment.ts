import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '@/lib/server/db/types';
import { userAccounts } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';
import { ownAccount } from '@/lib/server/services/account/ownAccount';
import { consume, refund } from '@/lib/server/rateLimit';
import { MFA_RULE } from './lockout';
import { claimTimeStep, matchTotp, newTotpSecret, totpUri } from './totp';

import type { MfaEnrolment } from '@/lib/auth/schemas';

export type { MfaEnrolment } from '@/lib/auth/schemas';

async function mfaState(db: Db, userAcUuid: string) {
  return ownAccount(db, userAcUuid, {
    loginId: userAccounts.loginId,
    mfaEnabled: userAccounts.mfaEnabled,
    mfaSecret: userAccounts.mfaSecret,
    mfaPendingSecret: userAccounts.mfaPendingSecret,
    mfaLastTimeStep: userAccounts.mfaLastTimeStep,
    mfaRequired: userAccounts.mfaRequired,
  });
}

/** A wrong code costs one of MFA_RULE's points; a right one gives it back. */
async function checkCode(db: Db, userAcUuid: string, secret: string, code: string, lastStep: number | null): Promise<number> {
  const hit = await consume(db, MFA_RULE, userAcUuid);
  if (!hit.allowed) throw new AppError('TOO_MANY_REQUESTS', { message: 'too many MFA codes tried' });
  const step = await matchTotp(secret, code, lastStep);
  if (step === null) throw new AppError('MFA_INVALID');
  await refund(db, MFA_RULE, userAcUuid);
  return step;
}

/**
 * Step 1: a new secret, kept as pending (MFA is not on yet, so a user who abandons the screen is not locked out of
 * their account by a secret they never saved). Starting again replaces the pending secret.
 */
export async function startMfaEnrolment(db: Db, input: { userAcUuid: string }): Promise<MfaEnrolment> {
  const state = await mfaState(db, input.userAcUuid);
  if (state.mfaEnabled) throw new AppError('CONFLICT', { publicMessage: 'MFA is already on: turn it off first' });
  const secret = newTotpSecret();
  await db
    .update(userAccounts)
    .set({ mfaPendingSecret: secret })
    .where(eq(userAccounts.userAcUuid, input.userAcUuid));
  const otpauthUrl = totpUri(state.loginId, secret);
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { otpauthUrl, qrDataUrl, secret };
}

/** Step 2: a first code from the authenticator proves it holds the pending secret; MFA is then on. */
export async function confirmMfaEnrolment(db: Db, input: { userAcUuid: string; code: string }): Promise<{ mfaEnabled: true }> {
  const state = await mfaState(db, input.userAcUuid);
  if (state.mfaEnabled) throw new AppError('CONFLICT', { publicMessage: 'MFA is already on' });
  if (!state.mfaPendingSecret) throw new AppError('CONFLICT', { publicMessage: 'Start the MFA set-up first' });
  const step = await checkCode(db, input.userAcUuid, state.mfaPendingSecret, input.code, null);
  const rows = await db
    .update(userAccounts)
    .set({
      mfaEnabled: true,
      mfaSecret: state.mfaPendingSecret,
      mfaPendingSecret: null,
      mfaLastTimeStep: step,
    })
    // Only the secret that was checked: a concurrent restart of step 1 must not be enabled unseen.
    .where(and(eq(userAccounts.userAcUuid, input.userAcUuid), eq(userAccounts.mfaPendingSecret, state.mfaPendingSecret)))
    .returning({ id: userAccounts.userAcUuid });
  if (rows.length !== 1) throw new AppError('CONFLICT', { publicMessage: 'The MFA set-up changed meanwhile: start again' });
  return { mfaEnabled: true };
}

/** Turns MFA off; needs a valid current code (a stolen session alone cannot remove the second factor). */
export async function disableMfa(db: Db, input: { userAcUuid: string; code: string }): Promise<{ mfaEnabled: false }> {
  const state = await mfaState(db, input.userAcUuid);
  if (!state.mfaEnabled || !state.mfaSecret) throw new AppError('CONFLICT', { publicMessage: 'MFA is not on' });
  // "Force MFA" (staff): the user may not turn it off; staff reset it instead (docs/user-accounts.md).
  if (state.mfaRequired) throw new AppError('CONFLICT', { message: 'MFA is forced for this account', publicMessage: 'Your administrator requires two-step verification' });
  const step = await checkCode(db, input.userAcUuid, state.mfaSecret, input.code, state.mfaLastTimeStep ?? null);
  if (!(await claimTimeStep(db, input.userAcUuid, step))) throw new AppError('MFA_INVALID');
  await db
    .update(userAccounts)
    .set({ mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, mfaLastTimeStep: null })
    .where(eq(userAccounts.userAcUuid, input.userAcUuid));
  return { mfaEnabled: false };
}
