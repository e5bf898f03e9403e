import { randomUUID } from 'node:crypto';
import { mailContract } from '@/lib/mail/contract';
import { serviceContext } from '@/lib/server/context';
import { queueMail } from '@/lib/server/mail/queueMail';
import { registerMailSettings } from '@/lib/server/mail/settings';
import { createMember, tokenFor } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer } from '../helpers/testServer';

const { listOutbox, getOutboxMail } = mailContract.endpoints;

describeEachDb('outbox API', (getHandle) => {
  const server = useTestServer(getHandle);
  let staffToken: string;
  let customerToken: string;
  let mailId: string;
  const to = `outbox-${randomUUID().slice(0, 8)}@example.hk`;

  beforeAll(async () => {
    const db = getHandle().db;
    const staff = await createMember(db, ['outbox_read'], { user: { isProviderStaff: true } });
    staffToken = await tokenFor(staff.user, staff.customer.ucpId);
    // A customer user handed the code by mistake: admin codes count only for provider staff.
    const customer = await createMember(db, ['outbox_read', 'home']);
    customerToken = await tokenFor(customer.user, customer.customer.ucpId);
    registerMailSettings({ publicUrl: 'https://portal.example.hk', smtpConfigured: false });
    mailId = (
      await queueMail(serviceContext({ db, actor: null }), {
        to,
        template: 'notification',
        locale: 'en',
        data: { ucpId: 'UCP100001', path: '/my-account/manage-my-bills', titleEn: 'Your bill is ready', titleZh: '帳單已發出', bodyEn: 'Bill 2026-10.', bodyZh: '2026年10月帳單。' },
      })
    ).id;
  });
  afterAll(async () => {
    registerMailSettings(undefined);
  });

  it('lists kept mails for staff, searchable by recipient and filtered by status', async () => {
    const res = await callEndpoint(server, listOutbox, { page: 1, pageSize: 20, filter: { q: to, status: ['kept'] } }, { token: staffToken });
    expect(res.status).toBe(200);
    if (res.body.status !== 'success') throw new Error('expected success');
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.items[0]).toMatchObject({ id: mailId, toAddress: to, status: 'kept', template: 'notification', attempts: 0 });
    expect(res.body.data.items[0]!.subject).toBe('Your bill is ready | 帳單已發出');
    const none = await callEndpoint(server, listOutbox, { page: 1, pageSize: 20, filter: { q: to, status: ['sent'] } }, { token: staffToken });
    expect(none.body.status === 'success' && none.body.data.total).toBe(0);
  });

  it('opens one mail with its bodies; an unknown id is 404', async () => {
    const res = await callEndpoint(server, getOutboxMail, { id: mailId }, { token: staffToken });
    expect(res.status).toBe(200);
    if (res.body.status !== 'success') throw new Error('expected success');
    expect(res.body.data.htmlBody).toContain('https://portal.example.hk/my-account/manage-my-bills?ucpid=UCP100001');
    expect(res.body.data.textBody).toContain('https://portal.example.hk/tc/my-account/manage-my-bills?ucpid=UCP100001');
    const missing = await callEndpoint(server, getOutboxMail, { id: randomUUID() }, { token: staffToken });
    expect(missing.status).toBe(404);
  });

  it('hides the one-time link of an activation or reset mail that is sent to its recipient, not of one kept for lack of a mail server', async () => {
    // With a mail server the link goes to the recipient alone: staff reading it in the outbox could set the password
    // of any account (a reset asked for on the public forgot-password page) and sign in as that user.
    const db = getHandle().db;
    const secret = 'Zq3-SECRET_link_token_for_the_recipient_only_x';
    const data = { name: 'Ops', loginId: 'ops@example.hk', token: secret, validFor: { hours: 1 } };
    const to = `reset-${randomUUID().slice(0, 8)}@example.hk`;
    registerMailSettings({ publicUrl: 'https://portal.example.hk', smtpConfigured: true });
    const sent = (await queueMail(serviceContext({ db, actor: null }), { to, template: 'password_reset', locale: 'en', data })).id;
    const activation = (await queueMail(serviceContext({ db, actor: null }), { to, template: 'account_activation', locale: 'tc', data })).id;
    registerMailSettings({ publicUrl: 'https://portal.example.hk', smtpConfigured: false });
    const kept = (await queueMail(serviceContext({ db, actor: null }), { to, template: 'password_reset', locale: 'en', data })).id;

    for (const id of [sent, activation]) {
      const res = await callEndpoint(server, getOutboxMail, { id }, { token: staffToken });
      expect(res.status).toBe(200);
      if (res.body.status !== 'success') throw new Error('expected success');
      expect(res.body.data.textBody).not.toContain(secret);
      expect(res.body.data.htmlBody).not.toContain(secret);
      expect(res.body.data.textBody).toContain('https://portal.example.hk/');
      expect(res.body.data.linkHidden).toBe(true);
    }
    const keptRes = await callEndpoint(server, getOutboxMail, { id: kept }, { token: staffToken });
    if (keptRes.body.status !== 'success') throw new Error('expected success');
    // No mail server: the outbox is the only way the link reaches anyone (the demo, a developer).
    expect(keptRes.body.data.textBody).toContain(secret);
    expect(keptRes.body.data.linkHidden).toBe(false);
    const notice = await callEndpoint(server, getOutboxMail, { id: mailId }, { token: staffToken });
    expect(notice.body.status === 'success' && notice.body.data.linkHidden).toBe(false);
  });

  it('refuses a customer user, even one holding the code (403)', async () => {
    const res = await callEndpoint(server, listOutbox, { page: 1, pageSize: 20 }, { token: customerToken });
    expect(res.status).toBe(403);
    const one = await callEndpoint(server, getOutboxMail, { id: mailId }, { token: customerToken });
    expect(one.status).toBe(403);
  });
});
