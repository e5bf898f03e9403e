import { apiRoutes } from '@/lib/server/api/routes';
import { addGroupMember, createCustomer, createMember, linkUserToCustomer, tokenFor, type CustomerRow, type GroupRow, type UserRow } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { useTestServer } from '../helpers/testServer';
import { createMessage, daysAgo, deliver, deliveryOf, sendTo, type Owner } from './inboxFixtures';
import { inboxContract } from '@/lib/inbox/contract';

const COUNT = inboxContract.endpoints.getEmailUnreadCount.path;
const LIST = inboxContract.endpoints.getEmailListSortByIsReadAndSendTime.path;
const CONTENT = inboxContract.endpoints.getEmailContent.path;
const MARK_ALL = inboxContract.endpoints.markAllAsRead.path;

const ITEM_KEYS = ['category', 'id', 'isRead', 'preview', 'sendTime', 'title'];
const CONTENT_KEYS = ['bodyHtml', 'category', 'id', 'isRead', 'sendTime', 'title'];

describe('inbox route table', () => {
  it('declares the four endpoints with permission home; count and content are silent', () => {
    for (const path of [COUNT, LIST, CONTENT, MARK_ALL]) expect(apiRoutes[path]?.permission).toEqual({ anyOf: ['home'] });
    expect(apiRoutes[COUNT]!.silent).toBe(true);
    expect(apiRoutes[CONTENT]!.silent).toBe(true);
    expect(apiRoutes[LIST]!.silent).toBe(false);
    expect(apiRoutes[MARK_ALL]!.silent).toBe(false);
  });
});

describeEachDb('inbox API', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = () => getHandle().db;

  type Caller = { user: UserRow; customer: CustomerRow; group: GroupRow; owner: Owner; token: string };
  /** A user holding `home` for a new customer, with a token for it. */
  async function caller(overrides: Parameters<typeof createMember>[2] = {}): Promise<Caller> {
    const m = await createMember(db(), ['home'], overrides);
    return { ...m, owner: { userAcUuid: m.user.userAcUuid, ucpId: m.customer.ucpId }, token: await tokenFor(m.user, m.customer.ucpId) };
  }
  /** The same user acting for a second customer (linked, same group): returns that customer and a token for it. */
  async function secondCustomer(c: Caller): Promise<{ customer: CustomerRow; owner: Owner; token: string }> {
    const customer = await createCustomer(db());
    await linkUserToCustomer(db(), c.user, customer);
    await addGroupMember(db(), c.group, c.user, customer);
    return { customer, owner: { userAcUuid: c.user.userAcUuid, ucpId: customer.ucpId }, token: await tokenFor(c.user, customer.ucpId) };
  }

  const count = async (token: string): Promise<number> => {
    const res = await server.post(COUNT, {}, { token });
    expect(res.status).toBe(200);
    return res.body.data as number;
  };
  const list = (token: string, body: Record<string, unknown> = {}) => server.post(LIST, { page: 1, pageSize: 50, ...body }, { token });
  const listIds = async (token: string, body: Record<string, unknown> = {}): Promise<string[]> => {
    const res = await list(token, body);
    expect(res.status).toBe(200);
    return (res.body.data.items as { id: string }[]).map((i) => i.id);
  };

  describe('getEmailUnreadCount', () => {
    it('counts the unread messages of the user for its current customer only', async () => {
      const c = await caller();
      expect(await count(c.token)).toBe(0);
      await sendTo(db(), c.owner);
      await sendTo(db(), c.owner);
      await sendTo(db(), c.owner, {}, { isRead: true });
      expect(await count(c.token)).toBe(2);

      // Not counted: the same user's messages for another customer, another user's, drafts, scheduled for later.
      const other = await secondCustomer(c);
      await sendTo(db(), other.owner);
      const stranger = await caller();
      await sendTo(db(), stranger.owner);
      const draft = await createMessage(db(), { status: 'draft', sendTime: null });
      await deliver(db(), draft, c.owner, { sendTime: daysAgo(1) });
      const later = await createMessage(db(), { sendTime: daysAgo(-2) });
      await deliver(db(), later, c.owner);

      expect(await count(c.token)).toBe(2);
      expect(await count(other.token)).toBe(1);
      expect(await count(stranger.token)).toBe(1);
    });

    it('answers a bare number in the envelope', async () => {
      const c = await caller();
      await sendTo(db(), c.owner);
      const res = await server.post(COUNT, {}, { token: c.token });
      expect(res.body).toEqual({ status: 'success', data: 1, traceId: expect.any(String) });
    });
  });

  describe('getEmailListSortByIsReadAndSendTime', () => {
    it('lists unread first, then newest, with exactly the item fields and a plain-text preview', async () => {
      const c = await caller();
      const readNew = await sendTo(db(), c.owner, { sendTime: daysAgo(1) }, { isRead: true });
      const unreadOld = await sendTo(db(), c.owner, { sendTime: daysAgo(30) });
      const readOld = await sendTo(db(), c.owner, { sendTime: daysAgo(40) }, { isRead: true });
      const unreadNew = await sendTo(db(), c.owner, {
        sendTime: daysAgo(2),
        category: 'billing',
        titleEn: 'Your e-bill is ready',
        bodyEn: '<p>Your <strong>October</strong> bill &amp; receipt</p><p>are ready.</p><script>alert(1)</script>',
      });

      const res = await list(c.token, { lang: 'en' });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(4);
      const items = res.body.data.items as Record<string, unknown>[];
      expect(items.map((i) => i.id)).toEqual([unreadNew.id, unreadOld.id, readNew.id, readOld.id]);
      expect(Object.keys(items[0]!).sort()).toEqual(ITEM_KEYS);
      expect(items[0]).toEqual({
        id: unreadNew.id,
        title: 'Your e-bill is ready',
        category: 'billing',
        sendTime: unreadNew.sendTime!.toISOString(),
        isRead: false,
        preview: 'Your October bill & receipt are ready.',
      });
      expect(items.map((i) => i.isRead)).toEqual([false, false, true, true]);
    });

    it('breaks ties of the same send time by id, so pages never overlap', async () => {
      const c = await caller();
      const at = daysAgo(3);
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.push((await sendTo(db(), c.owner, { sendTime: at })).id);
      const pages = [
        ...(await listIds(c.token, { page: 1, pageSize: 2 })),
        ...(await listIds(c.token, { page: 2, pageSize: 2 })),
        ...(await listIds(c.token, { page: 3, pageSize: 2 })),
      ];
      expect(pages).toEqual([...ids].sort());
    });

    it('pages in SQL: the total is of all matches, a page past the end is empty', async () => {
      const c = await caller();
      const made: string[] = [];
      for (let i = 0; i < 7; i += 1) made.push((await sendTo(db(), c.owner, { sendTime: daysAgo(10 - i) })).id);
      const newestFirst = [...made].reverse();
      const p1 = await list(c.token, { page: 1, pageSize: 3 });
      const p3 = await list(c.token, { page: 3, pageSize: 3 });
      const p4 = await list(c.token, { page: 4, pageSize: 3 });
      expect(p1.body.data.total).toBe(7);
      expect(p1.body.data.items.map((i: { id: string }) => i.id)).toEqual(newestFirst.slice(0, 3));
      expect(p3.body.data).toEqual({ items: [expect.objectContaining({ id: newestFirst[6] })], total: 7 });
      expect(p4.body.data).toEqual({ items: [], total: 7 });
    });

    it('searches the title case-insensitively; % and _ match only themselves', async () => {
      const c = await caller();
      const percent = await sendTo(db(), c.owner, { titleEn: 'Save 100% on toner' });
      const noPercent = await sendTo(db(), c.owner, { titleEn: 'Save 100 on toner' });
      const underscore = await sendTo(db(), c.owner, { titleEn: 'Read meter_a today' });
      const anyChar = await sendTo(db(), c.owner, { titleEn: 'Read meterXa today' });
      const backslash = await sendTo(db(), c.owner, { titleEn: 'Folder C:\\scans moved' });

      expect(await listIds(c.token, { search: '100%', lang: 'en' })).toEqual([percent.id]);
      expect((await listIds(c.token, { search: '%', lang: 'en' })).sort()).toEqual([percent.id]);
      expect(await listIds(c.token, { search: 'meter_a', lang: 'en' })).toEqual([underscore.id]);
      expect(await listIds(c.token, { search: '_', lang: 'en' })).toEqual([underscore.id]);
      expect(await listIds(c.token, { search: 'c:\\SCANS', lang: 'en' })).toEqual([backslash.id]);
      expect((await listIds(c.token, { search: 'SAVE 100', lang: 'en' })).sort()).toEqual([percent.id, noPercent.id].sort());
      expect((await listIds(c.token, { search: '  read METER', lang: 'en' })).sort()).toEqual([underscore.id, anyChar.id].sort());
      // Blank search = no filter; the total follows the search.
      const all = await list(c.token, { search: '   ', lang: 'en' });
      expect(all.body.data.total).toBe(5);
      const none = await list(c.token, { search: 'no such title', lang: 'en' });
      expect(none.body.data).toEqual({ items: [], total: 0 });
    });

    it('reads a search typed in full-width mode as plain letters and digits, as every other list does; Chinese punctuation stays', async () => {
      const c = await caller();
      const shipped = await sendTo(db(), c.owner, { titleEn: 'Toner shipment dispatched (order TO-2026-000123)', titleZh: '碳粉已寄出（訂單 TO-2026-000123）' });
      // A Chinese input method in full-width mode types ＴＯ－２０２６ for TO-2026.
      expect(await listIds(c.token, { search: 'ＴＯ－２０２６', lang: 'en' })).toEqual([shipped.id]);
      expect(await listIds(c.token, { search: '訂單\u3000ｔｏ－２０２６', lang: 'tc' })).toEqual([shipped.id]);
      expect(await listIds(c.token, { search: '（訂單', lang: 'tc' })).toEqual([shipped.id]);
      // Blank at the ends, as a paste brings it, is no part of the search.
      expect(await listIds(c.token, { search: '\u200bTO-2026\u200b', lang: 'en' })).toEqual([shipped.id]);
    });

    it('searches and shows the title in the requested language, falling back to the other one', async () => {
      const c = await caller();
      const both = await sendTo(db(), c.owner, { titleEn: 'Maintenance visit', titleZh: '定期保養', bodyEn: '<p>Engineer visit</p>', bodyZh: '<p>工程師到訪</p>' });
      const enOnly = await sendTo(db(), c.owner, { titleEn: 'English only notice', titleZh: '', bodyZh: '' , bodyEn: '<p>Only English</p>' });

      const tc = await list(c.token, { lang: 'tc' });
      const byId = (items: { id: string }[], id: string) => items.find((i) => i.id === id) as Record<string, unknown>;
      expect(byId(tc.body.data.items, both.id)).toMatchObject({ title: '定期保養', preview: '工程師到訪' });
      expect(byId(tc.body.data.items, enOnly.id)).toMatchObject({ title: 'English only notice', preview: 'Only English' });

      expect(await listIds(c.token, { search: '保養', lang: 'tc' })).toEqual([both.id]);
      expect(await listIds(c.token, { search: '保養', lang: 'en' })).toEqual([]);
      expect(await listIds(c.token, { search: 'maintenance', lang: 'en' })).toEqual([both.id]);
      // The fallback title is searchable too: it is the title the user sees.
      expect(await listIds(c.token, { search: 'english only', lang: 'tc' })).toEqual([enOnly.id]);
    });

    it("uses the user's preferred language when no lang is given", async () => {
      const c = await caller({ user: { preferredLanguage: 'tc' } });
      await sendTo(db(), c.owner, { titleEn: 'Hello', titleZh: '你好' });
      const res = await list(c.token);
      expect(res.body.data.items[0].title).toBe('你好');
    });

    it('cuts long previews to about 140 characters', async () => {
      const c = await caller();
      const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
      await sendTo(db(), c.owner, { bodyEn: `<p>${long}</p>` });
      const res = await list(c.token, { lang: 'en' });
      const preview = res.body.data.items[0].preview as string;
      expect(preview.length).toBeLessThanOrEqual(140);
      expect(preview.length).toBeGreaterThan(100);
      expect(preview.endsWith('…')).toBe(true);
      expect(long.startsWith(preview.slice(0, -1))).toBe(true);
    });

    it("never lists another user's or another customer's messages", async () => {
      const c = await caller();
      const mine = await sendTo(db(), c.owner);
      const other = await secondCustomer(c);
      const forOther = await sendTo(db(), other.owner);
      const stranger = await caller();
      const shared = await createMessage(db());
      await deliver(db(), shared, stranger.owner);
      await deliver(db(), shared, c.owner, { isRead: true });

      expect((await listIds(c.token)).sort()).toEqual([mine.id, shared.id].sort());
      expect(await listIds(other.token)).toEqual([forOther.id]);
      expect(await listIds(stranger.token)).toEqual([shared.id]);
      // The stranger's copy of a shared message keeps its own read state.
      const res = await list(stranger.token);
      expect(res.body.data.items[0].isRead).toBe(false);
    });

    it('refuses bad bodies with 400 VALIDATION', async () => {
      const c = await caller();
      for (const body of [
        { page: 0, pageSize: 10 },
        { page: 1, pageSize: 0 },
        { page: 1, pageSize: 51 },
        { page: 1.5, pageSize: 10 },
        { page: '1', pageSize: 10 },
        { pageSize: 10 },
        { page: 1, pageSize: 10, lang: 'zh' },
        { page: 1, pageSize: 10, search: 'x'.repeat(101) },
        { page: 1, pageSize: 10, ucpId: c.customer.ucpId },
        { page: 1, pageSize: 10, sort: 'title' },
      ]) {
        const res = await server.post(LIST, body, { token: c.token });
        expect([JSON.stringify(body), res.status, res.body.error?.code]).toEqual([JSON.stringify(body), 400, 'VALIDATION']);
      }
    });
  });

  describe('getEmailContent', () => {
    it('returns the message with sanitized HTML and marks it read, once', async () => {
      const c = await caller();
      const message = await sendTo(db(), c.owner, {
        category: 'billing',
        titleEn: 'E-bill ready',
        bodyEn:
          '<p onclick="steal()">Pay <a href="javascript:alert(1)">here</a> or <a href="/my-account/manage-my-bills">online</a>' +
          '<a href="https://example.com/x">site</a></p><script>alert(1)</script><img src=x onerror=alert(1)><p style="color:red" class="x">ok</p>',
      });
      await sendTo(db(), c.owner);
      expect(await count(c.token)).toBe(2);

      const res = await server.post(CONTENT, { id: message.id, lang: 'en' }, { token: c.token });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(CONTENT_KEYS);
      expect(res.body.data).toEqual({
        id: message.id,
        title: 'E-bill ready',
        category: 'billing',
        sendTime: message.sendTime!.toISOString(),
        isRead: true,
        bodyHtml:
          '<p>Pay <a>here</a> or <a href="/my-account/manage-my-bills">online</a>' +
          '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">site</a></p><p>ok</p>',
      });
      expect(await count(c.token)).toBe(1);
      const first = await deliveryOf(db(), message.id, c.owner);
      expect(first).toMatchObject({ isRead: true, readAt: expect.any(Date) });

      // Opening it again: same answer, the first read time stays, the count does not move.
      const again = await server.post(CONTENT, { id: message.id, lang: 'en' }, { token: c.token });
      expect(again.body.data).toEqual(res.body.data);
      expect((await deliveryOf(db(), message.id, c.owner))?.readAt).toEqual(first!.readAt);
      expect(await count(c.token)).toBe(1);
      const listed = await list(c.token);
      expect(listed.body.data.items.find((i: { id: string }) => i.id === message.id).isRead).toBe(true);
    });

    it('gives the requested language, falling back to the other one when it is empty', async () => {
      const c = await caller();
      const both = await sendTo(db(), c.owner, { titleEn: 'Notice', titleZh: '通知', bodyEn: '<p>English</p>', bodyZh: '<p>中文</p>' });
      const zhOnly = await sendTo(db(), c.owner, { titleEn: '', titleZh: '只有中文', bodyEn: '', bodyZh: '<p>中文內容</p>' });
      const get = async (id: string, lang: string) => (await server.post(CONTENT, { id, lang }, { token: c.token })).body.data;
      expect(await get(both.id, 'tc')).toMatchObject({ title: '通知', bodyHtml: '<p>中文</p>' });
      expect(await get(both.id, 'en')).toMatchObject({ title: 'Notice', bodyHtml: '<p>English</p>' });
      expect(await get(zhOnly.id, 'en')).toMatchObject({ title: '只有中文', bodyHtml: '<p>中文內容</p>' });
    });

    it("answers 404 NOT_FOUND for another user's, another customer's, an unsent or an unknown message, and marks nothing", async () => {
      const c = await caller();
      const stranger = await caller();
      const theirs = await sendTo(db(), stranger.owner);
      const other = await secondCustomer(c);
      const otherCustomers = await sendTo(db(), other.owner);
      const draft = await createMessage(db(), { status: 'draft', sendTime: null });
      await deliver(db(), draft, c.owner, { sendTime: daysAgo(1) });
      const scheduled = await createMessage(db(), { sendTime: daysAgo(-1) });
      await deliver(db(), scheduled, c.owner);

      const unknown = await server.post(CONTENT, { id: '00000000-0000-4000-8000-000000000000' }, { token: c.token });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('NOT_FOUND');
      for (const id of [theirs.id, otherCustomers.id, draft.id, scheduled.id]) {
        const res = await server.post(CONTENT, { id }, { token: c.token });
        expect(res.status).toBe(404);
        // Same answer as a message that does not exist: nothing tells that it does.
        expect(res.body.error).toEqual(unknown.body.error);
      }
      expect((await deliveryOf(db(), theirs.id, stranger.owner))?.isRead).toBe(false);
      expect((await deliveryOf(db(), otherCustomers.id, other.owner))?.isRead).toBe(false);
      expect((await deliveryOf(db(), draft.id, c.owner))?.isRead).toBe(false);
      expect(await count(stranger.token)).toBe(1);
      expect(await count(other.token)).toBe(1);

      // The same user reaches it once it acts for the customer it was sent for.
      const ok = await server.post(CONTENT, { id: otherCustomers.id }, { token: other.token });
      expect(ok.status).toBe(200);
    });

    it('refuses a malformed id or extra keys with 400', async () => {
      const c = await caller();
      for (const body of [{}, { id: 'not-a-uuid' }, { id: 1 }, { id: '00000000-0000-4000-8000-000000000000', ucpId: 'X' }]) {
        const res = await server.post(CONTENT, body, { token: c.token });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION');
      }
    });
  });

  describe('markAllAsRead', () => {
    it('marks every visible unread message of the current customer and says how many', async () => {
      const c = await caller();
      await sendTo(db(), c.owner);
      await sendTo(db(), c.owner);
      const alreadyRead = await sendTo(db(), c.owner, {}, { isRead: true });
      const readAtBefore = (await deliveryOf(db(), alreadyRead.id, c.owner))?.readAt;
      const other = await secondCustomer(c);
      await sendTo(db(), other.owner);
      const scheduled = await createMessage(db(), { sendTime: daysAgo(-1) });
      await deliver(db(), scheduled, c.owner);

      const res = await server.post(MARK_ALL, {}, { token: c.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ updated: 2 });
      expect(await count(c.token)).toBe(0);
      expect((await listIds(c.token)).length).toBe(3);
      const items = (await list(c.token)).body.data.items as { isRead: boolean }[];
      expect(items.every((i) => i.isRead)).toBe(true);
      // Untouched: the other customer's inbox, the earlier read time, a message not yet sent.
      expect(await count(other.token)).toBe(1);
      expect((await deliveryOf(db(), alreadyRead.id, c.owner))?.readAt).toEqual(readAtBefore);
      expect((await deliveryOf(db(), scheduled.id, c.owner))?.isRead).toBe(false);

      const again = await server.post(MARK_ALL, {}, { token: c.token });
      expect(again.body.data).toEqual({ updated: 0 });
    });

    it('refuses a body with keys (400)', async () => {
      const c = await caller();
      const res = await server.post(MARK_ALL, { ucpId: c.customer.ucpId }, { token: c.token });
      expect(res.status).toBe(400);
    });
  });

  describe('access', () => {
    it('needs a token (401), a selected customer and the home code (403)', async () => {
      const withoutHome = await createMember(db(), ['mgt_bills_read']);
      const noHomeToken = await tokenFor(withoutHome.user, withoutHome.customer.ucpId);
      const c = await caller();
      const noCustomerToken = await tokenFor(c.user, null);
      const bodies: Record<string, unknown> = {
        [COUNT]: {},
        [LIST]: { page: 1, pageSize: 10 },
        [CONTENT]: { id: '00000000-0000-4000-8000-000000000000' },
        [MARK_ALL]: {},
      };
      for (const [path, body] of Object.entries(bodies)) {
        expect([path, (await server.post(path, body)).status]).toEqual([path, 401]);
        expect([path, (await server.post(path, body, { token: noHomeToken })).status]).toEqual([path, 403]);
        expect([path, (await server.post(path, body, { token: noCustomerToken })).status]).toEqual([path, 403]);
      }
    });

    it("refuses a token naming a customer the user is not linked to (401), so nobody reads another customer's inbox", async () => {
      const c = await caller();
      await sendTo(db(), c.owner);
      expect(await count(c.token)).toBe(1);
      // A token naming a customer the user is not linked to is refused before the inbox is read.
      const stranger = await caller();
      const forged = await tokenFor(stranger.user, c.customer.ucpId);
      const res = await server.post(COUNT, {}, { token: forged });
      expect(res.status).toBe(401);
    });
  });
});
