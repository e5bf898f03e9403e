import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { signApiToken } from '@/lib/server/auth/token';
import type { FunctionCode } from '@/lib/permissions/codes';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/server/db/types';
import { customers, userAccounts, userCustomers, userGroupFunctions, userGroupMembers, userGroups } from '@/lib/server/db/schema';
import { fakeDateOnly } from '../../unit/testUtils/clock';
import { TEST_SECRETS } from './testServer';

/** Short unique suffix: tests in one file share a database, so every row gets its own keys. */
export const uniq = (): string => randomBytes(4).toString('hex');

/** Inserts one row and returns it as stored (the shared body of the factories below and in the other fixture modules). */
export async function insertRow<T extends PgTable>(db: Db, table: T, values: T['$inferInsert']): Promise<T['$inferSelect']> {
  const rows = (await db.insert(table).values(values).returning()) as T['$inferSelect'][];
  return rows[0]!;
}

export type CustomerRow = typeof customers.$inferSelect;
export type UserRow = typeof userAccounts.$inferSelect;
export type GroupRow = typeof userGroups.$inferSelect;

export async function createCustomer(db: Db, overrides: Partial<typeof customers.$inferInsert> = {}): Promise<CustomerRow> {
  const id = uniq();
  return insertRow(db, customers, { ucpId: `UCP-${id}`, nameEn: `Customer ${id}`, nameZh: `客戶 ${id}`, ...overrides });
}

/** An active user (no password: these tests authenticate with tokens only). */
export async function createUser(db: Db, overrides: Partial<typeof userAccounts.$inferInsert> = {}): Promise<UserRow> {
  const id = uniq();
  return insertRow(db, userAccounts, { loginId: `user-${id}`, email: `user-${id}@example.test`, name: `User ${id}`, status: 'active', ...overrides });
}

export async function linkUserToCustomer(db: Db, user: Pick<UserRow, 'userAcUuid'>, customer: Pick<CustomerRow, 'ucpId'>): Promise<void> {
  await db.insert(userCustomers).values({ userAcUuid: user.userAcUuid, ucpId: customer.ucpId });
}

/** A group holding `codes`; pass `members` to add (user, customer) memberships (the link must exist). */
export async function createGroup(
  db: Db,
  codes: readonly FunctionCode[],
  opts: {
    overrides?: Partial<typeof userGroups.$inferInsert>;
    members?: { user: Pick<UserRow, 'userAcUuid'>; customer: Pick<CustomerRow, 'ucpId'> }[];
  } = {},
): Promise<GroupRow> {
  const id = uniq();
  const [group] = await db
    .insert(userGroups)
    .values({ code: `GRP_${id}`, nameEn: `Group ${id}`, nameZh: `群組 ${id}`, ...opts.overrides })
    .returning();
  if (codes.length) await db.insert(userGroupFunctions).values(codes.map((fnCode) => ({ groupId: group!.id, fnCode })));
  for (const m of opts.members ?? []) await addGroupMember(db, group!, m.user, m.customer);
  return group!;
}

export async function addGroupMember(
  db: Db,
  group: Pick<GroupRow, 'id'>,
  user: Pick<UserRow, 'userAcUuid'>,
  customer: Pick<CustomerRow, 'ucpId'>,
): Promise<void> {
  await db.insert(userGroupMembers).values({ groupId: group.id, userAcUuid: user.userAcUuid, ucpId: customer.ucpId });
}

/**
 * A user linked to a new customer and holding `codes` for it through a new group: the usual caller of an endpoint.
 */
export async function createMember(
  db: Db,
  codes: readonly FunctionCode[] = [],
  overrides: { user?: Partial<typeof userAccounts.$inferInsert>; customer?: Partial<typeof customers.$inferInsert> } = {},
): Promise<{ user: UserRow; customer: CustomerRow; group: GroupRow }> {
  const customer = await createCustomer(db, overrides.customer);
  const user = await createUser(db, overrides.user);
  await linkUserToCustomer(db, user, customer);
  const group = await createGroup(db, codes, { members: [{ user, customer }] });
  return { user, customer, group };
}

export type TokenOptions = {
  /** Defaults to the user's current token_version. */
  ver?: number;
  ttlSeconds?: number;
  secret?: string;
};

/** A signed API token as the session would carry it (ucpId null = no customer selected yet). */
export function tokenFor(
  user: Pick<UserRow, 'userAcUuid' | 'tokenVersion'>,
  ucpId: string | null,
  opts: TokenOptions = {},
): Promise<string> {
  return signApiToken(
    { sub: user.userAcUuid, ucp: ucpId, ver: opts.ver ?? user.tokenVersion },
    opts.secret ?? TEST_SECRETS.API_TOKEN_SECRET,
    opts.ttlSeconds ?? 3_600,
  );
}

/** `createMember` plus a token for its customer: the usual caller of a code-gated endpoint, ready to call. */
export async function memberWithToken(
  db: Db,
  codes: readonly FunctionCode[] = [],
  overrides: Parameters<typeof createMember>[2] = {},
): Promise<Awaited<ReturnType<typeof createMember>> & { token: string }> {
  const m = await createMember(db, codes, overrides);
  return { ...m, token: await tokenFor(m.user, m.customer.ucpId) };
}

/** `memberWithToken` for a provider-staff user: the usual caller of an admin endpoint. */
export function staffWithToken(db: Db, codes: readonly FunctionCode[] = []): ReturnType<typeof memberWithToken> {
  return memberWithToken(db, codes, { user: { isProviderStaff: true } });
}

/** Only the token of a new `staffWithToken`. */
export async function tokenForStaff(db: Db, codes: readonly FunctionCode[] = []): Promise<string> {
  return (await staffWithToken(db, codes)).token;
}

/**
 * Tokens of new provider-staff users for a describe block, one per name, made in a beforeAll (read them inside tests
 * and hooks): `const tokens = useStaffTokens(db, { writer: ['offer_write'], reader: ['offer_read'] });` then `tokens.writer`.
 */
export function useStaffTokens<K extends string>(db: () => Db, codesByName: Record<K, readonly FunctionCode[]>): Record<K, string> {
  const tokens = {} as Record<K, string>;
  beforeAll(async () => {
    for (const [name, codes] of Object.entries(codesByName) as [K, readonly FunctionCode[]][]) tokens[name] = await tokenForStaff(db(), codes);
  });
  return tokens;
}

/** Server-side logout: bumps token_version so every older token is refused. */
export async function bumpTokenVersion(db: Db, user: Pick<UserRow, 'userAcUuid'>): Promise<void> {
  await db
    .update(userAccounts)
    .set({ tokenVersion: sql`${userAccounts.tokenVersion} + 1` })
    .where(eq(userAccounts.userAcUuid, user.userAcUuid));
}

/**
 * A correctly signed token that expired an hour ago: signed while only `Date` is faked to three hours back (jose
 * reads the clock through `new Date()`), with a one-hour lifetime.
 */
export async function expiredTokenFor(user: Pick<UserRow, 'userAcUuid' | 'tokenVersion'>, ucpId: string | null): Promise<string> {
  fakeDateOnly(Date.now() - 3 * 3_600_000);
  try {
    return await tokenFor(user, ucpId, { ttlSeconds: 3_600 });
  } finally {
    jest.useRealTimers();
  }
}
