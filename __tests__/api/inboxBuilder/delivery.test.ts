import { and, eq, sql } from 'drizzle-orm';
import { messageDraftSchema, type MessageDraftInput } from '@/lib/inboxBuilder/schemas';
import { isPortalPagePath } from '@/lib/paths';
import { serviceContext, type Actor } from '@/lib/server/context';
import { auditLog, inboxBroadcasts, inboxDeliveries, inboxMessages, outbox, userMailPreferences } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { registerMailSettings } from '@/lib/server/mail/settings';
import { dispatchDueMessages } from '@/lib/server/services/inboxBuilder/deliver';
import {
  createBuilderMessage,
  getBuilderMessage,
  sendBuilderMessage,
  unscheduleBuilderMessage,
  updateBuilderMessage,
} from '@/lib/server/services/inboxBuilder/messages';
import { AppError } from '@/lib/server/errors';
import { addGroupMember, createCustomer, createGroup, createUser, linkUserToCustomer, type CustomerRow, type UserRow } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { queryRows } from '@/lib/server/db/rows';

const raw = (over: Partial<MessageDraftInput> = {}): MessageDraftInput => ({
    titleEn: 'Service hours over Christmas',
    titleZh: '聖誕節服務時間',
    bodyEn: '<p>Our hotline closes at 1 pm on 24 December.</p>',
    bodyZh: '<p>熱線於12月24日下午1時停止服務。</p>',
    category: 'service',
    audience: 'customers',
    customerIds: ['UCP100001'],
    ...over,
  });
const draft = (over: Partial<MessageDraftInput> = {}) => messageDraftSchema.parse(raw(over));

/** Hostile bodies: every one must come out without script, handlers, dangerous URLs or foreign tags. */
const HOSTILE = [
  '<script>alert(1)</script><p>x</p>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">a</a>',
  '<a href="JaVaScRiPt:alert(1)">a</a>',
  '<a href="&#106;avascript:alert(1)">a</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a>',
  '<a href="vbscript:msgbox(1)">a</a>',
  '<a href="//evil.example/x">a</a>',
  '<a href="/\\evil.example">a</a>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">p</p>',
  '<svg onload=alert(1)><circle/></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<scr<script>ipt>alert(1)</script>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<form action="https://evil.example"><input name=a></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<p>unclosed <b>bold',
  '<object data="x.swf"></object><embed src="x.swf">',
];

describeEachDb('build inbox message: delivery', (getHandle) => {
  const db = (): Db => getHandle().db;
  let staff: UserRow;
  const staffCtx = (now?: Date) =>
    serviceContext<Actor>({
      db: db(),
      actor: { userAcUuid: staff.userAcUuid, ucpId: 'PROVIDER', isProviderStaff: true, codes: new Set(['build_inbox_message_write']) },
      ...(now ? { now: () => now } : {}),
    });
  const jobCtx = (now?: Date) => serviceContext({ db: db(), actor: null, ...(now ? { now: () => now } : {}) });

  beforeAll(async () => {
    staff = await createUser(db(), { isProviderStaff: true });
    registerMailSettings({ publicUrl: 'https://portal.example.hk', smtpConfigured: false });
  });
  afterAll(() => registerMailSettings(undefined));

  async function customerWithUsers(n: number, overrides: Partial<UserRow>[] = []): Promise<{ customer: CustomerRow; users: UserRow[] }> {
    const customer = await createCustomer(db());
    const users: UserRow[] = [];
    for (let i = 0; i < n; i += 1) {
      const u = await createUser(db(), overrides[i] ?? {});
      await linkUserToCustomer(db(), u, customer);
      users.push(u);
    }
    return { customer, users };
  }
  const deliveriesOf = (messageId: string) => db().select().from(inboxDeliveries).where(eq(inboxDeliveries.messageId, messageId));
  const mailsFor = async (messageId: string) =>
    (await db().select().from(outbox).where(eq(outbox.template, 'inbox_message'))).filter((m) => m.textBody.includes(`id=${messageId}`));
  const statusOf = async (id: string) => (await db().select({ s: inboxMessages.status }).from(inboxMessages).where(eq(inboxMessages.id, id)))[0]!.s;

  it('chosen customers: every active user of those customers, once per customer, and e-mails to those who want one', async () => {
    const a = await customerWithUsers(3, [{}, { status: 'inactive' }, {}]);
    const other = await customerWithUsers(1);
    const optedOut = a.users[2]!;
    await db().insert(userMailPreferences).values({ userAcUuid: optedOut.userAcUuid, inboxEmail: false });
    const { id } = await createBuilderMessage(staffCtx(), draft({ customerIds: [a.customer.ucpId] }));
    await sendBuilderMessage(staffCtx(), id);
    const delivered = await dispatchDueMessages(jobCtx(), { instance: 'A' });
    expect(delivered).toContainEqual({ messageId: id, recipients: 2 });
    const rows = await deliveriesOf(id);
    expect(rows.map((r) => r.userAcUuid).sort()).toEqual([a.users[0]!.userAcUuid, optedOut.userAcUuid].sort());
    expect(rows.every((r) => r.ucpId === a.customer.ucpId && !r.isRead)).toBe(true);
    expect(rows.some((r) => r.userAcUuid === other.users[0]!.userAcUuid)).toBe(false);
    expect(await statusOf(id)).toBe('sent');
    const mails = await mailsFor(id);
    expect(mails.map((m) => m.toAddress)).toEqual([a.users[0]!.email]);
    expect(mails[0]!.status).toBe('kept');
    expect(mails[0]!.textBody).toContain(`https://portal.example.hk/inbox?ucpid=${a.customer.ucpId}&id=${id}`);
    const view = await getBuilderMessage(staffCtx(), id);
    expect(view).toMatchObject({ status: 'sent', recipients: 2, readCount: 0 });
    // Read counts follow the deliveries.
    await db().update(inboxDeliveries).set({ isRead: true, readAt: new Date() }).where(and(eq(inboxDeliveries.messageId, id), eq(inboxDeliveries.userAcUuid, optedOut.userAcUuid)));
    expect((await getBuilderMessage(staffCtx(), id)).readCount).toBe(1);
  });

  it('user groups: the members, for the customer each membership is for', async () => {
    const a = await customerWithUsers(2);
    const b = await customerWithUsers(1);
    await linkUserToCustomer(db(), a.users[0]!, b.customer); // also acts for b, but is a member only for a
    const group = await createGroup(db(), ['home']);
    await addGroupMember(db(), group, a.users[0]!, a.customer);
    await addGroupMember(db(), group, b.users[0]!, b.customer);
    const { id } = await createBuilderMessage(staffCtx(), draft({ audience: 'groups', groupIds: [group.id], notifyByEmail: false }));
    await sendBuilderMessage(staffCtx(), id);
    await dispatchDueMessages(jobCtx(), { instance: 'A' });
    const rows = await deliveriesOf(id);
    expect(rows.map((r) => `${r.userAcUuid}/${r.ucpId}`).sort()).toEqual(
      [`${a.users[0]!.userAcUuid}/${a.customer.ucpId}`, `${b.users[0]!.userAcUuid}/${b.customer.ucpId}`].sort(),
    );
    expect(await mailsFor(id)).toHaveLength(0); // notifyByEmail off
  });

  it('all customer users: every active link, provider staff and inactive customers left out', async () => {
    const a = await customerWithUsers(1);
    const closed = await customerWithUsers(1);
    await db().execute(sql`update customers set status = 'inactive' where ucp_id = ${closed.customer.ucpId}`);
    await linkUserToCustomer(db(), staff, a.customer);
    const { id } = await createBuilderMessage(staffCtx(), draft({ audience: 'all_customers', notifyByEmail: false }));
    await sendBuilderMessage(staffCtx(), id);
    await dispatchDueMessages(jobCtx(), { instance: 'A' });
    const expected = (
      await queryRows(db(), sql`select uc.user_ac_uuid from user_customers uc join user_accounts u using (user_ac_uuid) join customers c using (ucp_id)
        where u.status = 'active' and not u.is_provider_staff and c.status = 'active'`)
    ).length;
    const rows = await deliveriesOf(id);
    expect(rows).toHaveLength(expected);
    expect(rows.some((r) => r.userAcUuid === a.users[0]!.userAcUuid)).toBe(true);
    expect(rows.some((r) => r.userAcUuid === staff.userAcUuid)).toBe(false);
    expect(rows.some((r) => r.ucpId === closed.customer.ucpId)).toBe(false);
  });

  it('is delivered exactly once when two schedulers run at the same time', async () => {
    const a = await customerWithUsers(5);
    const { id } = await createBuilderMessage(staffCtx(), draft({ customerIds: [a.customer.ucpId] }));
    await sendBuilderMessage(staffCtx(), id);
    const [one, two] = await Promise.all([
      dispatchDueMessages(jobCtx(), { instance: 'A', batchSize: 2 }),
      dispatchDueMessages(jobCtx(), { instance: 'B', batchSize: 2 }),
    ]);
    const winners = [...one, ...two].filter((d) => d.messageId === id);
    expect(winners).toEqual([{ messageId: id, recipients: 5 }]);
    expect(await deliveriesOf(id)).toHaveLength(5);
    expect(await mailsFor(id)).toHaveLength(5);
    // A third run finds nothing to do.
    expect((await dispatchDueMessages(jobCtx(), { instance: 'C' })).some((d) => d.messageId === id)).toBe(false);
  });

  it('takes over from an instance that died mid-delivery without delivering or mailing anyone twice', async () => {
    const a = await customerWithUsers(3);
    const { id } = await createBuilderMessage(staffCtx(), draft({ customerIds: [a.customer.ucpId] }));
    const now = new Date();
    await sendBuilderMessage(staffCtx(now), id);
    // Instance "dead" claimed it 20 minutes ago and delivered to one user before it stopped.
    await db().update(inboxBroadcasts).set({ claimedBy: 'dead', claimedAt: new Date(now.getTime() - 20 * 60_000) }).where(eq(inboxBroadcasts.messageId, id));
    const [msg] = await db().select().from(inboxMessages).where(eq(inboxMessages.id, id));
    await db().insert(inboxDeliveries).values({ messageId: id, userAcUuid: a.users[0]!.userAcUuid, ucpId: a.customer.ucpId, sendTime: msg!.sendTime! });
    // A fresh claim is respected…
    await db().update(inboxBroadcasts).set({ claimedAt: new Date(now.getTime() - 60_000) }).where(eq(inboxBroadcasts.messageId, id));
    expect((await dispatchDueMessages(jobCtx(now), { instance: 'B' })).some((d) => d.messageId === id)).toBe(false);
    // …a stale one is taken over.
    await db().update(inboxBroadcasts).set({ claimedAt: new Date(now.getTime() - 20 * 60_000) }).where(eq(inboxBroadcasts.messageId, id));
    expect(await dispatchDueMessages(jobCtx(now), { instance: 'B' })).toContainEqual({ messageId: id, recipients: 3 });
    expect(await deliveriesOf(id)).toHaveLength(3);
    expect((await mailsFor(id)).map((m) => m.toAddress).sort()).toEqual([a.users[1]!.email, a.users[2]!.email].sort());
  });

  it('scheduled for later: not delivered before its time, delivered at it; can be taken back until then', async () => {
    const a = await customerWithUsers(1);
    const now = new Date();
    const at = new Date(now.getTime() + 60 * 60_000);
    const { id } = await createBuilderMessage(staffCtx(now), draft({ customerIds: [a.customer.ucpId] }));
    const scheduled = await sendBuilderMessage(staffCtx(now), id, at.toISOString());
    expect(scheduled).toEqual({ id, status: 'scheduled', sendTime: at.toISOString() });
    expect((await dispatchDueMessages(jobCtx(now), { instance: 'A' })).some((d) => d.messageId === id)).toBe(false);
    expect(await deliveriesOf(id)).toHaveLength(0);
    // Editing needs a draft: take it back, then schedule again.
    await expect(updateBuilderMessage(staffCtx(now), id, draft({ customerIds: [a.customer.ucpId] }), now.toISOString())).rejects.toMatchObject({ code: 'MESSAGE_NOT_DRAFT' });
    await unscheduleBuilderMessage(staffCtx(now), id);
    expect(await statusOf(id)).toBe('draft');
    const { updatedAt: version } = await getBuilderMessage(staffCtx(now), id);
    await updateBuilderMessage(staffCtx(now), id, draft({ customerIds: [a.customer.ucpId], titleEn: 'Changed' }), version);
    await sendBuilderMessage(staffCtx(now), id, at.toISOString());
    const later = new Date(at.getTime() + 60_000);
    expect(await dispatchDueMessages(jobCtx(later), { instance: 'A' })).toContainEqual({ messageId: id, recipients: 1 });
    const [row] = await deliveriesOf(id);
    expect(row!.sendTime.toISOString()).toBe(at.toISOString());
    await expect(sendBuilderMessage(staffCtx(later), id)).rejects.toMatchObject({ code: 'MESSAGE_NOT_DRAFT' });
    await expect(unscheduleBuilderMessage(staffCtx(later), id)).rejects.toMatchObject({ code: 'MESSAGE_NOT_DRAFT' });
    // A year and more ahead is refused.
    const { id: far } = await createBuilderMessage(staffCtx(now), draft({ customerIds: [a.customer.ucpId] }));
    await expect(sendBuilderMessage(staffCtx(now), far, new Date(now.getTime() + 400 * 86_400_000).toISOString())).rejects.toBeInstanceOf(AppError);
    // Every change is audited.
    const actions = (await db().select().from(auditLog).where(eq(auditLog.entityId, id))).map((r) => r.action).sort();
    expect(actions).toEqual(['create', 'schedule', 'schedule', 'unschedule', 'update']);
  });

  it('sanitizes hostile bodies on write', async () => {
    const a = await customerWithUsers(1);
    for (const body of HOSTILE) {
      const { id } = await createBuilderMessage(staffCtx(), draft({ customerIds: [a.customer.ucpId], bodyEn: body, bodyZh: body }));
      const [row] = await db().select().from(inboxMessages).where(eq(inboxMessages.id, id));
      for (const stored of [row!.bodyEn, row!.bodyZh]) {
        expect(stored).not.toMatch(/<\s*(script|img|svg|iframe|meta|base|form|input|math|style|object|embed|noscript)/i);
        expect(stored).not.toMatch(/\son\w+\s*=/i);
        expect(stored).not.toMatch(/javascript:|vbscript:|data:|style=/i);
        expect(stored).not.toMatch(/href="\/\/|href="\/\\/);
      }
    }
  });

  // QA: a body typed without tags ("Paragraph one", a blank line, "Paragraph two") was shown as one run-on paragraph
  // in the inbox and the builder's preview: HTML collapses line breaks.
  it('keeps the paragraphs and line breaks of a body typed as plain text, escaped; HTML stays as written', async () => {
    const a = await customerWithUsers(1);
    const { id } = await createBuilderMessage(
      staffCtx(),
      draft({ customerIds: [a.customer.ucpId], bodyEn: 'Dear customer,\n\nOur hotline closes at 1 pm.\nSee you on 28 Dec & <b>thanks</b>', bodyZh: '第一段。\n\n第二段，a < b 😀\n' }),
    );
    const [row] = await db().select().from(inboxMessages).where(eq(inboxMessages.id, id));
    // A tag anywhere makes it HTML: sanitized, its line breaks left to the markup.
    expect(row!.bodyEn).toBe('Dear customer,\n\nOur hotline closes at 1 pm.\nSee you on 28 Dec &amp; <b>thanks</b>');
    expect(row!.bodyZh).toBe('<p>第一段。</p><p>第二段，a &lt; b 😀</p>');
    const { id: id2 } = await createBuilderMessage(staffCtx(), draft({ customerIds: [a.customer.ucpId], bodyEn: 'Dear customer,\r\n\r\nOur hotline closes at 1 pm.\nSee you on 28 Dec.' }));
    const [row2] = await db().select().from(inboxMessages).where(eq(inboxMessages.id, id2));
    expect(row2!.bodyEn).toBe('<p>Dear customer,</p><p>Our hotline closes at 1 pm.<br />See you on 28 Dec.</p>');
  });

  // QA: editing a draft typed as plain text showed its stored HTML (`<p>…</p><br />`) in the text box, and a body
  // typed near the 20 000-character limit came back over it once converted, so the untouched form could not be saved.
  it('gives the edit form a plain-text body back as typed, within the limit, and saving it unchanged changes nothing', async () => {
    const a = await customerWithUsers(1);
    const typed = 'Dear customer,\n\nHotline: 1 pm & "later" <3\nIt\'s 28 Dec.';
    const line = 'Fees & charges < HK$5 > "due"\n';
    const long = line.repeat(Math.floor(19_990 / line.length));
    expect(long.length).toBeLessThanOrEqual(20_000);
    const { id } = await createBuilderMessage(staffCtx(), draft({ customerIds: [a.customer.ucpId], bodyEn: typed, bodyZh: long }));
    const m = await getBuilderMessage(staffCtx(), id);
    expect(m.bodyEn).toBe('<p>Dear customer,</p><p>Hotline: 1 pm &amp; "later" &lt;3<br />It\'s 28 Dec.</p>');
    expect(m.bodyZh.length).toBeGreaterThan(20_000);
    expect(m.bodyEnInput).toBe(typed);
    expect(m.bodyZhInput).toBe(long.trimEnd());
    // The form as loaded is valid, and saving it stores the same bodies (no update, no audit row).
    const asLoaded = messageDraftSchema.safeParse({ ...raw({ customerIds: [a.customer.ucpId] }), titleEn: m.titleEn, titleZh: m.titleZh, bodyEn: m.bodyEnInput, bodyZh: m.bodyZhInput });
    expect(asLoaded.success).toBe(true);
    await updateBuilderMessage(staffCtx(new Date(Date.now() + 60_000)), id, asLoaded.data!, m.updatedAt);
    expect((await getBuilderMessage(staffCtx(), id)).updatedAt).toBe(m.updatedAt);
    // A body written as HTML is edited as that HTML.
    const { id: html } = await createBuilderMessage(staffCtx(), draft({ customerIds: [a.customer.ucpId], bodyEn: '<p>It is <strong>ready</strong>.</p>' }));
    expect((await getBuilderMessage(staffCtx(), html)).bodyEnInput).toBe('<p>It is <strong>ready</strong>.</p>');
  });

  it('refuses a provider staff group as an audience: its members are staff, not customers (the picker offers customer groups only)', async () => {
    const customer = await createCustomer(db(), { isProvider: true });
    const member = await createUser(db(), { isProviderStaff: true });
    const staffGroup = await createGroup(db(), ['home'], { overrides: { groupType: 'provider' } });
    await linkUserToCustomer(db(), member, customer);
    await addGroupMember(db(), staffGroup, member, customer);
    await expect(createBuilderMessage(staffCtx(), draft({ audience: 'groups', groupIds: [staffGroup.id] }))).rejects.toMatchObject({
      code: 'VALIDATION',
      fields: { groupIds: ['inbox-builder:validation.providerGroup'] },
    });
    // A draft addressed to one before the check is not sent either.
    const group = await createGroup(db(), ['home']);
    const { id } = await createBuilderMessage(staffCtx(), draft({ audience: 'groups', groupIds: [group.id], notifyByEmail: false }));
    await db().execute(sql`update inbox_broadcast_targets set group_id = ${staffGroup.id} where message_id = ${id}`);
    await expect(sendBuilderMessage(staffCtx(), id)).rejects.toMatchObject({ fields: { groupIds: ['inbox-builder:validation.providerGroup'] } });
    await dispatchDueMessages(jobCtx(), { instance: 'A' });
    expect(await deliveriesOf(id)).toHaveLength(0);
  });

  it('refuses unknown customers and groups, and links outside the portal', async () => {
    await expect(createBuilderMessage(staffCtx(), draft({ customerIds: ['UCP-NOPE'] }))).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(createBuilderMessage(staffCtx(), draft({ audience: 'groups', groupIds: ['00000000-0000-4000-8000-000000000000'] }))).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(isPortalPagePath('/my-account/manage-my-bills')).toBe(true);
    expect(isPortalPagePath('/my-orders/manage/ORD-1')).toBe(true);
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil', '/login', '/weblogin', '/no-such-page', 'javascript:alert(1)', '/inbox?x=1', '/my-orders/manage/[id]'])
      expect(isPortalPagePath(bad)).toBe(false);
    expect(messageDraftSchema.safeParse({ ...raw(), linkPath: '//evil.example' }).success).toBe(false);
    expect(messageDraftSchema.safeParse({ ...raw(), titleEn: '', titleZh: '' }).success).toBe(false);
    expect(messageDraftSchema.safeParse({ ...raw(), customerIds: [] }).success).toBe(false);
    expect(messageDraftSchema.safeParse({ ...raw(), titleEn: 'a\u0000b' }).success).toBe(false);
  });
});
