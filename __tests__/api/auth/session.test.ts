import { eq } from 'drizzle-orm';
import { apiRoutes } from '@/lib/server/api/routes';
import { userAccounts, userGroupFunctions } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';
import { refreshGrant, revokeTokens, selectCustomer } from '@/lib/server/services/auth';
import { addGroupMember, createCustomer, createGroup, linkUserToCustomer, tokenFor, uniq } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { testConfig, useTestServer } from '../helpers/testServer';
import { GRANT_KEYS, PASSWORD, expectNoSecrets, fromIp, newIp, signInUser, startAuthServer, userRow } from './authTestKit';
import { loginContract } from '@/lib/auth/contract';
import { checkTokenContract } from '@/lib/auth/contract';
import { userContract } from '@/lib/customer/contract';

jest.setTimeout(30_000);

const protectedPaths = Object.entries(apiRoutes)
  .filter(([, route]) => route.permission !== 'public')
  .map(([path]) => path);

describeEachDb('session: tokens, revocation, customer selection', (getHandle) => {
  const server = useTestServer(getHandle, { start: startAuthServer });
  const db = () => getHandle().db;
  const config = testConfig({ TRUST_PROXY: '1' });
  const signIn = async (loginId: string) => {
    const res = await server.post(loginContract.endpoints.authenticate.path, { loginId, password: PASSWORD }, fromIp(newIp()));
    expect(res.status).toBe(200);
    return res.body.data as { jwtToken: string; ucpId: string | null; functionList: { fnCode: string }[]; customerCount: number; userAcUuid: string };
  };

  /** A user linked to two customers with different codes for each. */
  async function multiCustomerUser() {
    const { user, customer: first } = await signInUser(db(), ['home', 'mgt_bills_read']);
    const second = await createCustomer(db());
    await linkUserToCustomer(db(), user, second);
    await createGroup(db(), ['home', 'meter_upload_write'], { members: [{ user, customer: second }] });
    return { user, first, second };
  }

  it('logout revokes the token on every protected endpoint', async () => {
    const { user } = await signInUser(db(), ['home', 'ac_pref_write']);
    const { jwtToken } = await signIn(user.loginId);
    expect((await server.post(checkTokenContract.endpoints.checkTokenExpiration.path, {}, { token: jwtToken })).status).toBe(200);

    const out = await server.post(loginContract.endpoints.logout.path, {}, { token: jwtToken });
    expect(out.status).toBe(200);
    expect((await userRow(db(), user.userAcUuid)).tokenVersion).toBe(user.tokenVersion + 1);

    expect(protectedPaths.length).toBeGreaterThan(10);
    for (const path of protectedPaths) {
      const res = await server.post(path, {}, { token: jwtToken });
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
      expect(res.body.error.code).toBe('TOKEN_EXPIRED');
    }
    // A new sign-in works again.
    const again = await signIn(user.loginId);
    expect((await server.post(checkTokenContract.endpoints.checkTokenExpiration.path, {}, { token: again.jwtToken })).status).toBe(200);
  });

  it('a password change (token version bump) revokes older tokens', async () => {
    const { user } = await signInUser(db());
    const { jwtToken } = await signIn(user.loginId);
    await revokeTokens(db(), user.userAcUuid);
    const res = await server.post(userContract.endpoints.getLastLoginTime.path, {}, { token: jwtToken });
    expect(res.status).toBe(401);
  });

  it('refuses a token signed with another secret, an expired one, and a missing / garbled one', async () => {
    const { user, customer } = await signInUser(db());
    const forged = await tokenFor(user, customer.ucpId, { secret: 'another-secret-0123456789abcdef0123456789' });
    const expired = await tokenFor(user, customer.ucpId, { ttlSeconds: -60 });
    for (const token of [forged, expired, 'garbage.token.here']) {
      const res = await server.post(checkTokenContract.endpoints.checkTokenExpiration.path, {}, { token });
      expect(res.status).toBe(401);
      expect(['AUTH_REQUIRED', 'TOKEN_EXPIRED']).toContain(res.body.error.code);
    }
    const none = await server.post(checkTokenContract.endpoints.checkTokenExpiration.path, {});
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('AUTH_REQUIRED');
  });

  it('checkTokenExpiration answers the expiry of a valid token, also without a customer selected', async () => {
    const { user } = await signInUser(db());
    const token = await tokenFor(user, null, { ttlSeconds: 600 });
    const res = await server.post(checkTokenContract.endpoints.checkTokenExpiration.path, {}, { token });
    expect(res.status).toBe(200);
    const at = Date.parse(res.body.data.expiresAt);
    expect(at - Date.now()).toBeGreaterThan(590_000);
    expect(at - Date.now()).toBeLessThanOrEqual(601_000);
  });

  it('a user with several customers gets none selected, then selects one: token and function list follow', async () => {
    const { user, first, second } = await multiCustomerUser();
    const grant = await signIn(user.loginId);
    expect(grant).toMatchObject({ ucpId: null, customerCount: 2, functionList: [] });

    const list = await server.post(loginContract.endpoints.getUcpList.path, {}, { token: grant.jwtToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { ucpId: string }) => c.ucpId).sort()).toEqual([first.ucpId, second.ucpId].sort());
    for (const c of list.body.data) expect(Object.keys(c).sort()).toEqual(['isProvider', 'nameEn', 'nameZh', 'ucpId']);

    // No customer yet: customer endpoints are refused.
    expect((await server.post(userContract.endpoints.getUcpCustByUcpId.path, {}, { token: grant.jwtToken })).status).toBe(403);

    const toFirst = await server.post(loginContract.endpoints.selectCustomer.path, { ucpId: first.ucpId }, { token: grant.jwtToken });
    expect(toFirst.status).toBe(200);
    expect(Object.keys(toFirst.body.data).sort()).toEqual(GRANT_KEYS);
    expect(toFirst.body.data.ucpId).toBe(first.ucpId);
    expect(toFirst.body.data.functionList).toEqual([{ fnCode: 'home' }, { fnCode: 'mgt_bills_read' }]);

    const toSecond = await selectCustomer(db(), config, { jwtToken: toFirst.body.data.jwtToken, ucpId: second.ucpId });
    expect(toSecond.ucpId).toBe(second.ucpId);
    expect(toSecond.functionList).toEqual([{ fnCode: 'home' }, { fnCode: 'meter_upload_write' }]);
    const cust = await server.post(userContract.endpoints.getUcpCustByUcpId.path, {}, { token: toSecond.jwtToken });
    expect(cust.body.data.ucpId).toBe(second.ucpId);
  });

  it('selecting a customer the user is not linked to is 404, the same as an unknown one, and leaks nothing', async () => {
    const { user } = await multiCustomerUser();
    const stranger = await createCustomer(db(), { nameEn: `Secret Holdings ${uniq()}` });
    const inactive = await createCustomer(db(), { status: 'inactive' });
    await linkUserToCustomer(db(), user, inactive);
    const { jwtToken } = await signIn(user.loginId);

    const bodies: unknown[] = [];
    for (const ucpId of [stranger.ucpId, inactive.ucpId, `UCP-nope-${uniq()}`]) {
      const res = await server.post(loginContract.endpoints.selectCustomer.path, { ucpId }, { token: jwtToken });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      expect(res.text).not.toContain(stranger.nameEn);
      bodies.push(res.body.error);
    }
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[1]).toEqual(bodies[2]);
    await expect(selectCustomer(db(), config, { jwtToken, ucpId: stranger.ucpId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('selectCustomer / refreshGrant refuse a revoked or forged token', async () => {
    const { user, first } = await multiCustomerUser();
    const { jwtToken } = await signIn(user.loginId);
    const forged = await tokenFor(user, null, { secret: 'another-secret-0123456789abcdef0123456789' });
    await expect(selectCustomer(db(), config, { jwtToken: forged, ucpId: first.ucpId })).rejects.toBeInstanceOf(AppError);
    await revokeTokens(db(), user.userAcUuid);
    await expect(selectCustomer(db(), config, { jwtToken, ucpId: first.ucpId })).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    await expect(refreshGrant(db(), config, { jwtToken })).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('refreshGrant re-reads function codes and preferences and re-signs', async () => {
    const { user, customer, group } = await signInUser(db(), ['home']);
    const grant = await signIn(user.loginId);
    expect(grant.functionList).toEqual([{ fnCode: 'home' }]);
    await db().insert(userGroupFunctions).values({ groupId: group.id, fnCode: 'mgt_order_read' });
    await db().update(userAccounts).set({ fontSize: 'L' }).where(eq(userAccounts.userAcUuid, user.userAcUuid));
    const refreshed = await refreshGrant(db(), config, { jwtToken: grant.jwtToken });
    expect(refreshed.ucpId).toBe(customer.ucpId);
    expect(refreshed.functionList).toEqual([{ fnCode: 'home' }, { fnCode: 'mgt_order_read' }]);
    expect(refreshed.fontSize).toBe('L');
    expect(refreshed.jwtToken).not.toBe('');
  });

  it('provider staff act for the provider party: auto-selected, never a customer', async () => {
    const provider = await createCustomer(db(), { isProvider: true, nameEn: 'Provider', nameZh: '供應商' });
    const { user, customer } = await signInUser(db(), ['home'], { user: { isProviderStaff: true } });
    await linkUserToCustomer(db(), user, provider);
    const group = await createGroup(db(), ['apv_chg_bill_addr_read'], { overrides: { groupType: 'provider' } });
    await addGroupMember(db(), group, user, provider);

    const grant = await signIn(user.loginId);
    expect(grant).toMatchObject({ ucpId: provider.ucpId, customerCount: 1, functionList: [{ fnCode: 'apv_chg_bill_addr_read' }] });
    // The stray link to a customer row grants nothing.
    const res = await server.post(loginContract.endpoints.selectCustomer.path, { ucpId: customer.ucpId }, { token: grant.jwtToken });
    expect(res.status).toBe(404);
  });

  it('a customer user is never offered the provider party', async () => {
    const provider = await createCustomer(db(), { isProvider: true });
    const { user, customer } = await signInUser(db());
    await linkUserToCustomer(db(), user, provider);
    const grant = await signIn(user.loginId);
    expect(grant).toMatchObject({ ucpId: customer.ucpId, customerCount: 1 });
  });

  it('acceptDisclaimer is remembered once (the first time is kept)', async () => {
    const { user } = await signInUser(db());
    const grant = await signIn(user.loginId);
    expect((grant as unknown as { needsDisclaimer: boolean }).needsDisclaimer).toBe(true);
    const res = await server.post(loginContract.endpoints.acceptDisclaimer.path, {}, { token: grant.jwtToken });
    expect(res.status).toBe(200);
    const first = (await userRow(db(), user.userAcUuid)).disclaimerAcceptedAt;
    expect(first).toBeInstanceOf(Date);
    await server.post(loginContract.endpoints.acceptDisclaimer.path, {}, { token: grant.jwtToken });
    expect((await userRow(db(), user.userAcUuid)).disclaimerAcceptedAt).toEqual(first);
    expect((await refreshGrant(db(), config, { jwtToken: grant.jwtToken })).needsDisclaimer).toBe(false);
    expect((await signIn(user.loginId) as unknown as { needsDisclaimer: boolean }).needsDisclaimer).toBe(false);
  });

  describe('preferences', () => {
    it('reads and saves font size and language', async () => {
      const { user } = await signInUser(db(), ['home', 'ac_pref_write']);
      const { jwtToken } = await signIn(user.loginId);
      const got = await server.post(loginContract.endpoints.getPreferenceInfo.path, {}, { token: jwtToken });
      expect(got.body.data).toEqual({ fontSize: 'M', preferredLanguage: 'en' });
      const saved = await server.post(loginContract.endpoints.savePreferenceInfo.path, { fontSize: 'L' }, { token: jwtToken });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toEqual({ fontSize: 'L', preferredLanguage: 'en' });
      const both = await server.post(loginContract.endpoints.savePreferenceInfo.path, { fontSize: 'S', preferredLanguage: 'tc' }, { token: jwtToken });
      expect(both.body.data).toEqual({ fontSize: 'S', preferredLanguage: 'tc' });
      expect((await server.post(loginContract.endpoints.getPreferenceInfo.path, {}, { token: jwtToken })).body.data.fontSize).toBe('S');
    });

    it('refuses bad values, empty and unknown fields (400) and callers without ac_pref_write (403)', async () => {
      const { user } = await signInUser(db(), ['home', 'ac_pref_write']);
      const { jwtToken } = await signIn(user.loginId);
      for (const body of [{ fontSize: 'XL' }, {}, { fontSize: 'S', theme: 'dark' }, { preferredLanguage: 'fr' }]) {
        const res = await server.post(loginContract.endpoints.savePreferenceInfo.path, body, { token: jwtToken });
        expect(res.status).toBe(400);
      }
      const { user: viewer } = await signInUser(db(), ['home']);
      const viewerToken = (await signIn(viewer.loginId)).jwtToken;
      expect((await server.post(loginContract.endpoints.savePreferenceInfo.path, { fontSize: 'L' }, { token: viewerToken })).status).toBe(403);
      expect((await userRow(db(), viewer.userAcUuid)).fontSize).toBe('M');
    });
  });

  it('no response of these endpoints carries a password, hash or MFA secret', async () => {
    const { user } = await signInUser(db(), ['home', 'ac_pref_write'], { user: { mfaSecret: 'JBSWY3DPEHPK3PXP', mfaEnabled: false } });
    const { jwtToken } = await signIn(user.loginId);
    for (const path of [loginContract.endpoints.getPreferenceInfo.path, loginContract.endpoints.getUcpList.path, userContract.endpoints.getLastLoginTime.path, userContract.endpoints.getUcpCustByUcpId.path, checkTokenContract.endpoints.checkTokenExpiration.path]) {
      const res = await server.post(path, {}, { token: jwtToken });
      expect(res.status).toBe(200);
      expectNoSecrets(res.text, [PASSWORD, user.passwordHash, 'JBSWY3DPEHPK3PXP', jwtToken]);
    }
  });
});
