import { eq, sql } from 'drizzle-orm';
import { loadPrincipal, type Principal } from '@/lib/server/auth/principal';
import { verifyApiToken } from '@/lib/server/auth/token';
import type { ServerConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/types';
import { userAccounts } from '@/lib/server/db/schema';
import { buildGrant, type SessionGrant } from './grant';

/**
 * The same checks the API makes on every call (signature, expiry, token version, user active, and with
 * `checkCustomer` the link to the token's customer): next-auth's callbacks get exactly the API's answer.
 */
async function principalOf(db: Db, config: ServerConfig, jwtToken: string, checkCustomer: boolean): Promise<Principal> {
  const claims = await verifyApiToken(jwtToken, config.apiTokenSecret);
  return loadPrincipal(db, checkCustomer ? claims : { ...claims, ucp: null });
}

/**
 * Switches the session to another of the user's customers: a fresh token for it, with that customer's function codes.
 * A customer the user is not linked to (or that is inactive, or unknown) is NOT_FOUND, never "exists".
 */
export async function selectCustomer(db: Db, config: ServerConfig, input: { jwtToken: string; ucpId: string }): Promise<SessionGrant> {
  const principal = await principalOf(db, config, input.jwtToken, false);
  return buildGrant(db, config, principal.userAcUuid, { ucpId: input.ucpId });
}

/** The same, for a caller the API router already authenticated. */
export async function selectCustomerFor(db: Db, config: ServerConfig, userAcUuid: string, ucpId: string): Promise<SessionGrant> {
  return buildGrant(db, config, userAcUuid, { ucpId });
}

/** Re-reads codes and preferences for the token's customer and re-signs (next-auth `session.update()`). */
export async function refreshGrant(db: Db, config: ServerConfig, input: { jwtToken: string }): Promise<SessionGrant> {
  const principal = await principalOf(db, config, input.jwtToken, true);
  return buildGrant(db, config, principal.userAcUuid, { ucpId: principal.ucpId });
}

/** Remembers the disclaimer as accepted; the first acceptance time is kept. */
export async function acceptDisclaimer(db: Db, input: { userAcUuid: string }): Promise<void> {
  await db
    .update(userAccounts)
    .set({ disclaimerAcceptedAt: sql`coalesce(${userAccounts.disclaimerAcceptedAt}, now())` })
    .where(eq(userAccounts.userAcUuid, input.userAcUuid));
}

/** Revokes every token issued so far: the API refuses tokens whose version is older than the user's. */
export async function logout(db: Db, input: { userAcUuid: string }): Promise<void> {
  await revokeTokens(db, input.userAcUuid);
}

/** token_version += 1 (also what a password change or an administrator's deactivation must call). */
export async function revokeTokens(db: Db, userAcUuid: string): Promise<void> {
  await db
    .update(userAccounts)
    .set({ tokenVersion: sql`${userAccounts.tokenVersion} + 1` })
    .where(eq(userAccounts.userAcUuid, userAcUuid));
}
