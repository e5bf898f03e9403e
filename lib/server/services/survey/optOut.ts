import { SignJWT, jwtVerify } from 'jose';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/server/db/types';
import { surveyOptOuts } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';
import type { SurveyOptOutState } from '@/lib/survey/contract';

/**
 * Satisfaction-survey opt-out links. A survey e-mail carries `/survey/optput?token=<jwt>`; the token is signed with the
 * API token secret under its own audience (so it can never pass as an API token, nor an API token as this), names the
 * recipient's e-mail and customer, and lives a year. Opting out needs no account: the link is the proof.
 */
const AUDIENCE = 'print-portal-survey-optout';
const ISSUER = 'print-portal';
const LIFETIME = '365d';

const claimsSchema = z.object({ email: z.email().max(254), ucp: z.string().max(64).nullable() });

const keys = new Map<string, Uint8Array>();
const key = (secret: string): Uint8Array => {
  let k = keys.get(secret);
  if (!k) {
    k = new TextEncoder().encode(secret);
    keys.set(secret, k);
  }
  return k;
};

export async function createSurveyOptOutToken(secret: string, email: string, ucpId: string | null): Promise<string> {
  return new SignJWT({ email: email.trim().toLowerCase(), ucp: ucpId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(key(secret));
}

async function readToken(secret: string, token: string): Promise<z.infer<typeof claimsSchema>> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    return claimsSchema.parse(payload);
  } catch {
    // Expired, forged, truncated or another kind of token: one answer for all.
    throw new AppError('SURVEY_LINK_INVALID');
  }
}

/** `jane.doe@example.com` → `j*******@example.com`: the page confirms whose link it is without showing it whole. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(local.length - 1, 3))}@${domain}`;
}

export type OptOutState = SurveyOptOutState;

export async function getSurveyOptOut(db: Db, secret: string, token: string): Promise<OptOutState> {
  const { email } = await readToken(secret, token);
  return stateOf(db, email);
}

/** The stored state for an address whose link was already checked. */
async function stateOf(db: Db, email: string): Promise<OptOutState> {
  const [row] = await db.select({ at: surveyOptOuts.optedOutAt }).from(surveyOptOuts).where(eq(surveyOptOuts.email, email)).limit(1);
  return { email: maskEmail(email), optedOut: Boolean(row), optedOutAt: row ? row.at.toISOString() : null };
}

/** Idempotent: opting out twice keeps the first time. */
export async function optOutOfSurveys(db: Db, secret: string, token: string): Promise<OptOutState> {
  const { email, ucp } = await readToken(secret, token);
  await db.insert(surveyOptOuts).values({ email, ucpId: ucp }).onConflictDoNothing();
  return stateOf(db, email);
}

/** Opting back in from the same link (a mistaken click). */
export async function optBackInToSurveys(db: Db, secret: string, token: string): Promise<OptOutState> {
  const { email } = await readToken(secret, token);
  await db.delete(surveyOptOuts).where(eq(surveyOptOuts.email, email));
  return stateOf(db, email);
}
