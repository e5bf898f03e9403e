import { inboxBuilderContract } from '@/lib/inboxBuilder/contract';
import { serviceContext } from '@/lib/server/context';
import { dispatchDueMessages } from '@/lib/server/services/inboxBuilder/deliver';
import { createMember, tokenFor } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer } from '../helpers/testServer';
import { inboxContract } from '@/lib/inbox/contract';

const { createMessage, sendMessage, listMessages, getMessage } = inboxBuilderContract.endpoints;

describeEachDb('build inbox message API', (getHandle) => {
  const server = useTestServer(getHandle);

  it('staff write and send; the customer opens it with its portal link; read-only staff and customers are refused', async () => {
    const db = getHandle().db;
    const writer = await createMember(db, ['build_inbox_message_write'], { user: { isProviderStaff: true } });
    const reader = await createMember(db, ['build_inbox_message_read'], { user: { isProviderStaff: true } });
    const customer = await createMember(db, ['home', 'build_inbox_message_write']);
    const [wt, rt, ct] = await Promise.all([
      tokenFor(writer.user, writer.customer.ucpId),
      tokenFor(reader.user, reader.customer.ucpId),
      tokenFor(customer.user, customer.customer.ucpId),
    ]);
    const body = {
      titleEn: 'Your October bill',
      titleZh: '十月帳單',
      bodyEn: '<p>It is ready.<script>x()</script></p>',
      bodyZh: '<p>已發出。</p>',
      category: 'billing' as const,
      audience: 'customers' as const,
      customerIds: [customer.customer.ucpId],
      linkPath: '/my-account/manage-my-bills',
    };
    expect((await callEndpoint(server, createMessage, body, { token: rt })).status).toBe(403);
    expect((await callEndpoint(server, createMessage, body, { token: ct })).status).toBe(403);
    const bad = await callEndpoint(server, createMessage, { ...body, linkPath: 'https://evil.example' }, { token: wt });
    expect(bad.status).toBe(400);
    const created = await callEndpoint(server, createMessage, body, { token: wt });
    expect(created.status).toBe(200);
    if (created.body.status !== 'success') throw new Error('create failed');
    const id = created.body.data.id;
    const sent = await callEndpoint(server, sendMessage, { id }, { token: wt });
    expect(sent.status).toBe(200);
    await dispatchDueMessages(serviceContext({ db, actor: null }));

    const list = await callEndpoint(server, listMessages, { page: 1, pageSize: 20, filter: { q: 'October bill' } }, { token: rt });
    expect(list.body.status === 'success' && list.body.data.items.find((i) => i.id === id)).toMatchObject({ status: 'sent', recipients: 1, readCount: 0 });
    const view = await callEndpoint(server, getMessage, { id }, { token: rt });
    expect(view.body.status === 'success' && view.body.data.bodyEn).toBe('<p>It is ready.</p>');

    const opened = await server.post(inboxContract.endpoints.getEmailContent.path, { id, lang: 'tc' }, { token: ct });
    expect(opened.status).toBe(200);
    expect(opened.body.data.bodyHtml).toBe('<p>已發出。</p><p><a href="/my-account/manage-my-bills">在平台開啟相關頁面</a></p>');
    const after = await callEndpoint(server, getMessage, { id }, { token: rt });
    expect(after.body.status === 'success' && after.body.data.readCount).toBe(1);
  });
});
