import { eq, sql } from 'drizzle-orm';
import { IdentityCache, startIdentityCache, type IdentityRow } from '@/lib/server/auth/identityCache';
import { loadPrincipal } from '@/lib/server/auth/principal';
import { openDatabase } from '@/lib/server/db/open';
import { userAccounts, userGroupMembers } from '@/lib/server/db/schema';
import { seedDemo } from '@/lib/server/db/seed';
import { PROVIDER_UCP_ID, SEED_USERS } from '@/lib/server/db/seedData';
import type { DbHandle } from '@/lib/server/db/types';
import { within1s } from '../helpers/poll';
import { describeEachDb } from '../helpers/testDb';

const staff = SEED_USERS.find((u) => u.loginId === 'staff@demo.hk')!;
const claims = { sub: staff.userAcUuid, ucp: PROVIDER_UCP_ID, ver: 0, exp: 0 };

describe('IdentityCache', () => {
  const row: IdentityRow = { tokenVersion: 0, status: 'active', isProviderStaff: true, linkStatus: 'active', codes: ['home'] };

  it('is a pass-through until its listener is confirmed, and after the listener is lost', async () => {
    let state: (listening: boolean) => void = () => undefined;
    const handle = { listen: async (_c: string, _m: unknown, onState: (l: boolean) => void) => ((state = onState), async () => undefined) };
    const cache = new IdentityCache();
    await cache.start(handle as unknown as DbHandle);
    const read = jest.fn(async () => row);
    await cache.get('u1', 'c1', read);
    await cache.get('u1', 'c1', read);
    expect(read).toHaveBeenCalledTimes(2);
    state(true);
    await cache.get('u1', 'c1', read);
    await cache.get('u1', 'c1', read);
    expect(read).toHaveBeenCalledTimes(3);
    state(false);
    await cache.get('u1', 'c1', read);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('never stores a read that an invalidation overtook', async () => {
    let message: (payload: string) => void = () => undefined;
    const handle = {
      listen: async (_c: string, onMessage: (p: string) => void, onState: (l: boolean) => void) => {
        message = onMessage;
        onState(true);
        return async () => undefined;
      },
    };
    const cache = new IdentityCache();
    await cache.start(handle as unknown as DbHandle);
    const stale = cache.get('u1', 'c1', async () => {
      message('u1'); // the user changed while the query was running
      return row;
    });
    await stale;
    const read = jest.fn(async () => ({ ...row, tokenVersion: 1 }));
    expect((await cache.get('u1', 'c1', read))?.tokenVersion).toBe(1);
    expect(read).toHaveBeenCalledTimes(1);
    message('u2'); // another user: u1 stays cached
    await cache.get('u1', 'c1', read);
    expect(read).toHaveBeenCalledTimes(1);
    message('*');
    await cache.get('u1', 'c1', read);
    expect(read).toHaveBeenCalledTimes(2);
  });
});

describeEachDb('identity cache with LISTEN/NOTIFY', (getHandle, kind) => {
  let other: DbHandle | undefined;

  beforeAll(async () => {
    await seedDemo(getHandle().db);
  });
  afterAll(async () => {
    await other?.close();
  });

  it('applies a group change, a logout and a re-enable made elsewhere within one second', async () => {
    const handle = getHandle();
    // Two instances on PostgreSQL (a second pool on the same database); on PGlite the one process is both.
    other = kind === 'postgres' ? await openDatabase({ url: handle.url, poolMax: 2 }) : undefined;
    const writer = other?.db ?? handle.db;
    const cache = await startIdentityCache(handle);
    try {
      expect(cache.enabled).toBe(true);
      expect([...(await loadPrincipal(handle.db, claims)).codes].sort()).toEqual(['apv_chg_bill_addr_read', 'apv_chg_bill_addr_write']);

      // Group change on the other instance: the membership goes.
      const members = await writer.select().from(userGroupMembers).where(eq(userGroupMembers.userAcUuid, staff.userAcUuid));
      await writer.delete(userGroupMembers).where(eq(userGroupMembers.userAcUuid, staff.userAcUuid));
      await within1s(async () => expect([...(await loadPrincipal(handle.db, claims)).codes]).toEqual([]));
      await writer.insert(userGroupMembers).values(members);
      await within1s(async () => expect((await loadPrincipal(handle.db, claims)).codes.size).toBe(2));

      // Logout / password change elsewhere: the token version moves on, the old token is refused.
      await writer.update(userAccounts).set({ tokenVersion: sql`${userAccounts.tokenVersion} + 1` }).where(eq(userAccounts.userAcUuid, staff.userAcUuid));
      await within1s(async () => expect(loadPrincipal(handle.db, claims)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' }));
    } finally {
      await cache.close();
    }
  });
});
