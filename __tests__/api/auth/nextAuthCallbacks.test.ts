import { eq } from 'drizzle-orm';
import type { JWT } from 'next-auth/jwt';
import { buildAuthOptions } from '@/lib/server/auth/nextAuthOptions';
import { userAccounts } from '@/lib/server/db/schema';
import { registerDb } from '@/lib/server/db/runtime';
import { registerConfig } from '@/lib/server/runtimeConfig';
import { bumpTokenVersion, memberWithToken } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { testConfig } from '../helpers/testServer';

/**
 * next-auth's jwt callback on `session.update()` (lib/server/auth/nextAuthOptions.ts): the browser's session holds a
 * grant whose API token the server may have revoked meanwhile (logout elsewhere, password change, staff disabling the
 * account). Such a session ends at its next update, and the update writes nothing on the way.
 */
describeEachDb('next-auth session update', (getHandle) => {
  beforeAll(() => {
    registerConfig(testConfig());
    registerDb(getHandle());
  });
  afterAll(() => registerDb(undefined));
  const db = () => getHandle().db;

  const jwtUpdate = (token: JWT, session: Record<string, unknown>) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    buildAuthOptions().callbacks!.jwt!({ token, trigger: 'update', session } as any) as Promise<JWT>;

  const sessionToken = (userAcUuid: string, ucpId: string, jwtToken: string): JWT =>
    ({
      grant: {
        jwtToken,
        functionList: [{ fnCode: 'home' }],
        currentUser: { userAcUuid, ucpId },
        skipmfa: false,
        profile: { loginId: 'x', name: 'x', isProviderStaff: false, needsDisclaimer: true, customerCount: 1, mfaEnabled: false, fontSize: 'M', preferredLanguage: 'en' },
        tokenExp: Math.floor(Date.now() / 1000) + 3_600,
      },
    }) as JWT;

  const acceptedAt = async (userAcUuid: string) =>
    (await db().select({ at: userAccounts.disclaimerAcceptedAt }).from(userAccounts).where(eq(userAccounts.userAcUuid, userAcUuid)))[0]!.at;

  it('accepting the disclaimer records it for a live session', async () => {
    const { user, customer, token } = await memberWithToken(db(), ['home']);
    const next = await jwtUpdate(sessionToken(user.userAcUuid, customer.ucpId, token), { disclaimerAccepted: true });
    expect(next.grant?.profile.needsDisclaimer).toBe(false);
    expect(await acceptedAt(user.userAcUuid)).not.toBeNull();
  });

  it.each([
    ['disabled by staff', async (userAcUuid: string) => void (await db().update(userAccounts).set({ status: 'inactive' }).where(eq(userAccounts.userAcUuid, userAcUuid)))],
    ['signed out everywhere (token revoked)', async (userAcUuid: string) => bumpTokenVersion(db(), { userAcUuid })],
  ])('a session whose user was %s ends at the update and records no disclaimer acceptance', async (_what, revoke) => {
    const { user, customer, token } = await memberWithToken(db(), ['home']);
    await revoke(user.userAcUuid);
    const next = await jwtUpdate(sessionToken(user.userAcUuid, customer.ucpId, token), { disclaimerAccepted: true });
    expect(next.grant).toBeUndefined();
    expect(await acceptedAt(user.userAcUuid)).toBeNull();
  });
});
