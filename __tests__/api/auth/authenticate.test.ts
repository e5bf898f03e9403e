import { eq, sql } from 'drizzle-orm';
import { createGuardrails, generate, generateSecret } from 'otplib';
import { userAccounts } from '@/lib/server/db/schema';
import { consume } from '@/lib/server/rateLimit';
import { IP_RULE, LOCK_THRESHOLD } from '@/lib/server/services/auth';
import { captureLog } from '../helpers/captureLog';
import { uniq } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import type { TestServer } from '../helpers/testServer';
import { GRANT_KEYS, PASSWORD, expectNoSecrets, fromIp, newIp, signInUser, startAuthServer, userRow } from './authTestKit';
import { loginContract } from '@/lib/auth/contract';
import { checkTokenContract } from '@/lib/auth/contract';

const AUTH = loginContract.endpoints.authenticate.path;

// Sign-ins run scrypt (≈ 0.1–0.2 s each on a busy machine); the api project's testTimeout is not applied per project.
jest.setTimeout(30_000);

describeEachDb('POST /api/login/authenticate', (getHandle) => {
  let server: TestServer;
  const logged = captureLog();
  beforeAll(async () => {
    server = await startAuthServer(getHandle(), { log: logged.log });
  });
  afterAll(async () => {
    await server?.close();
  });
  const db = () => getHandle().db;
  const signIn = (body: Record<string, unknown>, ip = newIp()) => server.post(AUTH, body, fromIp(ip));

  it('signs in with the right password: a SessionGrant with exactly its keys, customer auto-selected', async () => {
    const { user, customer } = await signInUser(db(), ['home', 'mgt_bills_read']);
    const res = await signIn({ loginId: user.loginId, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const grant = res.body.data;
    expect(Object.keys(grant).sort()).toEqual(GRANT_KEYS);
    expect(grant).toMatchObject({
      userAcUuid: user.userAcUuid,
      loginId: user.loginId,
      ucpId: customer.ucpId,
      customerCount: 1,
      isProviderStaff: false,
      needsDisclaimer: true,
      fontSize: 'M',
      preferredLanguage: 'en',
    });
    expect(grant.functionList).toEqual([{ fnCode: 'home' }, { fnCode: 'mgt_bills_read' }]);
    expect(grant.tokenExp).toBeGreaterThan(Date.now() / 1000);
    // The token is a working API token.
    const check = await server.post(checkTokenContract.endpoints.checkTokenExpiration.path, {}, { token: grant.jwtToken });
    expect(check.status).toBe(200);
    expect(check.body.data).toEqual({
      valid: true,
      expiresAt: new Date(grant.tokenExp * 1000).toISOString(),
      // The codes the API grants now, the same as the grant's (the browser's menu follows them).
      functionCodes: grant.functionList.map((f: { fnCode: string }) => f.fnCode).sort(),
    });
    expectNoSecrets(res.text, [PASSWORD, user.passwordHash]);
    expect(res.text).not.toMatch(/scrypt\$/);
  });

  it('compares login ids case-insensitively and ignores surrounding spaces', async () => {
    const { user } = await signInUser(db());
    const res = await signIn({ loginId: `  ${user.loginId.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.userAcUuid).toBe(user.userAcUuid);
  });

  it('reads a login id typed in full-width mode (Chinese input method) or pasted with a zero-width space as the plain one', async () => {
    const { user } = await signInUser(db());
    // ＡＢＣ…: U+FF01–U+FF5E, as a Chinese input method types letters, digits, '@', '.', '-' in full-width mode.
    const fullWidth = [...user.loginId].map((ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).join('');
    const res = await signIn({ loginId: fullWidth.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.userAcUuid).toBe(user.userAcUuid);
    const pasted = await signIn({ loginId: `\u200b${user.loginId}\u200b`, password: PASSWORD });
    expect(pasted.status).toBe(200);
    expect(pasted.body.data.userAcUuid).toBe(user.userAcUuid);
  });

  it('answers a wrong password and an unknown login id with the same status, code and message', async () => {
    const { user } = await signInUser(db());
    const wrong = await signIn({ loginId: user.loginId, password: 'not-the-password-1' });
    const unknown = await signIn({ loginId: `nobody-${uniq()}@example.test`, password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body.error).toEqual(wrong.body.error);
    expect((await userRow(db(), user.userAcUuid)).failedAttempts).toBe(1);
  });

  it('verifies against a dummy hash when the login id is unknown (similar time as a wrong password)', async () => {
    const { user } = await signInUser(db());
    const time = async (body: Record<string, unknown>) => {
      const t0 = process.hrtime.bigint();
      await signIn(body);
      return Number(process.hrtime.bigint() - t0) / 1e6;
    };
    // Warm-up: the dummy hash is made once per process.
    await time({ loginId: `warm-${uniq()}`, password: 'x' });
    // The fastest of three of each (stays under the lock-out threshold), so one GC pause or busy core decides nothing.
    const wrongs: number[] = [];
    const unknowns: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      wrongs.push(await time({ loginId: user.loginId, password: 'wrong-password-1' }));
      unknowns.push(await time({ loginId: `nobody-${uniq()}`, password: 'wrong-password-1' }));
    }
    // Both run one scrypt; without the dummy verification the unknown id would answer in a few ms.
    expect(Math.min(...unknowns)).toBeGreaterThan(Math.min(...wrongs) * 0.4);
  });

  it(`locks after ${LOCK_THRESHOLD} failures, stays locked with the right password, unlocks when locked_until passes`, async () => {
    const { user } = await signInUser(db());
    const codes: string[] = [];
    for (let i = 0; i < LOCK_THRESHOLD; i += 1) {
      const res = await signIn({ loginId: user.loginId, password: `wrong-${i}-password` });
      codes.push(res.body.error.code);
    }
    expect(codes).toEqual([...Array(LOCK_THRESHOLD - 1).fill('INVALID_CREDENTIALS'), 'ACCOUNT_LOCKED']);
    const row = await userRow(db(), user.userAcUuid);
    expect(row.failedAttempts).toBe(LOCK_THRESHOLD);
    const minutes = (row.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15.1);

    const locked = await signIn({ loginId: user.loginId, password: PASSWORD });
    expect(locked.status).toBe(423);
    expect(locked.body.error.code).toBe('ACCOUNT_LOCKED');

    await db()
      .update(userAccounts)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(userAccounts.userAcUuid, user.userAcUuid));
    const after = await signIn({ loginId: user.loginId, password: PASSWORD });
    expect(after.status).toBe(200);
    const reset = await userRow(db(), user.userAcUuid);
    expect(reset.failedAttempts).toBe(0);
    expect(reset.lockedUntil).toBeNull();
  });

  it('starts a fresh count after an expired lock (one more failure does not lock again)', async () => {
    const { user } = await signInUser(db(), ['home'], {
      user: { failedAttempts: LOCK_THRESHOLD, lockedUntil: new Date(Date.now() - 1_000) },
    });
    const res = await signIn({ loginId: user.loginId, password: 'wrong-password-1' });
    expect(res.body.error.code).toBe('INVALID_CREDENTIALS');
    const row = await userRow(db(), user.userAcUuid);
    expect(row.failedAttempts).toBe(1);
    expect(row.lockedUntil).toBeNull();
  });

  it('counts concurrent failures atomically', async () => {
    const { user } = await signInUser(db());
    await Promise.all([1, 2, 3].map((i) => signIn({ loginId: user.loginId, password: `wrong-${i}-password` })));
    expect((await userRow(db(), user.userAcUuid)).failedAttempts).toBe(3);
  });

  it('resets the failure count on success', async () => {
    const { user } = await signInUser(db());
    for (let i = 0; i < 3; i += 1) await signIn({ loginId: user.loginId, password: `wrong-${i}-password` });
    expect((await userRow(db(), user.userAcUuid)).failedAttempts).toBe(3);
    expect((await signIn({ loginId: user.loginId, password: PASSWORD })).status).toBe(200);
    expect((await userRow(db(), user.userAcUuid)).failedAttempts).toBe(0);
  });

  it('"locks" an unknown login id after the same number of attempts, so the lock-out does not reveal which ids exist', async () => {
    const loginId = `ghost-${uniq()}@example.test`;
    const codes: string[] = [];
    for (let i = 0; i <= LOCK_THRESHOLD; i += 1) codes.push((await signIn({ loginId, password: PASSWORD })).body.error.code);
    expect(codes).toEqual([...Array(LOCK_THRESHOLD - 1).fill('INVALID_CREDENTIALS'), 'ACCOUNT_LOCKED', 'ACCOUNT_LOCKED']);
  });

  it('reveals inactive / pending only after the right password', async () => {
    const { user: inactive } = await signInUser(db(), ['home'], { user: { status: 'inactive' } });
    const { user: pending } = await signInUser(db(), ['home'], { user: { status: 'pending' } });

    const inactiveRight = await signIn({ loginId: inactive.loginId, password: PASSWORD });
    expect(inactiveRight.status).toBe(403);
    expect(inactiveRight.body.error.code).toBe('ACCOUNT_INACTIVE');
    const pendingRight = await signIn({ loginId: pending.loginId, password: PASSWORD });
    expect(pendingRight.status).toBe(403);
    expect(pendingRight.body.error.code).toBe('ACCOUNT_NOT_ACTIVATED');

    for (const u of [inactive, pending]) {
      const wrong = await signIn({ loginId: u.loginId, password: 'wrong-password-1' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
    }
  });

  it('treats an account without a password (not yet activated) as a wrong password', async () => {
    const { user } = await signInUser(db(), ['home'], { user: { status: 'pending', passwordHash: null } });
    const res = await signIn({ loginId: user.loginId, password: PASSWORD });
    expect(res.body.error.code).toBe('INVALID_CREDENTIALS');
  });

  describe('MFA', () => {
    it('asks for the code after the password, refuses a wrong one (a failure), accepts a right one once', async () => {
      const secret = generateSecret();
      const { user } = await signInUser(db(), ['home'], { user: { mfaEnabled: true, mfaSecret: secret } });

      const wrongPassword = await signIn({ loginId: user.loginId, password: 'wrong-password-1' });
      expect(wrongPassword.body.error.code).toBe('INVALID_CREDENTIALS');
      await db().update(userAccounts).set({ failedAttempts: 0 }).where(eq(userAccounts.userAcUuid, user.userAcUuid));

      const required = await signIn({ loginId: user.loginId, password: PASSWORD });
      expect(required.status).toBe(401);
      expect(required.body.error.code).toBe('MFA_REQUIRED');
      expect((await userRow(db(), user.userAcUuid)).failedAttempts).toBe(0);

      const code = await generate({ secret });
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const invalid = await signIn({ loginId: user.loginId, password: PASSWORD, totp: wrongCode });
      expect(invalid.status).toBe(401);
      expect(invalid.body.error.code).toBe('MFA_INVALID');
      expect((await userRow(db(), user.userAcUuid)).failedAttempts).toBe(1);

      const ok = await signIn({ loginId: user.loginId, password: PASSWORD, totp: code });
      expect(ok.status).toBe(200);
      expect(ok.body.data.mfaEnabled).toBe(true);
      expectNoSecrets(ok.text, [secret, PASSWORD]);
      expect((await userRow(db(), user.userAcUuid)).failedAttempts).toBe(0);

      // The same code again is a replay.
      const replay = await signIn({ loginId: user.loginId, password: PASSWORD, totp: code });
      expect(replay.body.error.code).toBe('MFA_INVALID');
    });

    it('reads a code typed in full-width digits or with the space authenticator apps show ("123 456")', async () => {
      const secret = generateSecret();
      const { user } = await signInUser(db(), ['home'], { user: { mfaEnabled: true, mfaSecret: secret } });
      const intoStep = (Date.now() / 1000) % 30;
      if (intoStep > 22) await new Promise((r) => setTimeout(r, (30 - intoStep + 0.2) * 1000));
      const code = await generate({ secret });
      const fullWidth = [...code].map((d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)).join('');
      const res = await signIn({ loginId: user.loginId, password: PASSWORD, totp: fullWidth });
      expect(res.status).toBe(200);
      const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
      const spaced = await signIn({ loginId: user.loginId, password: PASSWORD, totp: `${next.slice(0, 3)} ${next.slice(3)}` });
      expect(spaced.status).toBe(200);
    });

    it('accepts the demo account kind of secret (10 bytes) and a code from the previous time step', async () => {
      const secret = 'JBSWY3DPEHPK3PXP';
      const { user } = await signInUser(db(), ['home'], { user: { mfaEnabled: true, mfaSecret: secret } });
      // Not in the last seconds of a 30 s step: if the (slow, scrypt) sign-in crossed into the next step, the code
      // would be two steps old by the time it is checked.
      const intoStep = (Date.now() / 1000) % 30;
      if (intoStep > 22) await new Promise((r) => setTimeout(r, (30 - intoStep + 0.2) * 1000));
      const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30, guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) });
      const res = await signIn({ loginId: user.loginId, password: PASSWORD, totp: code });
      expect(res.status).toBe(200);
    });

    it('refuses a code two steps old', async () => {
      const secret = generateSecret();
      const { user } = await signInUser(db(), ['home'], { user: { mfaEnabled: true, mfaSecret: secret } });
      const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 95 });
      const res = await signIn({ loginId: user.loginId, password: PASSWORD, totp: code });
      expect(res.body.error.code).toBe('MFA_INVALID');
    });

    it('skips MFA for a user allowed to (skip_mfa)', async () => {
      const { user } = await signInUser(db(), ['home'], { user: { mfaEnabled: true, mfaSecret: generateSecret(), skipMfa: true } });
      const res = await signIn({ loginId: user.loginId, password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.data.skipMfa).toBe(true);
    });

    it('locks after repeated wrong codes too', async () => {
      const secret = generateSecret();
      const { user } = await signInUser(db(), ['home'], { user: { mfaEnabled: true, mfaSecret: secret } });
      let last = '';
      for (let i = 0; i < LOCK_THRESHOLD; i += 1) {
        const wrong = (await generate({ secret })) === '000000' ? '111111' : '000000';
        last = (await signIn({ loginId: user.loginId, password: PASSWORD, totp: wrong })).body.error.code;
      }
      expect(last).toBe('ACCOUNT_LOCKED');
    });
  });

  describe('throttling', () => {
    it('refuses the 21st failed attempt from one client address with 429, even with right credentials', async () => {
      const ip = newIp();
      const { user } = await signInUser(db());
      // 17 earlier hits (straight into the counter: scrypt is slow), 2 real failures, then successful sign-ins (they
      // give their hit back), then the 20th failure is still allowed and the 21st attempt is refused.
      for (let i = 0; i < 17; i += 1) await consume(db(), IP_RULE, ip);
      for (let i = 0; i < 2; i += 1) expect((await signIn({ loginId: `spray-${uniq()}`, password: 'x' }, ip)).status).toBe(401);
      for (let i = 0; i < 3; i += 1) expect((await signIn({ loginId: user.loginId, password: PASSWORD }, ip)).status).toBe(200);
      expect((await signIn({ loginId: `spray-${uniq()}`, password: 'x' }, ip)).status).toBe(401);
      const refused = await signIn({ loginId: user.loginId, password: PASSWORD }, ip);
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('TOO_MANY_REQUESTS');
      // Another address is not affected.
      expect((await signIn({ loginId: user.loginId, password: PASSWORD })).status).toBe(200);
    });

    it('limits attempts per login id across client addresses', async () => {
      const { user } = await signInUser(db());
      const codes: number[] = [];
      for (let i = 0; i < 11; i += 1) codes.push((await signIn({ loginId: user.loginId, password: 'wrong-password-1' })).status);
      expect(codes.slice(0, 10).every((s) => s === 401 || s === 423)).toBe(true);
      expect(codes[10]).toBe(429);
    });
  });

  describe('validation and logging', () => {
    it('refuses unknown fields and missing fields with 400, never echoing the password', async () => {
      const extra = await signIn({ loginId: 'a@example.test', password: PASSWORD, remember: true });
      expect(extra.status).toBe(400);
      expect(extra.body.error.code).toBe('VALIDATION');
      const missing = await signIn({ loginId: 'a@example.test' });
      expect(missing.status).toBe(400);
      const tooLong = await signIn({ loginId: 'a@example.test', password: `${PASSWORD}${'x'.repeat(2000)}` });
      expect(tooLong.status).toBe(400);
      for (const r of [extra, missing, tooLong]) expectNoSecrets(r.text, [PASSWORD]);
    });

    it('never writes the password (or the issued token) to the log', async () => {
      const { user } = await signInUser(db());
      const ok = await signIn({ loginId: user.loginId, password: PASSWORD });
      await signIn({ loginId: user.loginId, password: `${PASSWORD}-wrong` });
      await signIn({ loginId: user.loginId, password: PASSWORD, extra: 1 });
      const text = logged.text();
      expect(logged.lines.some((l) => l.path === AUTH)).toBe(true);
      expectNoSecrets(text, [PASSWORD, ok.body.data.jwtToken, user.passwordHash]);
    });
  });
});
