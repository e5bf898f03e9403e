import { msg } from '@/lib/zodMessages';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { accountContract } from '@/lib/account/contract';
import { loginContract } from '@/lib/auth/contract';
import { customersContract } from '@/lib/customers/contract';
import { accountLinksContract, usersContract } from '@/lib/users/contract';
import { auditLog, customers, outbox, userAccounts, userGroups, userTokens } from '@/lib/server/db/schema';
import { consume } from '@/lib/server/rateLimit';
import { LOGIN_ID_RULE } from '@/lib/server/services/auth/lockout';
import { multipart } from '../bills/billFixtures';
import { createCustomer, createGroup, createMember, tokenFor, uniq, tokenForStaff } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer, versionOf } from '../helpers/testServer';

const U = usersContract.endpoints;
const L = accountLinksContract.endpoints;
const GOOD_PASSWORD = 'Harbour2026view';

describeEachDb('user account maintenance and one-time links', (getHandle) => {
  const server = useTestServer(getHandle);
  let writer: string;
  let writerUuid: string;
  let reader: string;
  let impexp: string;
  let resender: string;
  let customerUcp: string;
  let groupId: string;
  let groupCode: string;
  const db = () => getHandle().db;

  beforeAll(async () => {
    const staff = { user: { isProviderStaff: true } };
    const w = await createMember(db(), ['user_ac_main_write', 'user_ac_main_read'], staff);
    writer = await tokenFor(w.user, w.customer.ucpId);
    writerUuid = w.user.userAcUuid;
    reader = await tokenForStaff(db(), ['user_ac_main_read']);
    impexp = await tokenForStaff(db(), ['user_ac_main_impexp']);
    resender = await tokenForStaff(db(), ['user_ac_main_resend']);
    const c = await createCustomer(db());
    customerUcp = c.ucpId;
    const g = await createGroup(db(), ['home', 'mgt_order_read']);
    groupId = g.id;
    groupCode = g.code;
  });

  const ok = <T>(res: { status: number; body: { status: string; data?: T } }): T => {
    if (res.status !== 200 || res.body.status !== 'success') throw new Error(`expected success, got ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as T;
  };
  const newUser = (over: Record<string, unknown> = {}) => {
    const id = uniq();
    return {
      loginId: `New.User.${id}@Example.test`,
      name: `Lee Ka Yan ${id}`,
      email: `ka.yan.${id}@example.test`,
      preferredLanguage: 'tc' as const,
      kind: 'customer' as const,
      skipMfa: false,
      links: [{ ucpId: customerUcp, groupIds: [groupId] }],
      ...over,
    };
  };
  /** The secret of the newest mail of `template` to `to` (read from the outbox as the browser test does). */
  const linkIn = async (to: string, template: 'account_activation' | 'password_reset') => {
    const [mail] = await db().select().from(outbox).where(and(eq(outbox.toAddress, to), eq(outbox.template, template))).orderBy(desc(outbox.createdAt)).limit(1);
    if (!mail) return null;
    return /token=([A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1] ?? null;
  };
  const signIn = (loginId: string, password: string) => callEndpoint(server, loginContract.endpoints.authenticate, { loginId, password });

  it('adds a pending user (login id lower-cased, unique), audits it, mails a bilingual activation link, and finds it by every search key', async () => {
    const body = newUser();
    const { id } = ok<{ id: string }>(await callEndpoint(server, U.createUser, body, { token: writer }));
    const [row] = await db().select().from(userAccounts).where(eq(userAccounts.userAcUuid, id));
    expect(row).toMatchObject({ loginId: body.loginId.toLowerCase(), status: 'pending', passwordHash: null });

    const [mail] = await db().select().from(outbox).where(eq(outbox.toAddress, body.email));
    expect(mail).toMatchObject({ template: 'account_activation', locale: 'tc', status: 'kept' });
    expect(mail!.subject).toContain('啟用');
    expect(mail!.subject).toContain('Activate');
    expect(mail!.textBody).toContain('/tc/login/activate?token=');
    const stored = await db().select().from(userTokens).where(eq(userTokens.userAcUuid, id));
    expect(stored).toHaveLength(1);
    // Only the hash is stored.
    expect(stored[0]!.tokenHash).not.toBe(await linkIn(body.email, 'account_activation'));

    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'user_account'), eq(auditLog.entityId, id)));
    expect(audits.map((a) => a.action)).toEqual(['create']);

    const duplicate = await callEndpoint(server, U.createUser, { ...newUser(), loginId: body.loginId.toUpperCase() }, { token: writer });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ error: { code: 'CONFLICT', fields: { loginId: ['users:errors.loginIdTaken'] } } });

    for (const filter of [{ q: body.loginId.slice(0, 14) }, { q: body.name.toUpperCase() }, { q: body.email }, { customer: customerUcp }, { group: groupCode }, { status: ['pending' as const] }]) {
      const list = ok<{ items: { id: string }[] }>(await callEndpoint(server, U.listUsers, { page: 1, pageSize: 100, filter }, { token: reader }));
      expect(list.items.map((i) => i.id)).toContain(id);
    }
    const other = ok<{ items: { id: string }[] }>(await callEndpoint(server, U.listUsers, { page: 1, pageSize: 100, filter: { q: body.loginId, status: ['active'] } }, { token: reader }));
    expect(other.items).toHaveLength(0);

    const view = ok<{ linkDetails: { ucpId: string; groups: { code: string }[] }[]; status: string }>(await callEndpoint(server, U.getUser, { id }, { token: reader }));
    expect(view).toMatchObject({ status: 'pending', linkDetails: [{ ucpId: customerUcp, groups: [{ code: groupCode }] }] });
    expect(JSON.stringify(view)).not.toMatch(/passwordHash|mfaSecret/);
  });

  it('a customer user acts for at least one customer: none is refused on add and on edit, and nothing is mailed (QA)', async () => {
    const body = newUser({ links: [] });
    const res = await callEndpoint(server, U.createUser, body, { token: writer });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { fields: { links: ['users:errors.customerRequired'] } } });
    expect(await db().select().from(outbox).where(eq(outbox.toAddress, body.email))).toEqual([]);
    const kept = newUser();
    const { id } = ok<{ id: string }>(await callEndpoint(server, U.createUser, kept, { token: writer }));
    const version = await versionOf(server, U.getUser, id, writer);
    const edit = await callEndpoint(server, U.updateUser, { id, version, name: kept.name, email: kept.email, preferredLanguage: 'tc', skipMfa: false, links: [] }, { token: writer });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject({ error: { fields: { links: ['users:errors.customerRequired'] } } });
  });

  it('refuses customers and groups of the other kind on their fields', async () => {
    const provider = await createGroup(db(), ['user_ac_main_read'], { overrides: { groupType: 'provider' } });
    const res = await callEndpoint(server, U.createUser, newUser({ links: [{ ucpId: 'NOPE-UCP', groupIds: [] }] }), { token: writer });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { fields: { 'links.0.ucpId': ['users:errors.customerUnknown'] } } });
    const res2 = await callEndpoint(server, U.createUser, newUser({ links: [{ ucpId: customerUcp, groupIds: [provider.id] }] }), { token: writer });
    expect(res2.body).toMatchObject({ error: { fields: { 'links.0.groupIds': ['users:errors.groupKind'] } } });
  });

  it('activates through the link once: password rules apply, the link cannot be used twice, then the user signs in', async () => {
    const body = newUser();
    const { id } = ok<{ id: string }>(await callEndpoint(server, U.createUser, body, { token: writer }));
    const token = (await linkIn(body.email, 'account_activation'))!;
    expect(ok(await callEndpoint(server, L.checkLink, { token, purpose: 'activation' }))).toMatchObject({ loginId: body.loginId.toLowerCase() });
    // A reset page cannot use an activation link.
    expect((await callEndpoint(server, L.checkLink, { token, purpose: 'reset' })).body).toMatchObject({ error: { code: 'LINK_INVALID' } });

    const weak = await callEndpoint(server, L.setPassword, { token, purpose: 'activation', password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ error: { code: 'VALIDATION', fields: { password: expect.arrayContaining(['password_too_short', 'password_needs_digit']) } } });
    // Still pending, link still usable after a refused password.
    expect((await signIn(body.loginId, GOOD_PASSWORD)).status).not.toBe(200);

    expect(ok(await callEndpoint(server, L.setPassword, { token, purpose: 'activation', password: GOOD_PASSWORD }))).toEqual({ loginId: body.loginId.toLowerCase() });
    const again = await callEndpoint(server, L.setPassword, { token, purpose: 'activation', password: 'Another2026pass' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: { code: 'LINK_INVALID' } });

    const [row] = await db().select().from(userAccounts).where(eq(userAccounts.userAcUuid, id));
    expect(row!.status).toBe('active');
    expect(ok(await signIn(body.loginId, GOOD_PASSWORD))).toMatchObject({ ucpId: customerUcp, functionList: expect.arrayContaining([{ fnCode: 'home' }, { fnCode: 'mgt_order_read' }]) });
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'user_account'), eq(auditLog.entityId, id)));
    expect(audits.map((a) => a.action)).toEqual(['create', 'activate']);
  });

  it('an activation link expires; resending retires the older link; only pending accounts get one, and only with user_ac_main_resend', async () => {
    const body = newUser();
    const { id } = ok<{ id: string }>(await callEndpoint(server, U.createUser, body, { token: writer }));
    const first = (await linkIn(body.email, 'account_activation'))!;
    expect((await callEndpoint(server, U.resendActivation, { id }, { token: writer })).status).toBe(403);
    ok(await callEndpoint(server, U.resendActivation, { id }, { token: resender }));
    const second = (await linkIn(body.email, 'account_activation'))!;
    expect(second).not.toBe(first);
    expect((await callEndpoint(server, L.setPassword, { token: first, purpose: 'activation', password: GOOD_PASSWORD })).body).toMatchObject({ error: { code: 'LINK_INVALID' } });

    // Past its expiry the newest link fails too.
    await db().update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userTokens.userAcUuid, id));
    expect((await callEndpoint(server, L.setPassword, { token: second, purpose: 'activation', password: GOOD_PASSWORD })).body).toMatchObject({ error: { code: 'LINK_INVALID' } });
    expect((await db().select().from(userAccounts).where(eq(userAccounts.userAcUuid, id)))[0]!.status).toBe('pending');

    ok(await callEndpoint(server, U.resendActivation, { id }, { token: resender }));
    ok(await callEndpoint(server, L.setPassword, { token: (await linkIn(body.email, 'account_activation'))!, purpose: 'activation', password: GOOD_PASSWORD }));
    const notPending = await callEndpoint(server, U.resendActivation, { id }, { token: resender });
    expect(notPending.status).toBe(409);
    expect(notPending.body).toMatchObject({ error: { code: 'ACCOUNT_NOT_PENDING' } });
  });

  async function activeUser() {
    const body = newUser({ preferredLanguage: 'en' });
    const { id } = ok<{ id: string }>(await callEndpoint(server, U.createUser, body, { token: writer }));
    ok(await callEndpoint(server, L.setPassword, { token: (await linkIn(body.email, 'account_activation'))!, purpose: 'activation', password: GOOD_PASSWORD }));
    const grant = ok<{ jwtToken: string }>(await signIn(body.loginId, GOOD_PASSWORD));
    return { id, body, token: grant.jwtToken };
  }

  it('forgot password: the same answer for unknown and known ids; the link resets once, clears a lock-out and revokes tokens; mails are limited per login id', async () => {
    const u = await activeUser();
    const unknown = await callEndpoint(server, L.requestPasswordReset, { loginId: `nobody-${uniq()}@example.test` });
    const known = await callEndpoint(server, L.requestPasswordReset, { loginId: u.body.loginId.toUpperCase() });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(ok(unknown)).toEqual(ok(known));
    const token = (await linkIn(u.body.email, 'password_reset'))!;
    expect(token).toBeTruthy();

    await db().update(userAccounts).set({ lockedUntil: new Date(Date.now() + 600_000), failedAttempts: 5 }).where(eq(userAccounts.userAcUuid, u.id));
    expect((await signIn(u.body.loginId, GOOD_PASSWORD)).body).toMatchObject({ error: { code: 'ACCOUNT_LOCKED' } });
    ok(await callEndpoint(server, L.setPassword, { token, purpose: 'reset', password: 'Fresh2026password' }));
    expect((await callEndpoint(server, L.setPassword, { token, purpose: 'reset', password: 'Other2026password' })).body).toMatchObject({ error: { code: 'LINK_INVALID' } });
    // The old session's token is revoked; the new password signs in (lock-out cleared).
    expect((await callEndpoint(server, U.listUsers, { page: 1, pageSize: 10 }, { token: u.token })).status).toBe(401);
    ok(await signIn(u.body.loginId, 'Fresh2026password'));

    // Two more requests mail (three an hour in all), the fourth answers the same and mails nothing.
    for (let i = 0; i < 3; i += 1) expect((await callEndpoint(server, L.requestPasswordReset, { loginId: u.body.loginId })).status).toBe(200);
    const mails = await db().select().from(outbox).where(and(eq(outbox.toAddress, u.body.email), eq(outbox.template, 'password_reset')));
    expect(mails).toHaveLength(3);
  });

  it('a password reset lets the owner sign in at once, even after a guesser used up the login id\'s sign-in attempts', async () => {
    const u = await activeUser();
    const loginId = u.body.loginId.toLowerCase();
    // Someone guessed at this login id from many addresses: its counter (10 / 15 min) is spent, the account locked.
    for (let i = 0; i < LOGIN_ID_RULE.points; i += 1) await consume(db(), LOGIN_ID_RULE, loginId);
    await db().update(userAccounts).set({ lockedUntil: new Date(Date.now() + 600_000), failedAttempts: 5 }).where(eq(userAccounts.userAcUuid, u.id));
    expect((await signIn(u.body.loginId, GOOD_PASSWORD)).body).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });

    // The owner follows "Forgot your password?", as the lock-out message says.
    ok(await callEndpoint(server, L.requestPasswordReset, { loginId: u.body.loginId }));
    ok(await callEndpoint(server, L.setPassword, { token: (await linkIn(u.body.email, 'password_reset'))!, purpose: 'reset', password: 'Fresh2026password' }));
    expect((await signIn(u.body.loginId, 'Fresh2026password')).status).toBe(200);
  });

  it('a password change retires the reset links asked for before it: a link in an old mail cannot set the password afterwards', async () => {
    const u = await activeUser();
    ok(await callEndpoint(server, L.requestPasswordReset, { loginId: u.body.loginId }));
    const token = (await linkIn(u.body.email, 'password_reset'))!;
    expect(ok(await callEndpoint(server, L.checkLink, { token, purpose: 'reset' }))).toMatchObject({ purpose: 'reset' });

    // The owner remembers the password after all and changes it on the account page.
    const changed = await callEndpoint(server, accountContract.endpoints.changePassword, { currentPassword: GOOD_PASSWORD, newPassword: 'Changed2026password' }, { token: u.token });
    expect(changed.status).toBe(200);
    expect((await callEndpoint(server, L.checkLink, { token, purpose: 'reset' })).body).toMatchObject({ error: { code: 'LINK_INVALID' } });
    expect((await callEndpoint(server, L.setPassword, { token, purpose: 'reset', password: 'Other2026password' })).body).toMatchObject({ error: { code: 'LINK_INVALID' } });
    expect((await signIn(u.body.loginId, 'Changed2026password')).status).toBe(200);
    // A link asked for after the change works as usual.
    ok(await callEndpoint(server, L.requestPasswordReset, { loginId: u.body.loginId }));
    ok(await callEndpoint(server, L.checkLink, { token: (await linkIn(u.body.email, 'password_reset'))!, purpose: 'reset' }));
  });

  it('a login id typed in full-width mode is stored in plain characters, as sign-in reads it', async () => {
    const id = uniq();
    const body = newUser({ loginId: `Ｆｕｌｌ．Ｗｉｄｔｈ．${id}＠Ｅｘａｍｐｌｅ．ｔｅｓｔ` });
    const created = ok<{ id: string }>(await callEndpoint(server, U.createUser, body, { token: writer }));
    const [row] = await db().select().from(userAccounts).where(eq(userAccounts.userAcUuid, created.id));
    expect(row!.loginId).toBe(`full.width.${id}@example.test`);
  });

  it('lock, unlock, disable, enable and reset MFA: audited, and effective at the user’s next request', async () => {
    const u = await activeUser();
    expect(ok(await callEndpoint(server, U.setUserStatus, { id: u.id, action: 'lock' }, { token: writer }))).toEqual({ id: u.id, status: 'locked' });
    expect((await callEndpoint(server, customersContract.endpoints.listCustomers, { page: 1, pageSize: 10 }, { token: u.token })).status).toBe(401);
    expect((await signIn(u.body.loginId, GOOD_PASSWORD)).body).toMatchObject({ error: { code: 'ACCOUNT_LOCKED_BY_ADMIN' } });
    const list = ok<{ items: { id: string; status: string }[] }>(await callEndpoint(server, U.listUsers, { page: 1, pageSize: 10, filter: { q: u.body.loginId, status: ['locked'] } }, { token: reader }));
    expect(list.items.map((i) => i.id)).toEqual([u.id]);

    ok(await callEndpoint(server, U.setUserStatus, { id: u.id, action: 'unlock' }, { token: writer }));
    ok(await signIn(u.body.loginId, GOOD_PASSWORD));
    ok(await callEndpoint(server, U.setUserStatus, { id: u.id, action: 'disable' }, { token: writer }));
    expect((await signIn(u.body.loginId, GOOD_PASSWORD)).body).toMatchObject({ error: { code: 'ACCOUNT_INACTIVE' } });
    ok(await callEndpoint(server, U.setUserStatus, { id: u.id, action: 'enable' }, { token: writer }));
    ok(await signIn(u.body.loginId, GOOD_PASSWORD));

    await db().update(userAccounts).set({ mfaEnabled: true, mfaSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(userAccounts.userAcUuid, u.id));
    expect((await signIn(u.body.loginId, GOOD_PASSWORD)).body).toMatchObject({ error: { code: 'MFA_REQUIRED' } });
    ok(await callEndpoint(server, U.resetMfa, { id: u.id }, { token: writer }));
    expect((await db().select().from(userAccounts).where(eq(userAccounts.userAcUuid, u.id)))[0]).toMatchObject({ mfaEnabled: false, mfaSecret: null });
    ok(await signIn(u.body.loginId, GOOD_PASSWORD));

    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'user_account'), eq(auditLog.entityId, u.id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['lock', 'unlock', 'disable', 'enable', 'reset_mfa']));
    // Staff cannot lock themselves out.
    const self = await callEndpoint(server, U.setUserStatus, { id: writerUuid, action: 'disable' }, { token: writer });
    expect(self.status).toBe(409);
    // The screen says why (CONFLICT alone read "changed by someone else: refresh").
    expect(self.body).toMatchObject({ error: { code: 'CONFLICT', fields: { action: ['users:errors.selfLock'] } } });
  });

  // Rights you hold: a user administrator could put any staff user, itself included, in an administrators' group.
  it('staff give only rights they hold: a staff group beyond them is refused on add and edit, one the user has may stay', async () => {
    const provider = await createCustomer(db(), { isProvider: true });
    const admins = await createGroup(db(), ['user_ac_main_write', 'user_ac_main_read', 'offer_write'], { overrides: { groupType: 'provider' } });
    const own = await createGroup(db(), ['user_ac_main_read'], { overrides: { groupType: 'provider' } });
    const staffUser = (groupIds: string[]) => newUser({ kind: 'staff', links: [{ ucpId: provider.ucpId, groupIds }] });
    const refused = await callEndpoint(server, U.createUser, staffUser([own.id, admins.id]), { token: writer });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { fields: { 'links.0.groupIds': [msg('users:errors.groupBeyondRights', { group: admins.code, codes: ['offer_write'] })] } } });

    // The writer itself: its own record may not take the group either.
    const self = ok<{ name: string; email: string; links: { ucpId: string; groupIds: string[] }[] }>(await callEndpoint(server, U.getUser, { id: writerUuid }, { token: reader }));
    const selfEdit = await callEndpoint(
      server,
      U.updateUser,
      { id: writerUuid, version: await versionOf(server, U.getUser, writerUuid, writer), name: self.name, email: self.email, preferredLanguage: 'en', skipMfa: false, links: self.links.map((l) => ({ ...l, groupIds: [...l.groupIds, admins.id] })) },
      { token: writer },
    );
    expect(selfEdit.body).toMatchObject({ error: { fields: { 'links.0.groupIds': [msg('users:errors.groupBeyondRights', { group: admins.code, codes: ['offer_write'] })] } } });

    // Given by someone holding `all`, the group may stay when the narrower writer edits the user's other fields.
    const superToken = await tokenForStaff(db(), ['all']);
    const { id } = ok<{ id: string }>(await callEndpoint(server, U.createUser, staffUser([admins.id]), { token: superToken }));
    const body = staffUser([admins.id]);
    ok(await callEndpoint(server, U.updateUser, { id, version: await versionOf(server, U.getUser, id, writer), name: 'Renamed admin', email: body.email, preferredLanguage: 'en', skipMfa: false, links: body.links }, { token: writer }));
  });

  it('an edit of groups and customers applies at the next request', async () => {
    const u = await activeUser();
    expect((await callEndpoint(server, U.listUsers, { page: 1, pageSize: 10 }, { token: u.token })).status).toBe(403);
    const other = await createCustomer(db());
    const fields = { id: u.id, version: await versionOf(server, U.getUser, u.id, writer), name: 'Renamed User', email: u.body.email, preferredLanguage: 'en' as const, skipMfa: false, links: [{ ucpId: other.ucpId, groupIds: [groupId] }] };
    ok(await callEndpoint(server, U.updateUser, fields, { token: writer }));
    // The token named the customer it no longer has: refused.
    expect((await callEndpoint(server, loginContract.endpoints.getUcpList, {}, { token: u.token })).status).toBe(401);
    expect(ok(await signIn(u.body.loginId, GOOD_PASSWORD))).toMatchObject({ ucpId: other.ucpId });
    const view = ok<{ name: string; links: unknown }>(await callEndpoint(server, U.getUser, { id: u.id }, { token: reader }));
    expect(view).toMatchObject({ name: 'Renamed User', links: [{ ucpId: other.ucpId, groupIds: [groupId] }] });
  });

  it('a user whose customer was deactivated can still be edited: the link it has stays; a new link to an inactive customer is refused', async () => {
    const closing = await createCustomer(db());
    const body = newUser({ links: [{ ucpId: closing.ucpId, groupIds: [groupId] }] });
    const { id } = ok<{ id: string }>(await callEndpoint(server, U.createUser, body, { token: writer }));
    await db().update(customers).set({ status: 'inactive' }).where(eq(customers.ucpId, closing.ucpId));
    const fields = { id, version: await versionOf(server, U.getUser, id, writer), name: 'Renamed after closing', email: body.email, preferredLanguage: 'en' as const, skipMfa: false, links: body.links };
    ok(await callEndpoint(server, U.updateUser, fields, { token: writer }));
    const view = ok<{ name: string; links: unknown }>(await callEndpoint(server, U.getUser, { id }, { token: reader }));
    expect(view).toMatchObject({ name: 'Renamed after closing', links: [{ ucpId: closing.ucpId, groupIds: [groupId] }] });

    const otherClosed = await createCustomer(db());
    await db().update(customers).set({ status: 'inactive' }).where(eq(customers.ucpId, otherClosed.ucpId));
    const more = { ...fields, version: await versionOf(server, U.getUser, id, writer), links: [...body.links, { ucpId: otherClosed.ucpId, groupIds: [groupId] }] };
    const refused = await callEndpoint(server, U.updateUser, more, { token: writer });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { fields: { 'links.1.ucpId': ['users:errors.customerUnknown'] } } });
  });

  describe('export and import', () => {
    const csvFile = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\n'), 'utf8');
    const importFile = (token: string, content: Buffer, dryRun: boolean, fileName = 'users.csv', contentType = 'text/csv') => {
      const { body, contentType: ct } = multipart([{ name: 'dryRun', value: String(dryRun) }, { name: 'file', fileName, contentType, content }]);
      return server.request(U.importUsers.path, { token, headers: { 'Content-Type': ct }, rawBody: body });
    };
    const header = ['login_id', 'name', 'email', 'language', 'user_type', 'customers', 'groups'];

    it('a dry run lists every row’s errors and saves nothing; a file with a bad row imports nothing; a good file imports every row', async () => {
      const a = `imp-a-${uniq()}`;
      const b = `imp-b-${uniq()}`;
      const bad = csvFile([
        header,
        [a, 'Import A', `${a}@example.test`, 'en', 'customer', customerUcp, groupCode],
        [b, 'Import B', 'not-an-email', 'xx', 'customer', 'NO-SUCH-UCP', 'no_such_group'],
        [a, 'Import A again', `${a}2@example.test`, 'tc', 'customer', customerUcp, ''],
      ]);
      const dry = await importFile(impexp, bad, true);
      expect(dry.status).toBe(200);
      const result = dry.body.data as { total: number; valid: number; rows: { row: number; errors: string[] }[] };
      expect(result).toMatchObject({ total: 3, valid: 1 });
      expect(result.rows[0]!.errors).toEqual([]);
      expect(result.rows[1]!.errors.join(' ')).toMatch(/email:.*groups:.*|groups:.*email:/s);
      expect(result.rows[1]!.errors.some((e) => e.startsWith('groups:users:import.groupUnknown'))).toBe(true);
      expect(result.rows[2]!.errors.some((e) => e.startsWith('login_id:users:import.repeated'))).toBe(true);

      // A customer user without customers is refused in a file too (its customers column).
      const c = `imp-c-${uniq()}`;
      const none = await importFile(impexp, csvFile([header, [c, 'Import C', `${c}@example.test`, 'en', 'customer', '', '']]), true);
      expect((none.body.data as { rows: { errors: string[] }[] }).rows[0]!.errors).toEqual(['customers:users:errors.customerRequired']);

      const refused = await importFile(impexp, bad, false);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'USER_IMPORT_INVALID', fields: { 'rows.3': expect.any(Array), 'rows.4': expect.any(Array) } } });
      expect(await db().select().from(userAccounts).where(eq(userAccounts.loginId, a))).toHaveLength(0);

      const good = csvFile([header, [a, 'Import A', `${a}@example.test`, 'en', 'customer', customerUcp, groupCode], [b, '導入 B', `${b}@example.test`, 'tc', 'customer', customerUcp, '']]);
      const done = await importFile(impexp, good, false);
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ dryRun: false, imported: 2 });
      const rows = await db().select().from(userAccounts).where(eq(userAccounts.loginId, b));
      expect(rows[0]).toMatchObject({ name: '導入 B', status: 'pending', preferredLanguage: 'tc' });
      expect(await linkIn(`${a}@example.test`, 'account_activation')).toBeTruthy();
      // Importing the same file again: every row is now a duplicate.
      const twice = await importFile(impexp, good, true);
      expect((twice.body.data as { valid: number }).valid).toBe(0);
    });

    it('reads UCP ids and group codes typed in full-width mode as plain characters, as the forms do', async () => {
      const wide = (text: string) => text.replace(/[!-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
      const a = `imp-fw-${uniq()}`;
      const dry = await importFile(impexp, csvFile([header, [a, 'Full width', `${a}@example.test`, 'en', 'customer', wide(customerUcp), wide(groupCode)]]), true);
      expect((dry.body.data as { rows: { errors: string[] }[] }).rows[0]!.errors).toEqual([]);
    });

    it('a row with more than 50 group codes has its error on the groups column, not the customers one', async () => {
      const id = uniq();
      const many = await db()
        .insert(userGroups)
        .values(Array.from({ length: 51 }, (_, i) => ({ code: `MANY_${id}_${i}`, nameEn: `Many ${i}`, nameZh: `多 ${i}` })))
        .returning({ code: userGroups.code });
      const a = `imp-many-${uniq()}`;
      const dry = await importFile(impexp, csvFile([header, [a, 'Many Groups', `${a}@example.test`, 'en', 'customer', customerUcp, many.map((g) => g.code).join(';')]]), true);
      // The link schema's groupIds.max(50) issue has the path links.0.groupIds: it was reported as `links:` (the customers column).
      expect((dry.body.data as { rows: { errors: string[] }[] }).rows[0]!.errors).toEqual(['groups:ui.validation.maxItems|{"max":50}']);
    });

    it('an importer gives no staff group with codes it does not hold itself; one holding them may', async () => {
      const provider = await createCustomer(db(), { isProvider: true });
      const admins = await createGroup(db(), ['user_ac_main_write', 'user_ac_main_read'], { overrides: { groupType: 'provider' } });
      const exporters = await createGroup(db(), ['user_ac_main_impexp'], { overrides: { groupType: 'provider' } });
      const a = `imp-adm-${uniq()}`;
      const b = `imp-exp-${uniq()}`;
      const file = csvFile([header, [a, 'Would be admin', `${a}@example.test`, 'en', 'staff', provider.ucpId, admins.code], [b, 'Exporter', `${b}@example.test`, 'en', 'staff', provider.ucpId, exporters.code]]);

      // With only user_ac_main_impexp: the administrators' group is refused on its row, the group of its own code is not.
      const dry = await importFile(impexp, file, true);
      const rows = (dry.body.data as { rows: { errors: string[] }[] }).rows;
      expect(rows[0]!.errors).toHaveLength(1);
      expect(rows[0]!.errors[0]).toMatch(/^groups:users:errors\.groupBeyondRights\|/);
      expect(rows[0]!.errors[0]).toContain(admins.code);
      expect(rows[1]!.errors).toEqual([]);
      const refused = await importFile(impexp, file, false);
      expect(refused.status).toBe(400);
      expect(await db().select().from(userAccounts).where(eq(userAccounts.loginId, a))).toHaveLength(0);

      // Someone holding the group's codes may import them (the add form's code alone no longer gives any group).
      const adder = await tokenForStaff(db(), ['user_ac_main_impexp', 'user_ac_main_write', 'user_ac_main_read']);
      const done = await importFile(adder, file, false);
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ imported: 2 });
    });

    it('a dry run reports every error of a row at once: a bad user_type or e-mail does not hide unknown customers, a taken or repeated login id', async () => {
      const taken = `imp-t-${uniq()}`;
      ok(await callEndpoint(server, U.createUser, newUser({ loginId: taken }), { token: writer }));
      const c = `imp-c-${uniq()}`;
      const d = `imp-d-${uniq()}`;
      const file = csvFile([
        header,
        // Before the fix only user_type was reported: the unknown customer and group showed after the next upload.
        [c, 'Bad Type', 'not-an-email', 'xx', 'admin', `${customerUcp};NO-SUCH-UCP`, 'no_such_group'],
        [taken, 'Taken', 'also-bad', 'en', 'customer', 'NO-SUCH-UCP', ''],
        [c, 'Repeats row 2', `${c}@example.test`, 'en', 'staff', customerUcp, groupCode],
        [d, '', `${d}@example.test`, 'en', 'customer', customerUcp, ''],
      ]);
      const dry = await importFile(impexp, file, true);
      expect(dry.status).toBe(200);
      const rows = (dry.body.data as { valid: number; rows: { row: number; errors: string[] }[] }).rows;
      expect(rows[0]!.errors.sort()).toEqual(
        [
          'kind:users:import.kindInvalid',
          'email:ui.validation.email',
          'preferredLanguage:users:import.languageInvalid',
          'customers:users:errors.customerUnknown',
          'groups:users:import.groupUnknown|{"codes":"no_such_group"}',
        ].sort(),
      );
      // With user_type unknown, "customer / group of the other user type" would mean nothing: not reported.
      expect(rows[0]!.errors.join(' ')).not.toMatch(/staffProviderOnly|customerNotProvider|groupKind/);
      expect(rows[1]!.errors.sort()).toEqual(['customers:users:errors.customerUnknown', 'email:ui.validation.email', 'login_id:users:errors.loginIdTaken'].sort());
      expect(rows[2]!.errors.sort()).toEqual(
        ['customers:users:errors.staffProviderOnly', 'groups:users:errors.groupKind', `login_id:users:import.repeated|{"row":2}`].sort(),
      );
      expect(rows[3]!.errors).toEqual(['name:ui.validation.required']);
      expect(await db().select().from(userAccounts).where(eq(userAccounts.loginId, c))).toHaveLength(0);
    });

    it('a login id typed in full-width mode that an existing user holds is reported taken by the dry run', async () => {
      const taken = `imp-fw-${uniq()}`;
      ok(await callEndpoint(server, U.createUser, newUser({ loginId: taken }), { token: writer }));
      const wide = [...taken.toUpperCase()].map((ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).join('');
      const file = csvFile([header, [wide, 'Full Width', `fw-${uniq()}@example.test`, 'en', 'customer', customerUcp, '']]);
      const dry = await importFile(impexp, file, true);
      expect((dry.body.data as { rows: { errors: string[] }[] }).rows[0]!.errors).toEqual(['login_id:users:errors.loginIdTaken']);
      const refused = await importFile(impexp, file, false);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'USER_IMPORT_INVALID', fields: { 'rows.2': ['login_id:users:errors.loginIdTaken'] } } });
    });

    it('reads only the columns it knows: a header of 200,000 empty columns does not hold the server', async () => {
      const wide = Buffer.from([[...header, ...Array<string>(200_000).fill('')].join(','), ...Array.from({ length: 1000 }, (_, i) => `bad id ${i}`)].join('\n'), 'utf8');
      const started = Date.now();
      const dry = await importFile(impexp, wide, true);
      const took = Date.now() - started;
      expect(dry.status).toBe(200);
      expect(dry.body.data).toMatchObject({ total: 1000, valid: 0 });
      // Before: every row became a 200,000-entry record first (minutes on a small server).
      expect(took).toBeLessThan(15_000);
      // More rows than the limit are refused before any row is read.
      const many = Buffer.from([header.join(','), ...Array.from({ length: 1001 }, (_, i) => `x${i}`)].join('\n'), 'utf8');
      expect((await importFile(impexp, many, true)).body).toMatchObject({ error: { fields: { file: ['users:import.tooManyRows|{"max":1000}'] } } });
    }, 120_000);

    it('an XLSX cell holding a NUL (written _x0000_, which exceljs reads as U+0000) is a row error, not a failed import', async () => {
      const c = `imp-nul-${uniq()}`;
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('users');
      sheet.addRow(header);
      sheet.addRow([c, 'Bad_x0000_Name', `${c}@example.test`, 'en', 'customer', `${customerUcp}_x0000_`, `${groupCode}_x0000_`]);
      const xlsx = Buffer.from(await book.xlsx.writeBuffer());
      const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      const dry = await importFile(impexp, xlsx, true, 'users.xlsx', type);
      expect(dry.status).toBe(200);
      expect((dry.body.data as { rows: { errors: string[] }[] }).rows[0]!.errors.sort()).toEqual(
        ['customers:ui.validation.controlCharacter', 'groups:ui.validation.controlCharacter', 'name:ui.validation.controlCharacter'].sort(),
      );
      const refused = await importFile(impexp, xlsx, false, 'users.xlsx', type);
      expect(refused.status).toBe(400);
      expect(await db().select().from(userAccounts).where(eq(userAccounts.loginId, c))).toHaveLength(0);
    });

    it('names each row by its row number in the spreadsheet, blank rows counted (CSV and XLSX)', async () => {
      const ids = [`imp-r1-${uniq()}`, `imp-r2-${uniq()}`];
      const rowOf = (id: string) => [id, 'Row User', 'not-an-email', 'en', 'customer', customerUcp, ''];
      // Rows 1 blank, 2 header, 3 a user, 4 and 5 blank (the second CRLF), 6 a user.
      const csv = Buffer.from(['', header.join(','), rowOf(ids[0]!).join(','), '', '\r', rowOf(ids[1]!).join(',')].join('\n'), 'utf8');
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('users');
      sheet.getRow(2).values = header;
      sheet.getRow(3).values = rowOf(ids[0]!);
      sheet.getRow(4).values = ['', ' '];
      sheet.getRow(6).values = rowOf(ids[1]!);
      const xlsx = Buffer.from(await book.xlsx.writeBuffer());
      for (const [file, name, type] of [[csv, 'users.csv', 'text/csv'], [xlsx, 'users.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']] as const) {
        const dry = await importFile(impexp, file, true, name, type);
        expect(dry.status).toBe(200);
        expect((dry.body.data as { rows: { row: number; loginId: string }[] }).rows.map((r) => [r.row, r.loginId])).toEqual([[3, ids[0]], [6, ids[1]]]);
        const refused = await importFile(impexp, file, false, name, type);
        expect(Object.keys((refused.body as { error: { fields: Record<string, unknown> } }).error.fields).sort()).toEqual(['rows.3', 'rows.6']);
      }
    });

    it('reads a CSV that Excel saved as plain "CSV" on Traditional Chinese Windows (Big5), names intact', async () => {
      const id = `imp-big5-${uniq()}`;
      // 陳大文 in Big5: the file was refused as "damaged or incomplete" (it is not UTF-8), whatever was tried again.
      const file = Buffer.concat([Buffer.from(`${header.join(',')}\r\n${id},`), Buffer.from([0xb3, 0xaf, 0xa4, 0x6a, 0xa4, 0xe5]), Buffer.from(`,${id}@example.test,tc,customer,${customerUcp},${groupCode}\r\n`)]);
      const done = await importFile(impexp, file, false);
      expect(done.status).toBe(200);
      const [row] = await db().select().from(userAccounts).where(eq(userAccounts.loginId, id));
      expect(row).toMatchObject({ name: '陳大文' });
    });

    it('reads an XLSX cell as Excel shows it: a hyperlinked address with formatting, a formula\'s error (not "[object Object]")', async () => {
      const id = `imp-cell-${uniq()}`;
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('users');
      sheet.addRow(header);
      sheet.addRow([id, { formula: '"Chan"&" Tai Man"', result: 'Chan Tai Man' }, { text: { richText: [{ text: id }, { font: { bold: true }, text: '@example.test' }] }, hyperlink: `mailto:${id}@example.test` }, 'en', 'customer', customerUcp, groupCode]);
      sheet.addRow([{ formula: 'VLOOKUP(Z1,Z2:Z3,1,FALSE)', result: { error: '#N/A' } }, 'Lookup', `${id}-2@example.test`, 'en', 'customer', customerUcp, '']);
      const xlsx = Buffer.from(await book.xlsx.writeBuffer());
      const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      const dry = await importFile(impexp, xlsx, true, 'users.xlsx', type);
      const rows = (dry.body.data as { rows: { row: number; loginId: string; errors: string[] }[] }).rows;
      expect(rows[0]).toEqual({ row: 2, loginId: id, errors: [] });
      expect(rows[1]!.loginId).toBe('#N/A');
      expect(rows[1]!.errors).toEqual(['loginId:users:errors.loginIdFormat']);
    });

    it('reads a quote inside an unquoted cell as text, as Excel does, instead of refusing the file as damaged', async () => {
      const id = `imp-q-${uniq()}`;
      const file = Buffer.from(`${header.join(',')}\n${id},Chan "Tommy" Tai Man,${id}@example.test,en,customer,${customerUcp},${groupCode}\n`, 'utf8');
      const done = await importFile(impexp, file, false);
      expect(done.status).toBe(200);
      const [row] = await db().select().from(userAccounts).where(eq(userAccounts.loginId, id));
      expect(row).toMatchObject({ name: 'Chan "Tommy" Tai Man' });
    });

    it('a CSV with a quote never closed is refused naming the line it opened on, not as a damaged file', async () => {
      const file = Buffer.from(`${header.join(',')}\nimp-a,"Chan Tai Man,a@example.test,en,customer,${customerUcp},\nimp-b,Lee,b@example.test,en,customer,${customerUcp},\n`, 'utf8');
      const refused = await importFile(impexp, file, true);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'VALIDATION', fields: { file: ['users:import.unreadableLine|{"line":2}'] } } });
    });

    it('reads a CSV saved as UTF-16 by Excel ("CSV UTF-16" / "Unicode text", tab-separated or not) as well as UTF-8', async () => {
      const [le, be] = [`imp-le-${uniq()}`, `imp-be-${uniq()}`];
      const rowsOf = (id: string, sep: string) => [header, [id, '統一碼 用戶', `${id}@example.test`, 'tc', 'customer', customerUcp, groupCode]].map((r) => r.join(sep)).join('\r\n');
      const utf16le = Buffer.from(`\uFEFF${rowsOf(le, '\t')}`, 'utf16le');
      const utf16be = Buffer.from(`\uFEFF${rowsOf(be, ',')}`, 'utf16le').swap16();
      for (const [id, file] of [[le, utf16le], [be, utf16be]] as const) {
        const done = await importFile(impexp, file, false);
        expect(done.status).toBe(200);
        expect(done.body.data).toMatchObject({ imported: 1 });
        const [row] = await db().select().from(userAccounts).where(eq(userAccounts.loginId, id));
        expect(row).toMatchObject({ name: '統一碼 用戶', preferredLanguage: 'tc' });
      }
      // UTF-16 without its byte-order mark cannot be told from binary: still refused as not text.
      const bare = Buffer.from(rowsOf(`imp-x-${uniq()}`, ','), 'utf16le');
      expect((await importFile(impexp, bare, true)).status).toBe(400);
    });

    it('reads XLSX, exports the filtered users as CSV and XLSX, and refuses other file types', async () => {
      const c = `imp-x-${uniq()}`;
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('users');
      sheet.addRow(header);
      sheet.addRow([c, 'Excel User', `${c}@example.test`, 'en', 'customer', customerUcp, groupCode]);
      const xlsx = Buffer.from(await book.xlsx.writeBuffer());
      const done = await importFile(impexp, xlsx, false, 'users.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ imported: 1 });

      const csv = await server.post(U.exportUsers.path, { format: 'csv', filter: { q: c } }, { token: impexp });
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
      expect(lines[0]).toBe('login_id,name,email,language,user_type,customers,groups,status,mfa,last_login,created_at');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`${c},Excel User,${c}@example.test,en,customer,${customerUcp},${groupCode},pending,off`);

      // A name a spreadsheet would run as a formula is written with a guarding apostrophe (QA: it was a live formula).
      await db().update(userAccounts).set({ name: '=HYPERLINK("https://evil.example","x")' }).where(eq(userAccounts.loginId, c));
      const guarded = await server.post(U.exportUsers.path, { format: 'csv', filter: { q: c } }, { token: impexp });
      expect(guarded.text).toContain(`${c},"'=HYPERLINK(""https://evil.example"",""x"")",`);

      const x = await server.request(U.exportUsers.path, { method: 'POST', token: impexp, headers: { 'Content-Type': 'application/json' }, rawBody: JSON.stringify({ format: 'xlsx', filter: { q: c } }) });
      expect(x.status).toBe(200);
      expect(x.headers['content-type']).toContain('spreadsheetml');

      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      expect((await importFile(impexp, png, true, 'users.csv')).status).toBe(415);
    });

    it('user_ac_main_impexp opens the list but not a user; read-only staff get 403 from every write', async () => {
      expect((await callEndpoint(server, U.listUsers, { page: 1, pageSize: 10 }, { token: impexp })).status).toBe(200);
      const some = ok<{ items: { id: string }[] }>(await callEndpoint(server, U.listUsers, { page: 1, pageSize: 1 }, { token: impexp }));
      expect((await callEndpoint(server, U.getUser, { id: some.items[0]!.id }, { token: impexp })).status).toBe(403);
      const id = some.items[0]!.id;
      const writes = [
        callEndpoint(server, U.createUser, newUser(), { token: reader }),
        callEndpoint(server, U.updateUser, { id, version: new Date().toISOString(), name: 'x', email: 'x@example.test', preferredLanguage: 'en', skipMfa: false, links: [] }, { token: reader }),
        callEndpoint(server, U.setUserStatus, { id, action: 'lock' }, { token: reader }),
        callEndpoint(server, U.resetMfa, { id }, { token: reader }),
        callEndpoint(server, U.resendActivation, { id }, { token: reader }),
        callEndpoint(server, U.userFormOptions, {}, { token: reader }),
        server.post(U.exportUsers.path, { format: 'csv', filter: {} }, { token: reader }),
        importFile(reader, csvFile([header]), true),
      ];
      for (const res of await Promise.all(writes)) expect(res.status).toBe(403);
    });
  });
});
