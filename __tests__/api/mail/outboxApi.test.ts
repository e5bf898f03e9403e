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

  it('refuses a customer user, even one holding the code (403)', async () => {
    const res = await callEndpoint(server, listOutbox, { page: 1, pageSize: 20 }, { token: customerToken });
    expect(res.status).toBe(403);
    const one = await callEndpoint(server, getOutboxMail, { id: mailId }, { token: customerToken });
    expect(one.status).toBe(403);
  });
});
