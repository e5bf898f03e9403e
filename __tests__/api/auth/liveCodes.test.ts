/**
 * checkTokenExpiration answers the codes the API grants the token now: the browser compares them with the session's
 * list and refreshes the session when they differ, so the menu follows a group change without a new sign-in.
 */
import { checkTokenContract, loginContract } from '@/lib/auth/contract';
import { addGroupMember, createGroup } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { useTestServer } from '../helpers/testServer';
import { PASSWORD, fromIp, newIp, signInUser, startAuthServer } from './authTestKit';

jest.setTimeout(30_000);

describeEachDb('live function codes for the browser session', (getHandle) => {
  const server = useTestServer(getHandle, { start: startAuthServer });
  const db = () => getHandle().db;
  afterAll(async () => {
  });

  it('answers the same codes as the sign-in grant, and a group given later with the same token', async () => {
    const { user, customer } = await signInUser(db(), ['home', 'mgt_bills_read']);
    const signIn = await server.post(loginContract.endpoints.authenticate.path, { loginId: user.loginId, password: PASSWORD }, fromIp(newIp()));
    expect(signIn.status).toBe(200);
    const grant = signIn.body.data as { jwtToken: string; functionList: { fnCode: string }[] };
    const check = async () => (await server.post(checkTokenContract.endpoints.checkTokenExpiration.path, {}, { token: grant.jwtToken })).body.data.functionCodes as string[];
    expect(await check()).toEqual(grant.functionList.map((f) => f.fnCode).sort());

    const group = await createGroup(db(), ['mgt_order_read']);
    await addGroupMember(db(), group, user, customer);
    const after = await check();
    expect(after).toContain('mgt_order_read');
    // The refreshed grant (what the session update reads) agrees with it.
    const select = await server.post(loginContract.endpoints.selectCustomer.path, { ucpId: customer.ucpId }, { token: grant.jwtToken });
    expect((select.body.data.functionList as { fnCode: string }[]).map((f) => f.fnCode).sort()).toEqual(after);
  });
});
