/**
 * Generated from the route table: every endpoint refuses the callers it must refuse. Adding an endpoint adds its
 * rows here automatically.
 */
import { FUNCTION_CODES, type FunctionCode } from '@/lib/permissions/codes';
import { apiRoutes } from '@/lib/server/api/routes';
import { addGroupMember, createCustomer, createGroup, createUser, linkUserToCustomer, tokenFor } from './helpers/fixtures';
import { describeEachDb } from './helpers/testDb';
import { useTestServer } from './helpers/testServer';

const entries = Object.entries(apiRoutes);
const guarded = entries.filter(([, r]) => r.permission !== 'public');
const byCodes = entries.filter((e): e is [string, (typeof e)[1] & { permission: { anyOf: readonly FunctionCode[] } }] => typeof e[1].permission === 'object');

/** A code the endpoint does not accept (and that is not `all`). */
const otherCode = (anyOf: readonly FunctionCode[]): FunctionCode => FUNCTION_CODES.find((c) => c !== 'all' && !anyOf.includes(c))!;

describeEachDb('authorization matrix', (getHandle) => {
  const server = useTestServer(getHandle);
  let noCustomerToken: string;
  const tokensByCode = new Map<string, string>();
  let allToken: string;

  beforeAll(async () => {
    const db = getHandle().db;
    const customer = await createCustomer(db);
    const tokenWith = async (codes: FunctionCode[], isProviderStaff = false) => {
      const user = await createUser(db, { isProviderStaff });
      await linkUserToCustomer(db, user, customer);
      const group = await createGroup(db, codes);
      await addGroupMember(db, group, user, customer);
      return tokenFor(user, customer.ucpId);
    };
    for (const [, route] of byCodes) {
      const code = otherCode(route.permission.anyOf);
      if (!tokensByCode.has(code)) tokensByCode.set(code, await tokenWith([code]));
    }
    // `all` counts only for provider staff (lib/permissions/codes.ts effectiveCodes).
    allToken = await tokenWith(['all'], true);
    const lonely = await createUser(db);
    noCustomerToken = await tokenFor(lonely, null);
  });

  it('has endpoints to check (the 403 rows below must never vanish silently)', () => {
    expect(entries.length).toBeGreaterThan(0);
    expect(guarded.length).toBeGreaterThan(0);
    expect(byCodes.length).toBeGreaterThan(0);
  });

  it.each(guarded.map(([path]) => [path]))('%s refuses a caller without a token (401)', async (path) => {
    const res = await server.post(path, {});
    expect(res.status).toBe(401);
    expect(res.body.status).toBe('error');
    expect(['AUTH_REQUIRED', 'TOKEN_EXPIRED']).toContain(res.body.error.code);
  });

  it.each(guarded.map(([path]) => [path]))('%s refuses a garbage token (401)', async (path) => {
    const res = await server.post(path, {}, { token: 'not.a.jwt' });
    expect(res.status).toBe(401);
  });

  if (byCodes.length > 0) {
    it.each(byCodes.map(([path, r]) => [path, otherCode(r.permission.anyOf)]))('%s refuses a user holding only %s (403)', async (path, code) => {
      const res = await server.post(path, {}, { token: tokensByCode.get(code)! });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    });

    it.each(byCodes.map(([path]) => [path]))('%s refuses a user with no customer selected (403)', async (path) => {
      const res = await server.post(path, {}, { token: noCustomerToken });
      expect(res.status).toBe(403);
    });

    it.each(byCodes.map(([path]) => [path]))('%s lets `all` past the permission check', async (path) => {
      const res = await server.post(path, {}, { token: allToken });
      expect([401, 403]).not.toContain(res.status);
    });
  }
});
