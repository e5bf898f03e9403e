import { eq } from 'drizzle-orm';
import { apiRoutes } from '@/lib/server/api/routes';
import { customerNumbers, PRODUCT_LINES, userAccounts } from '@/lib/server/db/schema';
import { createCustomer, tokenFor, uniq } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { useTestServer } from '../helpers/testServer';
import { PASSWORD, expectNoSecrets, fromIp, newIp, signInUser, startAuthServer } from '../auth/authTestKit';
import { loginContract } from '@/lib/auth/contract';
import { userContract } from '@/lib/customer/contract';

jest.setTimeout(30_000);

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

describeEachDb('user endpoints', (getHandle) => {
  const server = useTestServer(getHandle, { start: startAuthServer });
  const db = () => getHandle().db;

  const BILLING_DETAILS = {
    billingAddressEn: '1 Harbour Road, Wan Chai',
    billingAddressZh: '灣仔港灣道1號',
    contactName: 'Ada Chan',
    contactPhone: '+852 2345 6789',
    contactEmail: 'ada@example.test',
    receiveHardcopyBill: true,
  };

  /** A customer with numbers in every product line, and a user holding `codes` for it. */
  async function customerWithNumbers(codes: Parameters<typeof signInUser>[1] = ['home']) {
    const member = await signInUser(db(), codes, {
      customer: { brNo: `BR-${uniq()}`, ...BILLING_DETAILS },
    });
    const numbers = Object.fromEntries(PRODUCT_LINES.map((line) => [line, [`${line[0]!.toUpperCase()}-${uniq()}`, `${line[0]!.toUpperCase()}-${uniq()}`].sort()]));
    for (const line of PRODUCT_LINES) {
      await db().insert(customerNumbers).values(numbers[line]!.map((customerNo) => ({ ucpId: member.customer.ucpId, productLine: line, customerNo })));
    }
    return { ...member, numbers };
  }

  describe('getLastLoginTime', () => {
    it('is null on a first sign-in, then the time of the sign-in before the current one', async () => {
      const { user } = await signInUser(db());
      const signIn = () => server.post(loginContract.endpoints.authenticate.path, { loginId: user.loginId, password: PASSWORD }, fromIp(newIp()));
      const first = (await signIn()).body.data.jwtToken;
      const r1 = await server.post(userContract.endpoints.getLastLoginTime.path, {}, { token: first });
      expect(r1.status).toBe(200);
      expect(r1.body.data).toEqual({ lastLoginTime: null });

      const [row] = await db().select({ lastLoginAt: userAccounts.lastLoginAt }).from(userAccounts).where(eq(userAccounts.userAcUuid, user.userAcUuid));
      const firstAt = row!.lastLoginAt;
      const second = (await signIn()).body.data.jwtToken;
      const r2 = await server.post(userContract.endpoints.getLastLoginTime.path, {}, { token: second });
      expect(r2.body.data).toEqual({ lastLoginTime: firstAt!.toISOString() });
    });

    it('works without a customer selected, refuses without a token', async () => {
      const { user } = await signInUser(db());
      expect((await server.post(userContract.endpoints.getLastLoginTime.path, {}, { token: await tokenFor(user, null) })).status).toBe(200);
      expect((await server.post(userContract.endpoints.getLastLoginTime.path, {})).status).toBe(401);
    });
  });

  describe('getUcpCustByUcpId', () => {
    it("returns the token's customer with its numbers by product line, and only that", async () => {
      const { user, customer, numbers } = await customerWithNumbers();
      const other = await customerWithNumbers();
      const res = await server.post(userContract.endpoints.getUcpCustByUcpId.path, {}, { token: await tokenFor(user, customer.ucpId) });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        ucpId: customer.ucpId,
        nameEn: customer.nameEn,
        nameZh: customer.nameZh,
        brNo: customer.brNo,
        ...BILLING_DETAILS,
        isProvider: false,
        customerNos: numbers,
      });
      expectNoSecrets(res.text, [other.customer.ucpId, other.customer.nameEn, ...Object.values(other.numbers).flat()]);
    });

    it('refuses a ucpId in the body (strict schema, 400) rather than honouring it', async () => {
      const { user, customer } = await customerWithNumbers();
      const other = await createCustomer(db(), { nameEn: `Other ${uniq()}` });
      const res = await server.post(userContract.endpoints.getUcpCustByUcpId.path, { ucpId: other.ucpId }, { token: await tokenFor(user, customer.ucpId) });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.text).not.toContain(other.nameEn);
    });

    it('refuses a token naming a customer the user is not linked to, a missing customer selection and a missing code', async () => {
      const { user } = await customerWithNumbers();
      const other = await createCustomer(db(), { nameEn: `Other ${uniq()}` });
      const forgedUcp = await server.post(userContract.endpoints.getUcpCustByUcpId.path, {}, { token: await tokenFor(user, other.ucpId) });
      expect(forgedUcp.status).toBe(401);
      expect(forgedUcp.text).not.toContain(other.nameEn);
      expect((await server.post(userContract.endpoints.getUcpCustByUcpId.path, {}, { token: await tokenFor(user, null) })).status).toBe(403);

      const { user: noHome, customer } = await signInUser(db(), ['mgt_bills_read']);
      expect((await server.post(userContract.endpoints.getUcpCustByUcpId.path, {}, { token: await tokenFor(noHome, customer.ucpId) })).status).toBe(403);
    });
  });

  describe.each(PRODUCT_LINES)('get%sCustomerNoList', (line) => {
    const path = `/api/user/get${capitalize(line)}CustomerNoList`;

    it('is in the route table', () => {
      expect(apiRoutes[path]).toBeDefined();
    });

    it("returns the token's customer's numbers of that line only", async () => {
      const { user, customer, numbers } = await customerWithNumbers();
      const other = await customerWithNumbers();
      const res = await server.post(path, {}, { token: await tokenFor(user, customer.ucpId) });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ productLine: line, customerNos: numbers[line] });
      expectNoSecrets(res.text, Object.values(other.numbers).flat());
    });

    it('is empty for a customer without numbers; refuses a body, a missing code and no token', async () => {
      const { user, customer } = await signInUser(db(), ['home']);
      const token = await tokenFor(user, customer.ucpId);
      expect((await server.post(path, {}, { token })).body.data).toEqual({ productLine: line, customerNos: [] });
      expect((await server.post(path, { ucpId: customer.ucpId }, { token })).status).toBe(400);
      const { user: noHome, customer: c2 } = await signInUser(db(), ['mgt_bills_read']);
      expect((await server.post(path, {}, { token: await tokenFor(noHome, c2.ucpId) })).status).toBe(403);
      expect((await server.post(path, {})).status).toBe(401);
    });
  });
});
