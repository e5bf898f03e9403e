import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { userAccounts } from '@/lib/server/db/schema';
import { describeEachDb } from '../helpers/testDb';
import { useTestServer } from '../helpers/testServer';
import { PASSWORD, fromIp, newIp, signInUser, startAuthServer, userRow } from './authTestKit';
import { loginContract } from '@/lib/auth/contract';

jest.setTimeout(30_000);

const MFA = loginContract.endpoints.enableMfa.path;
const now = () => Math.floor(Date.now() / 1000);

describeEachDb('POST /api/login/enableMfa', (getHandle) => {
  const server = useTestServer(getHandle, { start: startAuthServer });
  const db = () => getHandle().db;
  const signIn = (loginId: string, totp?: string) =>
    server.post(loginContract.endpoints.authenticate.path, { loginId, password: PASSWORD, ...(totp ? { totp } : {}) }, fromIp(newIp()));

  it('enrols (pending secret, QR code, first code), then sign-in needs a code; disabling needs a current code', async () => {
    const { user } = await signInUser(db(), ['home', 'ac_pref_write']);
    const token = (await signIn(user.loginId)).body.data.jwtToken as string;

    const start = await server.post(MFA, {}, { token });
    expect(start.status).toBe(200);
    const { otpauthUrl, qrDataUrl, secret } = start.body.data;
    expect(Object.keys(start.body.data).sort()).toEqual(['otpauthUrl', 'qrDataUrl', 'secret']);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    // The authenticator entry carries the product's brand (common:appName), as label prefix and issuer.
    expect(otpauthUrl.startsWith(`otpauth://totp/${encodeURIComponent('Pacific Imaging Customer Portal')}:${encodeURIComponent(user.loginId)}?`)).toBe(true);
    expect(new URLSearchParams(otpauthUrl.split('?')[1]).get('issuer')).toBe('Pacific Imaging Customer Portal');
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    let row = await userRow(db(), user.userAcUuid);
    expect(row).toMatchObject({ mfaEnabled: false, mfaPendingSecret: secret, mfaSecret: null });
    // Not on yet: sign-in still works without a code.
    expect((await signIn(user.loginId)).status).toBe(200);

    const code = await generate({ secret });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await server.post(MFA, { code: wrong }, { token });
    expect(bad.body.error.code).toBe('MFA_INVALID');
    expect((await userRow(db(), user.userAcUuid)).mfaEnabled).toBe(false);

    const confirm = await server.post(MFA, { code }, { token });
    expect(confirm.status).toBe(200);
    expect(confirm.body.data).toEqual({ mfaEnabled: true });
    expect(confirm.text).not.toContain(secret);
    row = await userRow(db(), user.userAcUuid);
    expect(row).toMatchObject({ mfaEnabled: true, mfaSecret: secret, mfaPendingSecret: null });

    // Sign-in now asks for a code; the enrolment code itself cannot be replayed.
    expect((await signIn(user.loginId)).body.error.code).toBe('MFA_REQUIRED');
    expect((await signIn(user.loginId, code)).body.error.code).toBe('MFA_INVALID');
    const next = await generate({ secret, epoch: now() + 30 });
    expect((await signIn(user.loginId, next)).status).toBe(200);

    // Starting again while on is a conflict.
    expect((await server.post(MFA, {}, { token })).status).toBe(409);

    // Disabling: a wrong code, a code two steps ahead (outside the ±1 window) and an already used code are refused.
    expect((await server.post(MFA, { disable: true, code: wrong }, { token })).body.error.code).toBe('MFA_INVALID');
    const ahead = await generate({ secret, epoch: now() + 65 });
    expect((await server.post(MFA, { disable: true, code: ahead }, { token })).body.error.code).toBe('MFA_INVALID');
    expect((await server.post(MFA, { disable: true, code: next }, { token })).body.error.code).toBe('MFA_INVALID');
    // A minute later (the last used step moved back instead of waiting), a current code works.
    await db().update(userAccounts).set({ mfaLastTimeStep: Math.floor(now() / 30) - 2 }).where(eq(userAccounts.userAcUuid, user.userAcUuid));
    const disable = await server.post(MFA, { disable: true, code: await generate({ secret }) }, { token });
    expect(disable.status).toBe(200);
    expect(disable.body.data).toEqual({ mfaEnabled: false });
    row = await userRow(db(), user.userAcUuid);
    expect(row).toMatchObject({ mfaEnabled: false, mfaSecret: null });
    expect((await signIn(user.loginId)).status).toBe(200);
  });

  it('takes a code typed in full-width digits (Chinese input method) or with a space, as sign-in does', async () => {
    const { user } = await signInUser(db(), ['home', 'ac_pref_write']);
    const token = (await signIn(user.loginId)).body.data.jwtToken as string;
    const { secret } = (await server.post(MFA, {}, { token })).body.data;
    const code = await generate({ secret });
    const fullWidth = [...code].map((d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)).join('');
    const confirm = await server.post(MFA, { code: `${fullWidth.slice(0, 3)}\u3000${fullWidth.slice(3)}` }, { token });
    expect(confirm.status).toBe(200);
    expect(confirm.body.data).toEqual({ mfaEnabled: true });
  });

  it('confirming without a started enrolment is a conflict; malformed bodies are 400', async () => {
    const { user } = await signInUser(db(), ['home', 'ac_pref_write']);
    const token = (await signIn(user.loginId)).body.data.jwtToken as string;
    expect((await server.post(MFA, { code: '123456' }, { token })).status).toBe(409);
    expect((await server.post(MFA, { disable: true, code: '123456' }, { token })).status).toBe(409);
    for (const body of [{ code: '12' }, { disable: true }, { disable: false, code: '123456' }, { secret: 'ABC' }]) {
      expect((await server.post(MFA, body, { token })).status).toBe(400);
    }
    expect((await server.post(MFA, {})).status).toBe(401);
  });

  it('is a preference write: a user without ac_pref_write cannot enrol (403)', async () => {
    const { user } = await signInUser(db(), ['home', 'ac_pref_read']);
    const token = (await signIn(user.loginId)).body.data.jwtToken as string;
    const res = await server.post(loginContract.endpoints.enableMfa.path, {}, { token });
    expect(res.status).toBe(403);
    expect((await userRow(db(), user.userAcUuid)).mfaPendingSecret).toBeNull();
  });

  it('limits the codes a signed-in user may try', async () => {
    const { user } = await signInUser(db(), ['home', 'ac_pref_write']);
    const token = (await signIn(user.loginId)).body.data.jwtToken as string;
    const { secret } = (await server.post(MFA, {}, { token })).body.data;
    const right = await generate({ secret });
    const wrong = right === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await server.post(MFA, { code: wrong }, { token })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await server.post(MFA, { code: right }, { token })).status).toBe(429);
  });
});
