import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { FunctionCode } from '@/lib/permissions/codes';
import { hashPassword, verifyPassword } from '@/lib/server/auth/password';
import type { Db } from '@/lib/server/db/types';
import { auditLog, userAccounts } from '@/lib/server/db/schema';
import { PASSWORD_CHANGE_RULE } from '@/lib/server/services/account';
import { memberWithToken } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { startTestServer, testConfig, type TestServer } from '../helpers/testServer';
import { accountContract } from '@/lib/account/contract';
import { loginContract } from '@/lib/auth/contract';
import { userContract } from '@/lib/customer/contract';
import { checkTokenContract } from '@/lib/auth/contract';

jest.setTimeout(60_000);

const PROFILE = accountContract.endpoints.getProfile.path;
const CHANGE = accountContract.endpoints.changePassword.path;
const OLD_PASSWORD = 'Old-password-2024';
const NEW_PASSWORD = 'New password 2025 ✓';

/** Hashed once per file: scrypt costs ≈ 0.1 s. */
let oldHash: Promise<string> | undefined;
const oldPasswordHash = () => (oldHash ??= hashPassword(OLD_PASSWORD));

const PROFILE_KEYS = [
  'email',
  'fontSize',
  'isProviderStaff',
  'lastLoginTime',
  'loginId',
  'mfaEnabled',
  'mfaRequired',
  'name',
  'passwordChangedAt',
  'preferredLanguage',
  'skipMfa',
].sort();

async function userRow(db: Db, userAcUuid: string) {
  const [row] = await db.select().from(userAccounts).where(eq(userAccounts.userAcUuid, userAcUuid));
  return row!;
}

describeEachDb('account API', (getHandle) => {
  let server: TestServer;
  beforeAll(async () => {
    // TRUST_PROXY so each sign-in below can come from its own address (sign-in throttling is per address).
    server = await startTestServer(getHandle(), { config: testConfig({ TRUST_PROXY: '1' }) });
  });
  afterAll(async () => {
    await server?.close();
  });
  const db = () => getHandle().db;

  /** A user with OLD_PASSWORD, linked to a new customer with `codes`, and a token for that customer. */
  async function member(codes: readonly FunctionCode[] = ['ac_pref_read', 'ac_pref_write', 'home'], user: Partial<typeof userAccounts.$inferInsert> = {}) {
    const suffix = randomBytes(4).toString('hex');
    return memberWithToken(db(), codes, { user: { loginId: `acct-${suffix}@example.test`, passwordHash: await oldPasswordHash(), ...user } });
  }

  const signIn = (loginId: string, password: string) =>
    server.post(loginContract.endpoints.authenticate.path, { loginId, password }, { headers: { 'X-Forwarded-For': `10.${[...randomBytes(3)].join('.')}` } });

  describe('getProfile', () => {
    it("returns the caller's profile and nothing secret", async () => {
      const previous = new Date('2025-03-04T05:06:07.000Z');
      const { user, token } = await member(['ac_pref_read'], {
        name: 'Chan Tai Man',
        fontSize: 'L',
        preferredLanguage: 'tc',
        mfaEnabled: true,
        mfaSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        mfaPendingSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
        skipMfa: true,
        previousLoginAt: previous,
        lastLoginAt: new Date(),
      });
      const res = await server.post(PROFILE, {}, { token });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(PROFILE_KEYS);
      expect(res.body.data).toEqual({
        loginId: user.loginId,
        name: 'Chan Tai Man',
        email: user.email,
        fontSize: 'L',
        preferredLanguage: 'tc',
        mfaEnabled: true,
        mfaRequired: false,
        skipMfa: true,
        lastLoginTime: previous.toISOString(),
        passwordChangedAt: null,
        isProviderStaff: false,
      });
      for (const secret of [user.passwordHash, 'JBSWY3DPEHPK3PXP', 'KRSXG5CTMVRXEZLU', 'scrypt$']) expect(res.text).not.toContain(secret);
    });

    it('answers every signed-in user its own profile, even without ac_pref_read; refuses the signed-out (401) and a body with fields (400)', async () => {
      const { user: staff, token } = await member(['apv_chg_bill_addr_read']);
      const own = await server.post(PROFILE, {}, { token });
      expect(own.status).toBe(200);
      expect(own.body.data.loginId).toBe(staff.loginId);
      expect((await server.post(PROFILE, {})).status).toBe(401);
      const reader = await member(['ac_pref_read']);
      expect((await server.post(PROFILE, { userAcUuid: reader.user.userAcUuid }, { token: reader.token })).status).toBe(400);
    });
  });

  describe('changePassword', () => {
    it('refuses a wrong current password (400 on currentPassword) and changes nothing', async () => {
      const { user, token } = await member();
      const before = await userRow(db(), user.userAcUuid);
      const res = await server.post(CHANGE, { currentPassword: 'Not-the-password-1', newPassword: NEW_PASSWORD }, { token });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.fields).toEqual({ currentPassword: ['password_current_wrong'] });
      const after = await userRow(db(), user.userAcUuid);
      expect(after.passwordHash).toBe(before.passwordHash);
      expect(after.tokenVersion).toBe(before.tokenVersion);
      expect(after.passwordChangedAt).toBeNull();
      // The session is untouched.
      expect((await server.post(PROFILE, {}, { token })).status).toBe(200);
    });

    it.each([
      ['6 characters', 'password_too_short', 'short1'],
      ['no digit', 'password_needs_digit', 'abcdefghijklmnop'],
      ['no letter', 'password_needs_letter', '1234567890123'],
      ['129 characters', 'password_too_long', `a1${'x'.repeat(127)}`],
    ])('refuses a new password that breaks the policy (%s → %s)', async (_label, key, newPassword) => {
      const { user, token } = await member();
      const res = await server.post(CHANGE, { currentPassword: OLD_PASSWORD, newPassword }, { token });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.fields.newPassword).toContain(key);
      expect((await userRow(db(), user.userAcUuid)).passwordHash).toBe(await oldPasswordHash());
    });

    it('refuses the current password as the new one', async () => {
      const { user, token } = await member();
      const res = await server.post(CHANGE, { currentPassword: OLD_PASSWORD, newPassword: OLD_PASSWORD }, { token });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ newPassword: ['password_same_as_current'] });
      // Equal once normalised as the hash normalises it (full-width digits typed on a Chinese IME): still the same.
      const fullWidth = OLD_PASSWORD.replace('2024', '２０２４');
      const res2 = await server.post(CHANGE, { currentPassword: OLD_PASSWORD, newPassword: fullWidth }, { token });
      expect(res2.body.error.fields).toEqual({ newPassword: ['password_same_as_current'] });
      expect((await userRow(db(), user.userAcUuid)).tokenVersion).toBe(user.tokenVersion);
    });

    it('changes the password, revokes every other token and returns a working one for the same customer', async () => {
      const { user, customer, token } = await member();
      // Another browser of the same user, signed in through the real sign-in.
      const other = await signIn(user.loginId, OLD_PASSWORD);
      expect(other.status).toBe(200);
      const otherToken = other.body.data.jwtToken as string;
      const before = await userRow(db(), user.userAcUuid);

      const res = await server.post(CHANGE, { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD }, { token });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(['jwtToken', 'passwordChangedAt', 'tokenExp']);
      const { jwtToken, passwordChangedAt, tokenExp } = res.body.data;
      expect(res.text).not.toContain('scrypt$');

      const after = await userRow(db(), user.userAcUuid);
      expect(after.tokenVersion).toBe(before.tokenVersion + 1);
      expect(after.passwordChangedAt?.toISOString()).toBe(passwordChangedAt);
      expect(await verifyPassword(NEW_PASSWORD, after.passwordHash)).toBe(true);
      expect(await verifyPassword(OLD_PASSWORD, after.passwordHash)).toBe(false);

      const claims = decodeJwt(jwtToken);
      expect(claims).toMatchObject({ sub: user.userAcUuid, ucp: customer.ucpId, ver: after.tokenVersion, exp: tokenExp });

      // The caller's old token and the other browser's token are refused everywhere; the new one works.
      for (const stale of [token, otherToken]) {
        for (const path of [PROFILE, userContract.endpoints.getLastLoginTime.path, checkTokenContract.endpoints.checkTokenExpiration.path]) {
          const r = await server.post(path, {}, { token: stale });
          expect(r.status).toBe(401);
          expect(r.body.error.code).toBe('TOKEN_EXPIRED');
        }
      }
      const profile = await server.post(PROFILE, {}, { token: jwtToken });
      expect(profile.status).toBe(200);
      expect(profile.body.data.passwordChangedAt).toBe(passwordChangedAt);

      // Sign-in takes the new password only.
      expect((await signIn(user.loginId, OLD_PASSWORD)).body.error.code).toBe('INVALID_CREDENTIALS');
      expect((await signIn(user.loginId, NEW_PASSWORD)).status).toBe(200);

      // One audit row, without any hash.
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, user.userAcUuid), eq(auditLog.action, 'password_change')));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorUuid: user.userAcUuid, actorUcpId: customer.ucpId, entity: 'user_account' });
      expect(JSON.stringify(audit[0])).not.toContain('scrypt$');
    });

    it('lets only one of two simultaneous changes through', async () => {
      const { user, token } = await member();
      const results = await Promise.all([
        server.post(CHANGE, { currentPassword: OLD_PASSWORD, newPassword: 'First-new-password-1' }, { token }),
        server.post(CHANGE, { currentPassword: OLD_PASSWORD, newPassword: 'Second-new-password-2' }, { token }),
      ]);
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      // The loser either saw the changed hash (wrong current password), lost the compare-and-set (conflict), or found
      // its token already revoked.
      expect([400, 401, 409]).toContain(results.find((r) => r.status !== 200)!.status);
      expect((await userRow(db(), user.userAcUuid)).tokenVersion).toBe(user.tokenVersion + 1);
    });

    it(`throttles password changes per user (${PASSWORD_CHANGE_RULE.points} per window)`, async () => {
      const { user, token } = await member();
      const statuses: number[] = [];
      for (let i = 0; i < PASSWORD_CHANGE_RULE.points; i += 1) {
        statuses.push((await server.post(CHANGE, { currentPassword: `Wrong-guess-${i}x`, newPassword: NEW_PASSWORD }, { token })).status);
      }
      expect(statuses.every((s) => s === 400)).toBe(true);
      // Even the right password is refused now, before any work.
      const blocked = await server.post(CHANGE, { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD }, { token });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error.code).toBe('TOO_MANY_REQUESTS');
      expect((await userRow(db(), user.userAcUuid)).passwordHash).toBe(await oldPasswordHash());
      // Per user: someone else is not affected.
      const other = await member();
      expect((await server.post(CHANGE, { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD }, { token: other.token })).status).toBe(200);
    });

    it('is allowed to every signed-in user, even without ac_pref_write (own password); needs a well-formed body (400)', async () => {
      const reader = await member(['apv_chg_bill_addr_read']);
      const own = await server.post(CHANGE, { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD }, { token: reader.token });
      expect(own.status).toBe(200);
      expect((await userRow(db(), reader.user.userAcUuid)).passwordHash).not.toBe(await oldPasswordHash());

      const writer = await member();
      for (const body of [{}, { currentPassword: OLD_PASSWORD }, { newPassword: NEW_PASSWORD }, { currentPassword: '', newPassword: NEW_PASSWORD }, { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD, userAcUuid: reader.user.userAcUuid }]) {
        const r = await server.post(CHANGE, body, { token: writer.token });
        expect(r.status).toBe(400);
        expect(r.body.error.code).toBe('VALIDATION');
      }
      expect((await server.post(CHANGE, { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(401);
    });

    it('refuses an account without a password as a wrong current password', async () => {
      const { token } = await member(undefined, { passwordHash: null });
      const res = await server.post(CHANGE, { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD }, { token });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ currentPassword: ['password_current_wrong'] });
    });
  });
});
