import { eq, sql } from 'drizzle-orm';
import { effectiveCodes } from '@/lib/permissions/codes';
import { userAccounts } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { identityCacheOf } from './identityCache';
import { AppError } from '@/lib/server/errors';
import type { TokenClaims } from './token';

/** Who is calling, resolved from the token and the database on every request. */
export type Principal = {
  userAcUuid: string;
  /** The customer (UCP) the user acts for; null until one is selected. Taken from the token, never the body. */
  ucpId: string | null;
  isProviderStaff: boolean;
  /** Function codes for (user, ucpId) through active groups; empty while no customer is selected. */
  codes: ReadonlySet<string>;
  tokenVersion: number;
  tokenExp: number;
};

/**
 * One round trip: the user's token version and status, the link to the token's customer, and the function codes the
 * user holds for that customer. Permissions are read live, so a group change applies on the next call. It runs on
 * every API call, so it is a named prepared statement (built once per database handle, planned once per connection).
 */
// The outer column is written qualified by hand: drizzle renders `${column}` unqualified, which inside a subquery
// would bind to the inner table's column of the same name.
function buildPrincipalQuery(db: Db) {
  const ucp = sql.placeholder('ucp');
  return db
    .select({
      tokenVersion: userAccounts.tokenVersion,
      status: userAccounts.status,
      isProviderStaff: userAccounts.isProviderStaff,
      linkStatus: sql<string | null>`(select c.status from user_customers uc join customers c on c.ucp_id = uc.ucp_id
        where uc.user_ac_uuid = user_accounts.user_ac_uuid and uc.ucp_id = ${ucp})`,
      codes: sql<string[] | null>`(select array_agg(distinct f.fn_code) from user_group_members m
        join user_groups g on g.id = m.group_id and g.status = 'active'
        join user_group_functions f on f.group_id = m.group_id
        where m.user_ac_uuid = user_accounts.user_ac_uuid and m.ucp_id = ${ucp})`,
    })
    .from(userAccounts)
    .where(eq(userAccounts.userAcUuid, sql.placeholder('sub')))
    .prepare('load_principal');
}

const prepared = new WeakMap<Db, ReturnType<typeof buildPrincipalQuery>>();

export async function loadPrincipal(db: Db, claims: TokenClaims & { exp: number }): Promise<Principal> {
  let query = prepared.get(db);
  if (!query) {
    query = buildPrincipalQuery(db);
    prepared.set(db, query);
  }
  const run = query;
  const read = async () => (await run.execute({ sub: claims.sub, ucp: claims.ucp ?? '' }))[0];
  const cache = identityCacheOf(db);
  const row = cache ? await cache.get(claims.sub, claims.ucp ?? '', read) : await read();
  if (!row || row.status !== 'active' || row.tokenVersion !== claims.ver) {
    throw new AppError('TOKEN_EXPIRED', { message: row ? 'token revoked or user not active' : 'user not found' });
  }
  if (claims.ucp !== null && row.linkStatus !== 'active') {
    // The token names a customer the user is no longer linked to (or that was deactivated).
    throw new AppError('TOKEN_EXPIRED', { message: 'customer link gone' });
  }
  return {
    userAcUuid: claims.sub,
    ucpId: claims.ucp,
    isProviderStaff: row.isProviderStaff,
    codes: new Set(claims.ucp === null ? [] : effectiveCodes(row.codes ?? [], row.isProviderStaff)),
    tokenVersion: row.tokenVersion,
    tokenExp: claims.exp,
  };
}
