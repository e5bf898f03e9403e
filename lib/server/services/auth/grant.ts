import { effectiveCodes } from '@/lib/permissions/codes';
import { and, asc, desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { signApiToken } from '@/lib/server/auth/token';
import type { ServerConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/types';
import { customers, userAccounts, userCustomers, userGroupFunctions, userGroupMembers, userGroups } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';
import type { FontSize, PreferredLanguage, SessionGrant, UserCustomer } from '@/lib/auth/schemas';

export type { FontSize, PreferredLanguage, SessionGrant, UserCustomer } from '@/lib/auth/schemas';


const asFontSize = (v: string): FontSize => (v === 'S' || v === 'L' ? v : 'M');
const asLanguage = (v: string): PreferredLanguage => (v === 'tc' ? 'tc' : 'en');

/**
 * The customers a user may act for: active links to active customers. Provider staff act only for the provider
 * party and customer users only for real customers (docs/auth.md), so a stray link of the other kind grants nothing.
 */
export async function listUserCustomers(db: Db, userAcUuid: string, isProviderStaff: boolean): Promise<UserCustomer[]> {
  return db
    .select({ ucpId: customers.ucpId, nameEn: customers.nameEn, nameZh: customers.nameZh, isProvider: customers.isProvider })
    .from(userCustomers)
    .innerJoin(customers, eq(customers.ucpId, userCustomers.ucpId))
    .where(
      and(
        eq(userCustomers.userAcUuid, userAcUuid),
        eq(customers.status, 'active'),
        eq(customers.isProvider, isProviderStaff),
      ),
    )
    .orderBy(desc(customers.isProvider), asc(customers.nameEn), asc(customers.ucpId));
}

/** Function codes the user holds for one customer, through active groups. */
export async function functionCodesFor(db: Db, userAcUuid: string, ucpId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ fnCode: userGroupFunctions.fnCode })
    .from(userGroupMembers)
    .innerJoin(userGroups, and(eq(userGroups.id, userGroupMembers.groupId), eq(userGroups.status, 'active')))
    .innerJoin(userGroupFunctions, eq(userGroupFunctions.groupId, userGroupMembers.groupId))
    .where(and(eq(userGroupMembers.userAcUuid, userAcUuid), eq(userGroupMembers.ucpId, ucpId)))
    .orderBy(asc(userGroupFunctions.fnCode));
  return rows.map((r) => r.fnCode);
}

/**
 * Which customer the session acts for:
 * - `{ auto: true }`: the only customer when there is exactly one (staff: their provider party), else none;
 * - `{ ucpId }`: that customer, which must be one of the user's own; otherwise NOT_FOUND (never "exists but not
 *   yours").
 */
export type CustomerChoice = { auto: true } | { ucpId: string | null };

/** Reads the user, its customers, codes and preferences, and signs a fresh API token for the chosen customer. */
export async function buildGrant(db: Db, config: ServerConfig, userAcUuid: string, choice: CustomerChoice): Promise<SessionGrant> {
  const [user] = await db
    .select({
      loginId: userAccounts.loginId,
      name: userAccounts.name,
      isProviderStaff: userAccounts.isProviderStaff,
      skipMfa: userAccounts.skipMfa,
      mfaEnabled: userAccounts.mfaEnabled,
      disclaimerAcceptedAt: userAccounts.disclaimerAcceptedAt,
      fontSize: userAccounts.fontSize,
      preferredLanguage: userAccounts.preferredLanguage,
      tokenVersion: userAccounts.tokenVersion,
      status: userAccounts.status,
    })
    .from(userAccounts)
    .where(eq(userAccounts.userAcUuid, userAcUuid))
    .limit(1);
  if (!user || user.status !== 'active') throw new AppError('TOKEN_EXPIRED', { message: 'user gone or not active' });

  const linked = await listUserCustomers(db, userAcUuid, user.isProviderStaff);
  let ucpId: string | null;
  if ('auto' in choice) {
    ucpId = linked.length === 1 ? linked[0]!.ucpId : null;
  } else {
    ucpId = choice.ucpId;
    if (ucpId !== null && !linked.some((c) => c.ucpId === ucpId)) {
      throw new AppError('NOT_FOUND', { message: 'customer not linked to the user (or inactive)', publicMessage: 'Customer not found' });
    }
  }
  const codes = ucpId === null ? [] : effectiveCodes(await functionCodesFor(db, userAcUuid, ucpId), user.isProviderStaff);
  const jwtToken = await signApiToken({ sub: userAcUuid, ucp: ucpId, ver: user.tokenVersion }, config.apiTokenSecret, config.apiTokenTtlSeconds);
  const { exp } = decodeJwt(jwtToken);

  return {
    userAcUuid,
    loginId: user.loginId,
    name: user.name,
    isProviderStaff: user.isProviderStaff,
    skipMfa: user.skipMfa,
    mfaEnabled: user.mfaEnabled,
    needsDisclaimer: user.disclaimerAcceptedAt === null,
    ucpId,
    customerCount: linked.length,
    jwtToken,
    tokenExp: exp ?? Math.floor(Date.now() / 1000) + config.apiTokenTtlSeconds,
    functionList: codes.map((fnCode) => ({ fnCode })),
    fontSize: asFontSize(user.fontSize),
    preferredLanguage: asLanguage(user.preferredLanguage),
  };
}
