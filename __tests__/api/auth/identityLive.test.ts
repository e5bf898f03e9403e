/**
 * Permissions stay live with the per-process identity cache (issue 15): two app instances on the same database, each
 * with its own pool, its own listener and its own cache. A change made through one instance (or by SQL) reaches the
 * other within one second, for every kind of change the identity query reads. Each check first proves the caller's
 * identity is served from the cache, so a pass means the notification did the work, not a cache that was not used.
 */
import { and, eq, sql } from 'drizzle-orm';
import { loginContract } from '@/lib/auth/contract';
import { userGroupsContract } from '@/lib/userGroups/contract';
import { startIdentityCache, type IdentityCache } from '@/lib/server/auth/identityCache';
import { loadPrincipal } from '@/lib/server/auth/principal';
import { openDatabase } from '@/lib/server/db/open';
import { customers, userAccounts, userCustomers, userGroupFunctions, userGroupMembers, userGroups } from '@/lib/server/db/schema';
import type { DbHandle } from '@/lib/server/db/types';
import { createMember, tokenFor, type UserRow, tokenForStaff } from '../helpers/fixtures';
import { until, within1s } from '../helpers/poll';
import { describeEachDb, type TestDb } from '../helpers/testDb';
import { callEndpoint, startTestServer, type TestServer } from '../helpers/testServer';

const { listGroups, removeGroupMember, setGroupStatus } = userGroupsContract.endpoints;

type Instance = { handle: DbHandle; cache: IdentityCache; server: TestServer };

describeEachDb('identity cache: permissions stay live on every instance', (getHandle, kind) => {
  let a: Instance;
  let b: Instance;
  let secondHandle: DbHandle | undefined;

  beforeAll(async () => {
    const first: TestDb = getHandle();
    // PostgreSQL: a second pool and listener on the same database, as a second server would have. PGlite: the one
    // embedded database can only have one process; a second app instance in it has its own handle and cache.
    secondHandle = kind === 'postgres' ? await openDatabase({ url: first.url, poolMax: 4 }) : await openDatabase({ pglite: first.pglite });
    const start = async (handle: DbHandle): Promise<Instance> => {
      const cache = await startIdentityCache(handle);
      return { handle, cache, server: await startTestServer(handle) };
    };
    a = await start(first);
    b = await start(secondHandle);
    expect(a.cache.enabled && b.cache.enabled).toBe(true);
  });
  afterAll(async () => {
    for (const i of [a, b]) {
      await i?.server.close();
      await i?.cache.close();
    }
    // The PGlite instance is shared with the first handle, which the block closes.
    if (kind === 'postgres') await secondHandle?.close();
  });

  /**
   * Calls B until an answer comes from B's cache (no database read). The fixtures' own writes notify too, and on
   * PostgreSQL those notifications arrive a few milliseconds later, emptying the cache once more.
   */
  async function warm(check: () => Promise<void>): Promise<void> {
    await check();
    await within1s(async () => {
      const { hits, reads } = b.cache.stats;
      await check();
      expect(b.cache.stats.hits).toBe(hits + 1);
      expect(b.cache.stats.reads).toBe(reads);
    });
  }

  it('a group change, a group disabled and a logout made through instance A apply on instance B within one second', async () => {
    const adminToken = await tokenForStaff(a.handle.db, ['user_group_main_read', 'user_group_main_write']);
    const target = await createMember(a.handle.db, ['user_group_main_read'], { user: { isProviderStaff: true } });
    const token = await tokenFor(target.user, target.customer.ucpId);
    const list = () => callEndpoint(b.server, listGroups, { page: 1, pageSize: 10 }, { token });
    const status = async (expected: number) => expect((await list()).status).toBe(expected);

    await warm(() => status(200));
    // Group change: disabling the target's group on A takes its code away on B.
    const off = await callEndpoint(a.server, setGroupStatus, { id: target.group.id, status: 'inactive' }, { token: adminToken });
    expect(off.status).toBe(200);
    await within1s(() => status(403));
    const on = await callEndpoint(a.server, setGroupStatus, { id: target.group.id, status: 'active' }, { token: adminToken });
    expect(on.status).toBe(200);
    await within1s(() => status(200));

    // Membership taken away on A.
    await warm(() => status(200));
    const removed = await callEndpoint(
      a.server,
      removeGroupMember,
      { id: target.group.id, userId: target.user.userAcUuid, ucpId: target.customer.ucpId },
      { token: adminToken },
    );
    expect(removed.status).toBe(200);
    await within1s(() => status(403));

    // Logout on A revokes the token on B.
    const adminList = () => callEndpoint(b.server, listGroups, { page: 1, pageSize: 10 }, { token: adminToken });
    await warm(async () => expect((await adminList()).status).toBe(200));
    const out = await callEndpoint(a.server, loginContract.endpoints.logout, {}, { token: adminToken });
    expect(out.status).toBe(200);
    await within1s(async () => {
      const res = await adminList();
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: { code: 'TOKEN_EXPIRED' } });
    });
  });

  type Member = Awaited<ReturnType<typeof createMember>>;
  const claimsOf = (m: Member, user: UserRow = m.user) => ({ sub: user.userAcUuid, ucp: m.customer.ucpId, ver: user.tokenVersion, exp: 0 });
  const revoked = (m: Member) => expect(loadPrincipal(b.handle.db, claimsOf(m))).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  const codesOn = async (m: Member) => [...(await loadPrincipal(b.handle.db, claimsOf(m))).codes].sort();

  // Each change is written by SQL through A's pool: the triggers notify whoever made it (a service, a script, psql).
  const cases: { name: string; change: (m: Member) => Promise<unknown>; after: (m: Member) => Promise<void> }[] = [
    {
      name: 'a function code taken from the group',
      change: (m) => a.handle.db.delete(userGroupFunctions).where(and(eq(userGroupFunctions.groupId, m.group.id), eq(userGroupFunctions.fnCode, 'mgt_bills_read'))),
      after: async (m) => expect(await codesOn(m)).toEqual(['home']),
    },
    {
      name: 'a function code added to the group',
      change: (m) => a.handle.db.insert(userGroupFunctions).values({ groupId: m.group.id, fnCode: 'mgt_orders_read' }),
      after: async (m) => expect(await codesOn(m)).toEqual(['home', 'mgt_bills_read', 'mgt_orders_read']),
    },
    {
      name: 'the group disabled',
      change: (m) => a.handle.db.update(userGroups).set({ status: 'inactive' }).where(eq(userGroups.id, m.group.id)),
      after: async (m) => expect(await codesOn(m)).toEqual([]),
    },
    {
      name: 'the membership removed',
      change: (m) => a.handle.db.delete(userGroupMembers).where(eq(userGroupMembers.userAcUuid, m.user.userAcUuid)),
      after: async (m) => expect(await codesOn(m)).toEqual([]),
    },
    {
      name: 'a membership added',
      change: async (m) => {
        const [g] = await a.handle.db.insert(userGroups).values({ code: `LIVE_${m.group.id.slice(0, 8)}`, nameEn: 'Live', nameZh: '即時' }).returning();
        await a.handle.db.insert(userGroupFunctions).values({ groupId: g!.id, fnCode: 'mgt_orders_read' });
        await a.handle.db.insert(userGroupMembers).values({ groupId: g!.id, userAcUuid: m.user.userAcUuid, ucpId: m.customer.ucpId });
      },
      after: async (m) => expect(await codesOn(m)).toEqual(['home', 'mgt_bills_read', 'mgt_orders_read']),
    },
    {
      name: 'the user deactivated',
      change: (m) => a.handle.db.update(userAccounts).set({ status: 'inactive' }).where(eq(userAccounts.userAcUuid, m.user.userAcUuid)),
      after: revoked,
    },
    {
      name: 'the token version moved on (logout, password change)',
      change: (m) => a.handle.db.update(userAccounts).set({ tokenVersion: sql`${userAccounts.tokenVersion} + 1` }).where(eq(userAccounts.userAcUuid, m.user.userAcUuid)),
      after: revoked,
    },
    {
      name: 'the user made provider staff (staff-only codes count)',
      change: async (m) => {
        await a.handle.db.insert(userGroupFunctions).values({ groupId: m.group.id, fnCode: 'user_group_main_read' });
        // The code insert alone notifies too: wait for it, so the next assertion is about the staff flag.
        await within1s(async () => expect(await codesOn(m)).toEqual(['home', 'mgt_bills_read']));
        await warm(async () => expect(await codesOn(m)).toEqual(['home', 'mgt_bills_read']));
        await a.handle.db.update(userAccounts).set({ isProviderStaff: true }).where(eq(userAccounts.userAcUuid, m.user.userAcUuid));
      },
      after: async (m) => expect(await codesOn(m)).toEqual(['home', 'mgt_bills_read', 'user_group_main_read']),
    },
    {
      name: 'the link to the customer removed',
      change: (m) => a.handle.db.delete(userCustomers).where(eq(userCustomers.userAcUuid, m.user.userAcUuid)),
      after: revoked,
    },
    {
      name: 'the customer deactivated',
      change: (m) => a.handle.db.update(customers).set({ status: 'inactive' }).where(eq(customers.ucpId, m.customer.ucpId)),
      after: revoked,
    },
  ];

  it.each(cases)('$name reaches instance B within one second', async ({ change, after }) => {
    const m = await createMember(a.handle.db, ['home', 'mgt_bills_read']);
    await warm(async () => expect(await codesOn(m)).toEqual(['home', 'mgt_bills_read']));
    await change(m);
    await within1s(() => after(m));
  });

  if (kind === 'postgres') {
    it('a lost listener empties the cache and stops using it until it is back; changes made meanwhile are seen', async () => {
      const m = await createMember(a.handle.db, ['home', 'mgt_bills_read']);
      await warm(async () => expect(await codesOn(m)).toEqual(['home', 'mgt_bills_read']));
      expect(b.cache.size).toBeGreaterThan(0);
      // PostgreSQL drops the listening sessions (a restart, a failover, a network cut).
      await a.handle.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'print-portal-listen' and datname = current_database()`,
      );
      await until(() => !b.cache.enabled, 3_000);
      expect(b.cache.size).toBe(0);
      // A change nobody could be told about is still seen: without its listener the cache reads the database.
      await a.handle.db.update(userGroups).set({ status: 'inactive' }).where(eq(userGroups.id, m.group.id));
      expect(await codesOn(m)).toEqual([]);
      // It reconnects by itself, and is then kept live again.
      await until(() => b.cache.enabled, 5_000);
      await warm(async () => expect(await codesOn(m)).toEqual([]));
      await a.handle.db.update(userGroups).set({ status: 'active' }).where(eq(userGroups.id, m.group.id));
      await within1s(async () => expect(await codesOn(m)).toEqual(['home', 'mgt_bills_read']));
    });
  }
});
