/**
 * "Force MFA" (docs/auth.md, docs/user-accounts.md): staff force MFA on a user; a user without an authenticator then
 * enrols at sign-in (MFA_ENROL_REQUIRED → startSignInMfaEnrolment → authenticate with a code) before it gets a
 * session; it cannot turn MFA off; "reset MFA" makes the next sign-in enrol again.
 */
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { loginContract } from '@/lib/auth/contract';
import { usersContract } from '@/lib/users/contract';
import { auditLog, userAccounts } from '@/lib/server/db/schema';
import { createCustomer, createGroup, useStaffTokens } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { useTestServer } from '../helpers/testServer';
import { PASSWORD, fromIp, newIp, signInUser, startAuthServer, userRow } from './authTestKit';

jest.setTimeout(60_000);

const U = usersContract.endpoints;
const now = () => Math.floor(Date.now() / 1000);

describeEachDb('forced MFA: enrolment at sign-in', (getHandle) => {
  const server = useTestServer(getHandle, { start: startAuthServer });
  const db = () => getHandle().db;
  const tokens = useStaffTokens(db, { writer: ['user_ac_main_write', 'user_ac_main_read'], reader: ['user_ac_main_read'] });

  const post = (path: string, body: unknown, token?: string) => server.post(path, body, token ? { token } : fromIp(newIp()));
  const signIn = (loginId: string, totp?: string, password = PASSWORD) =>
    server.post(loginContract.endpoints.authenticate.path, { loginId, password, ...(totp ? { totp } : {}) }, fromIp(newIp()));
  const startEnrol = (loginId: string, password = PASSWORD) => server.post(loginContract.endpoints.startSignInMfaEnrolment.path, { loginId, password }, fromIp(newIp()));

  /** A customer user with a password, linked to a customer group (so the user form accepts its links). */
  async function customerUser() {
    const m = await signInUser(db(), ['home', 'ac_pref_write']);
    const group = await createGroup(db(), ['home', 'ac_pref_write'], { members: [{ user: m.user, customer: m.customer }] });
    const fields = { id: m.user.userAcUuid, name: m.user.name, email: m.user.email, preferredLanguage: 'en' as const, skipMfa: false, links: [{ ucpId: m.customer.ucpId, groupIds: [m.group.id, group.id].sort() }] };
    return { ...m, fields };
  }

  it('staff force MFA; the user must enrol at its next sign-in (QR code, first code), then signs in with a code', async () => {
    const u = await customerUser();
    // Before: a plain password sign-in, and no enrolment to start.
    const before = await signIn(u.user.loginId);
    expect(before.status).toBe(200);
    const oldToken = before.body.data.jwtToken as string;
    expect((await startEnrol(u.user.loginId)).body.error.code).toBe('CONFLICT');

    // Read-only staff cannot force it.
    expect((await post(U.updateUser.path, { ...u.fields, version: (await userRow(db(), u.user.userAcUuid)).updatedAt.toISOString(), mfaRequired: true }, tokens.reader)).status).toBe(403);
    const forced = await post(U.updateUser.path, { ...u.fields, version: (await userRow(db(), u.user.userAcUuid)).updatedAt.toISOString(), mfaRequired: true }, tokens.writer);
    expect(forced.status).toBe(200);
    expect(await userRow(db(), u.user.userAcUuid)).toMatchObject({ mfaRequired: true, mfaEnabled: false });
    // Sessions of a user without an authenticator end at once: the next sign-in enrols.
    expect((await post(loginContract.endpoints.getPreferenceInfo.path, {}, oldToken)).status).toBe(401);
    const view = await post(U.getUser.path, { id: u.user.userAcUuid }, tokens.reader);
    expect(view.body.data).toMatchObject({ mfaRequired: true, mfaEnabled: false });
    const [auditRow] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user_account'), eq(auditLog.entityId, u.user.userAcUuid), eq(auditLog.action, 'update')));
    expect(auditRow).toMatchObject({ before: expect.objectContaining({ mfaRequired: false }), after: expect.objectContaining({ mfaRequired: true, tokensRevoked: true }) });

    // The password alone gets no session any more.
    const noCode = await signIn(u.user.loginId);
    expect(noCode.status).toBe(401);
    expect(noCode.body.error.code).toBe('MFA_ENROL_REQUIRED');
    expect(noCode.body.data).toBeUndefined();
    // The enrolment needs the right password (same answer as a wrong sign-in).
    expect((await startEnrol(u.user.loginId, 'Wrong#Horse42')).body.error.code).toBe('INVALID_CREDENTIALS');
    // A code without a started enrolment is not accepted.
    expect((await signIn(u.user.loginId, '123456')).body.error.code).toBe('MFA_ENROL_REQUIRED');

    const start = await startEnrol(u.user.loginId);
    expect(start.status).toBe(200);
    expect(Object.keys(start.body.data).sort()).toEqual(['otpauthUrl', 'qrDataUrl', 'secret']);
    const { secret, qrDataUrl } = start.body.data as { secret: string; qrDataUrl: string };
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(await userRow(db(), u.user.userAcUuid)).toMatchObject({ mfaEnabled: false, mfaPendingSecret: secret });

    const code = await generate({ secret });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await signIn(u.user.loginId, wrong);
    expect(bad.body.error.code).toBe('MFA_INVALID');
    // Counted like any failure: the wrong password on the enrolment step above was the first.
    expect(await userRow(db(), u.user.userAcUuid)).toMatchObject({ mfaEnabled: false, failedAttempts: 2 });

    const done = await signIn(u.user.loginId, code);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ mfaEnabled: true, loginId: u.user.loginId });
    expect(done.text).not.toContain(secret);
    expect(await userRow(db(), u.user.userAcUuid)).toMatchObject({ mfaEnabled: true, mfaSecret: secret, mfaPendingSecret: null, failedAttempts: 0 });

    // From now on: the code is asked for; the enrolment code cannot be replayed; the user cannot turn MFA off.
    expect((await signIn(u.user.loginId)).body.error.code).toBe('MFA_REQUIRED');
    expect((await signIn(u.user.loginId, code)).body.error.code).toBe('MFA_INVALID');
    const next = await generate({ secret, epoch: now() + 30 });
    const again = await signIn(u.user.loginId, next);
    expect(again.status).toBe(200);
    const later = await generate({ secret, epoch: now() + 60 });
    const off = await post(loginContract.endpoints.enableMfa.path, { disable: true, code: later }, again.body.data.jwtToken);
    expect(off.status).toBe(409);
    expect((await userRow(db(), u.user.userAcUuid)).mfaEnabled).toBe(true);
    // No second enrolment while MFA is on.
    expect((await startEnrol(u.user.loginId)).body.error.code).toBe('CONFLICT');

    // Staff reset MFA: the secret is gone, and the next sign-in enrols again.
    expect((await post(U.resetMfa.path, { id: u.user.userAcUuid }, tokens.writer)).status).toBe(200);
    expect(await userRow(db(), u.user.userAcUuid)).toMatchObject({ mfaEnabled: false, mfaSecret: null, mfaRequired: true });
    expect((await signIn(u.user.loginId)).body.error.code).toBe('MFA_ENROL_REQUIRED');
    const restart = await startEnrol(u.user.loginId);
    expect(restart.status).toBe(200);
    expect(restart.body.data.secret).not.toBe(secret);
  });

  it('cannot be forced and exempted at once; the exemption lets the user in without enrolling; lifting it needs no enrolment', async () => {
    const u = await customerUser();
    const both = await post(U.updateUser.path, { ...u.fields, version: (await userRow(db(), u.user.userAcUuid)).updatedAt.toISOString(), mfaRequired: true, skipMfa: true }, tokens.writer);
    expect(both.status).toBe(400);
    expect(both.body.error.fields).toEqual({ mfaRequired: ['users:errors.mfaRequiredExempt'] });
    expect((await userRow(db(), u.user.userAcUuid)).mfaRequired).toBe(false);

    // Exempt user whose row says forced (e.g. set before the exemption): the exemption wins.
    await db().update(userAccounts).set({ mfaRequired: true, skipMfa: true }).where(eq(userAccounts.userAcUuid, u.user.userAcUuid));
    expect((await signIn(u.user.loginId)).status).toBe(200);
    // Not forced any more (an edit without the field keeps it; with false lifts it).
    await db().update(userAccounts).set({ skipMfa: false }).where(eq(userAccounts.userAcUuid, u.user.userAcUuid));
    expect((await post(U.updateUser.path, { ...u.fields, version: (await userRow(db(), u.user.userAcUuid)).updatedAt.toISOString(), name: 'Kept Forced' }, tokens.writer)).status).toBe(200);
    expect((await userRow(db(), u.user.userAcUuid)).mfaRequired).toBe(true);
    expect((await signIn(u.user.loginId)).body.error.code).toBe('MFA_ENROL_REQUIRED');
    expect((await post(U.updateUser.path, { ...u.fields, version: (await userRow(db(), u.user.userAcUuid)).updatedAt.toISOString(), mfaRequired: false }, tokens.writer)).status).toBe(200);
    expect((await signIn(u.user.loginId)).status).toBe(200);
  });

  it('a new user can be created with MFA forced', async () => {
    const c = await createCustomer(db());
    const res = await post(
      U.createUser.path,
      { loginId: `forced-${now()}@example.test`, name: 'Forced New', email: `forced-${now()}@example.test`, preferredLanguage: 'tc', kind: 'customer', skipMfa: false, mfaRequired: true, links: [{ ucpId: c.ucpId, groupIds: [] }] },
      tokens.writer,
    );
    expect(res.status).toBe(200);
    expect(await userRow(db(), res.body.data.id)).toMatchObject({ mfaRequired: true, status: 'pending' });
  });
});
