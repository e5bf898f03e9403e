/**
 * QA defects through the API (docs/inbox-builder.md):
 * - the audience picker offered the provider's own party and a draft addressed to it could be saved and scheduled:
 *   the options leave it out, and create, update and send refuse it with a translated field error;
 * - Send on the edit page sent the stored draft, not the edits on the screen: `sendMessage` takes the form's `draft`
 *   (saved and scheduled in one transaction, both or neither) or the version shown (`updatedAt`, 409 when stale).
 */
import { and, eq } from 'drizzle-orm';
import { inboxBuilderContract } from '@/lib/inboxBuilder/contract';
import { auditLog, inboxBroadcastTargets, inboxMessages } from '@/lib/server/db/schema';
import { createCustomer, createMember, tokenFor, type CustomerRow } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer } from '../helpers/testServer';

const { audienceOptions, createMessage, updateMessage, sendMessage, getMessage } = inboxBuilderContract.endpoints;

describeEachDb('build inbox message API: audience and what is sent', (getHandle) => {
  const server = useTestServer(getHandle);
  let token: string;
  let provider: CustomerRow;
  let lung: CustomerRow;
  const marker = `${Date.now().toString(36)}`;

  beforeAll(async () => {
    const db = getHandle().db;
    // Staff act for the provider's own party, as in the demo data (PROVIDER).
    const staff = await createMember(db, ['build_inbox_message_write'], {
      user: { isProviderStaff: true },
      customer: { nameEn: `Pacific Imaging ${marker}`, nameZh: `太平洋影像 ${marker}`, isProvider: true },
    });
    provider = staff.customer;
    token = await tokenFor(staff.user, provider.ucpId);
    lung = await createCustomer(db, { nameEn: `Lung Cheong ${marker} Logistics`, nameZh: `隆昌物流 ${marker}` });
  });

  const body = (customerIds: string[], over: Record<string, unknown> = {}) => ({
    titleEn: '',
    titleZh: '聖誕節服務時間',
    bodyEn: '<p>Our hotline closes at 1 pm on 24 December.</p>',
    bodyZh: '<p>熱線於12月24日下午1時停止服務。</p>',
    category: 'service' as const,
    audience: 'customers' as const,
    customerIds,
    linkPath: '',
    notifyByEmail: true,
    ...over,
  });
  const stored = async (id: string) => (await getHandle().db.select().from(inboxMessages).where(eq(inboxMessages.id, id)))[0]!;
  const newDraft = async () => {
    const created = await callEndpoint(server, createMessage, body([lung.ucpId]), { token });
    if (created.body.status !== 'success') throw new Error('create failed');
    return created.body.data.id;
  };
  const updatedAtOf = async (id: string) => {
    const view = await callEndpoint(server, getMessage, { id }, { token });
    if (view.body.status !== 'success') throw new Error('get failed');
    return view.body.data.updatedAt;
  };

  it('the options: searched by UCP id and either name, never the provider party', async () => {
    const ids = async (q?: string) => {
      const res = await callEndpoint(server, audienceOptions, q === undefined ? {} : { q }, { token });
      if (res.body.status !== 'success') throw new Error('options failed');
      return res.body.data.customers.map((c) => c.id);
    };
    expect(await ids(`Lung Cheong ${marker}`)).toEqual([lung.ucpId]);
    expect(await ids(`隆昌物流 ${marker}`)).toEqual([lung.ucpId]);
    expect(await ids(lung.ucpId.toLowerCase())).toEqual([lung.ucpId]);
    // The provider party matches these words, but it is not a customer.
    expect(await ids(`Pacific Imaging ${marker}`)).toEqual([]);
    expect(await ids(provider.ucpId)).toEqual([]);
    expect(await ids()).not.toContain(provider.ucpId);
  });

  it('a message addressed to the provider party is refused on create, update and send, with a translated field error', async () => {
    const refused = await callEndpoint(server, createMessage, body([lung.ucpId, provider.ucpId]), { token });
    expect(refused.status).toBe(400);
    expect(refused.body.status === 'error' && refused.body.error).toMatchObject({
      code: 'VALIDATION',
      fields: { customerIds: ['inbox-builder:validation.providerNotCustomer'] },
    });

    const id = await newDraft();
    const update = await callEndpoint(server, updateMessage, { id, version: await updatedAtOf(id), draft: body([provider.ucpId]) }, { token });
    expect(update.status).toBe(400);
    // Named by their path in the body, as the body schema's own errors are (the edit form maps both onto its fields).
    expect(update.body.status === 'error' && update.body.error.fields).toEqual({ 'draft.customerIds': ['inbox-builder:validation.providerNotCustomer'] });
    const tooLong = await callEndpoint(server, updateMessage, { id, version: await updatedAtOf(id), draft: body([lung.ucpId], { titleEn: 'x'.repeat(5000) }) }, { token });
    expect(tooLong.status).toBe(400);
    expect(Object.keys((tooLong.body.status === 'error' && tooLong.body.error.fields) || {})).toEqual(['draft.titleEn']);

    const withDraft = await callEndpoint(server, sendMessage, { id, draft: body([provider.ucpId]) }, { token });
    expect(withDraft.status).toBe(400);
    expect(withDraft.body.status === 'error' && withDraft.body.error.fields).toEqual({ 'draft.customerIds': ['inbox-builder:validation.providerNotCustomer'] });

    // A draft saved before the check (addressed to the provider in the database) is not scheduled either.
    await getHandle().db.update(inboxBroadcastTargets).set({ ucpId: provider.ucpId }).where(eq(inboxBroadcastTargets.messageId, id));
    const send = await callEndpoint(server, sendMessage, { id }, { token });
    expect(send.status).toBe(400);
    expect(send.body.status === 'error' && send.body.error.fields).toEqual({ customerIds: ['inbox-builder:validation.providerNotCustomer'] });
    expect((await stored(id)).status).toBe('draft');
  });

  it('send with the form as it stands: saved and scheduled in one step, the typed title included', async () => {
    const id = await newDraft();
    const at = new Date(Date.now() + 3 * 86_400_000);
    const res = await callEndpoint(server, sendMessage, { id, sendAt: at.toISOString(), draft: body([lung.ucpId], { titleEn: 'Christmas service hours' }) }, { token });
    expect(res.status).toBe(200);
    const row = await stored(id);
    expect(row).toMatchObject({ status: 'scheduled', titleEn: 'Christmas service hours', titleZh: '聖誕節服務時間' });
    expect(row.sendTime!.toISOString()).toBe(at.toISOString());
    const actions = (await getHandle().db.select().from(auditLog).where(and(eq(auditLog.entity, 'inbox_message'), eq(auditLog.entityId, id)))).map((r) => r.action).sort();
    expect(actions).toEqual(['create', 'schedule', 'update']);
  });

  it('a draft that fails its checks is neither saved nor sent; an unchanged one is sent without a second update', async () => {
    const id = await newDraft();
    const before = await stored(id);
    const bad = await callEndpoint(server, sendMessage, { id, draft: body([lung.ucpId], { titleZh: '', bodyEn: '<p>changed</p>' }) }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.status === 'error' && bad.body.error.fields).toHaveProperty(['draft.titleEn']);
    expect(await stored(id)).toEqual(before);

    const same = await callEndpoint(server, sendMessage, { id, draft: body([lung.ucpId]) }, { token });
    expect(same.status).toBe(200);
    const actions = (await getHandle().db.select().from(auditLog).where(and(eq(auditLog.entity, 'inbox_message'), eq(auditLog.entityId, id)))).map((r) => r.action).sort();
    expect(actions).toEqual(['create', 'schedule']);
  });

  it('send naming the version shown: refused with 409 when the message changed since, sent when it did not', async () => {
    const id = await newDraft();
    const shown = await updatedAtOf(id);
    // A colleague saves a change after the page was loaded.
    await new Promise((r) => setTimeout(r, 5));
    expect((await callEndpoint(server, updateMessage, { id, version: shown, draft: body([lung.ucpId], { titleEn: 'Changed by a colleague' }) }, { token })).status).toBe(200);
    const stale = await callEndpoint(server, sendMessage, { id, updatedAt: shown }, { token });
    expect(stale.status).toBe(409);
    expect(stale.body.status === 'error' && stale.body.error.code).toBe('CONFLICT');
    expect((await stored(id)).status).toBe('draft');
    const current = await callEndpoint(server, sendMessage, { id, updatedAt: await updatedAtOf(id) }, { token });
    expect(current.status).toBe(200);
    expect((await stored(id)).status).toBe('scheduled');
  });

  it('save and send naming the version its form was filled from: a colleague’s save since is neither overwritten nor sent', async () => {
    const id = await newDraft();
    const filled = await updatedAtOf(id);
    await new Promise((r) => setTimeout(r, 5));
    expect((await callEndpoint(server, updateMessage, { id, version: filled, draft: body([lung.ucpId], { titleEn: 'Changed by a colleague' }) }, { token })).status).toBe(200);
    const stale = await callEndpoint(server, sendMessage, { id, updatedAt: filled, draft: body([lung.ucpId], { titleEn: 'My older text' }) }, { token });
    expect(stale.status).toBe(409);
    expect(await stored(id)).toMatchObject({ status: 'draft', titleEn: 'Changed by a colleague' });
  });
});
