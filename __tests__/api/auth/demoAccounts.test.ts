import { createGuardrails, generate } from 'otplib';
import { seedDemo } from '@/lib/server/db/seed';
import { DEMO_MFA_SECRET, DEMO_PASSWORD, DEMO_UCP, PROVIDER_UCP_ID } from '@/lib/server/db/seedData';
import { authenticate } from '@/lib/server/services/auth';
import { describeEachDb } from '../helpers/testDb';
import { testConfig } from '../helpers/testServer';
import { newIp } from './authTestKit';

jest.setTimeout(60_000);

/** The next-auth provider calls `authenticate` directly: check it against the real demo data set. */
describeEachDb('demo accounts sign in as README / DESIGN.md describe', (getHandle) => {
  const config = testConfig();
  const signIn = (loginId: string, totp?: string) =>
    authenticate(getHandle().db, config, { loginId, password: DEMO_PASSWORD, totp, clientIp: newIp() });

  beforeAll(async () => {
    await seedDemo(getHandle().db);
  });

  it('customer@demo.hk: one customer, selected automatically', async () => {
    const grant = await signIn('customer@demo.hk');
    expect(grant).toMatchObject({ ucpId: DEMO_UCP.harbourView, customerCount: 1, isProviderStaff: false });
    expect(grant.functionList.map((f) => f.fnCode)).toContain('home');
  });

  it('multi@demo.hk: two customers, none selected (select-ucp)', async () => {
    expect(await signIn('multi@demo.hk')).toMatchObject({ ucpId: null, customerCount: 2, functionList: [] });
  });

  it('viewer@demo.hk: disclaimer pending, its font size', async () => {
    expect(await signIn('viewer@demo.hk')).toMatchObject({ needsDisclaimer: true, fontSize: 'L' });
  });

  it('mfa@demo.hk: a code from the published secret', async () => {
    await expect(signIn('mfa@demo.hk')).rejects.toMatchObject({ code: 'MFA_REQUIRED' });
    const code = await generate({ secret: DEMO_MFA_SECRET, guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) });
    expect(await signIn('mfa@demo.hk', code)).toMatchObject({ mfaEnabled: true, ucpId: DEMO_UCP.sunrise });
  });

  it.each(['admin@demo.hk', 'staff@demo.hk'])('%s: provider staff, acting for the provider party', async (loginId) => {
    expect(await signIn(loginId)).toMatchObject({ isProviderStaff: true, ucpId: PROVIDER_UCP_ID, customerCount: 1 });
  });

  it('staff@demo.hk holds only the bill-address approval codes', async () => {
    const grant = await signIn('STAFF@demo.hk');
    expect(grant.functionList.map((f) => f.fnCode).sort()).toEqual(['apv_chg_bill_addr_read', 'apv_chg_bill_addr_write']);
  });
});
