import { asc, eq } from 'drizzle-orm';
import { seedDemo } from '@/lib/server/db/seed';
import { SEED_INBOX_DATE, SEED_INBOX_MESSAGES, dispatchedOrderOf, noticedBillsOf, renewalContractOf, seedInbox } from '@/lib/server/db/seedData/inbox';
import { buildSeedBills, buildSeedSlips } from '@/lib/server/db/seedData/billing';
import { daysBetween } from '@/lib/dates/hongKong';
import { datesQuotedIn, monthsQuotedIn } from '../helpers/quotedDates';
import { buildSeedOrders, SEED_ORDERS_DATE } from '@/lib/server/db/seedData/orders';
import { CONTRACT_ID, SEED_CONTRACTS, SEED_DAY, SEED_PRODUCTS } from '@/lib/server/db/seedData/equipment';
import { findRoute } from '@/lib/permissions/routes';
import { inboxDeliveries, inboxMessages, userAccounts } from '@/lib/server/db/schema';
import { DEMO_UCP, PROVIDER_UCP_ID } from '@/lib/server/db/seedData';
import { sanitizeRichText } from '@/lib/server/sanitize';
import { tokenFor } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { useTestServer } from '../helpers/testServer';
import { inboxContract } from '@/lib/inbox/contract';

const DAY = 86_400_000;
const msgId = (n: number): string => `5eed0010-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('demo data quotes only what exists (issue 10 item 5)', () => {
  const orders = buildSeedOrders();
  const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);

  it('every link in a seeded message opens a built page (or is an outside address)', () => {
    for (const m of SEED_INBOX_MESSAGES) {
      for (const href of [...hrefs(m.bodyEn), ...hrefs(m.bodyZh)]) {
        if (/^(https?:|mailto:)/.test(href)) continue;
        expect([m.id, href, findRoute(href.split('?')[0]!) ? 'built' : 'missing']).toEqual([m.id, href, 'built']);
      }
    }
  });

  it('order numbers quoted exist, with the items quoted (from the catalogue), dispatched when the message says', () => {
    const numbers = new Set(orders.orders.map((o) => o.orderNo));
    const catalogue = new Set(SEED_PRODUCTS.flatMap((p) => [p.descriptionEn, p.descriptionZh]));
    for (const m of SEED_INBOX_MESSAGES) {
      for (const text of [m.titleEn, m.titleZh, m.bodyEn, m.bodyZh]) {
        expect(text).not.toMatch(/TN-\d{4}-/);
        for (const [no] of text.matchAll(/SO-\d{4}-\d{6}/g)) expect(numbers.has(no)).toBe(true);
        for (const [, item] of text.matchAll(/<tr><td>([^<]+)<\/td><td>\d+<\/td><\/tr>/g)) expect(catalogue.has(item!)).toBe(true);
      }
    }
    const notice = SEED_INBOX_MESSAGES.find((m) => m.id === msgId(2))!;
    const quoted = dispatchedOrderOf(DEMO_UCP.harbourView);
    const order = orders.orders.find((o) => o.orderNo === quoted.orderNo)!;
    expect(order.ucpId).toBe(DEMO_UCP.harbourView);
    expect(notice.titleEn).toBe(`Toner shipment dispatched (order ${order.orderNo})`);
    expect(notice.sendTime).toEqual(quoted.dispatchedAt);
    // Dispatched within the last few days of the seed day, not weeks before.
    expect(SEED_ORDERS_DATE.getTime() - notice.sendTime.getTime()).toBeLessThan(7 * DAY);
  });

  it('a renewal offer gives the contract’s own number and end date', () => {
    for (const [id, contractId] of [[msgId(5), CONTRACT_ID.hvRental], [msgId(18), CONTRACT_ID.lcMaintenance]] as const) {
      const m = SEED_INBOX_MESSAGES.find((x) => x.id === id)!;
      const c = SEED_CONTRACTS.find((x) => x.id === contractId)!;
      expect(renewalContractOf(contractId)).toEqual({ contractNo: c.contractNo, endDate: c.endDate });
      const [y, mo, d] = c.endDate.split('-').map(Number) as [number, number, number];
      expect(m.bodyEn).toContain(c.contractNo);
      expect(m.bodyEn).toContain(`${d} ${new Date(Date.UTC(y, mo - 1, d)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${y}`);
      expect(m.bodyZh).toContain(`${y}年${mo}月${d}日`);
    }
  });

  it('bill notices quote the recipient customer’s own bills: numbers, issue and due dates', () => {
    const bills = buildSeedBills().map((b) => b.bill);
    const notices = [[1, DEMO_UCP.harbourView, 0], [11, DEMO_UCP.harbourView, 1], [19, DEMO_UCP.lungCheong, 0], [21, DEMO_UCP.lungCheong, 1], [20, DEMO_UCP.sunrise, 0], [22, DEMO_UCP.sunrise, 1]] as const;
    for (const [n, ucpId, nth] of notices) {
      const m = SEED_INBOX_MESSAGES.find((x) => x.id === msgId(n))!;
      const q = noticedBillsOf(ucpId, nth);
      const own = bills.filter((b) => b.ucpId === ucpId && b.billDate === q.billDate);
      expect(own.map((b) => b.billNo).sort()).toEqual([...q.billNos].sort());
      for (const b of own) expect(b.dueDate).toBe(q.dueDate);
      for (const text of [m.bodyEn, m.bodyZh]) {
        for (const no of q.billNos) expect(text).toContain(no);
        expect(datesQuotedIn(text).sort()).toEqual([q.billDate, q.dueDate].sort());
      }
      // Sent at 09:00 on its bills' day, to the users of that customer only; seeded before 09:00 on that day, at the
      // seed's morning (the one before: never ahead of the clock, seedEarlyMorning.test.ts). It read 09:00 on the bill
      // day whatever the time, and failed when run before 09:00 in Hong Kong on a 1st (1 Jan 2027 00:10).
      const billMorning = new Date(`${q.billDate}T09:00:00+08:00`).getTime();
      expect(m.sendTime.toISOString()).toBe(new Date(Math.min(billMorning, SEED_INBOX_DATE.getTime())).toISOString());
    }
    // Every bill number any message quotes exists.
    const numbers = new Set(bills.map((b) => b.billNo));
    for (const m of SEED_INBOX_MESSAGES) for (const [no] of `${m.bodyEn} ${m.bodyZh}`.matchAll(/INV-\d{6}-\d+/g)) expect(numbers.has(no)).toBe(true);
  });

  it('the payment received is the month of bills that approved slips paid, after they were approved', () => {
    const m = SEED_INBOX_MESSAGES.find((x) => x.id === msgId(12))!;
    const [month] = monthsQuotedIn(m.bodyEn);
    expect(monthsQuotedIn(m.bodyZh)).toEqual([month]);
    for (const slip of buildSeedSlips().filter((x) => x.plan.status === 'approved')) {
      // Each recipient customer's approved slip paid a bill for that month.
      expect(slip.bills.some((b) => b.periodStart.slice(0, 7) === month)).toBe(true);
      expect(slip.reviewedAt!.getTime()).toBeLessThan(m.sendTime.getTime());
    }
  });

  it('every date and month a message quotes is near the seed day (none left fixed in 2026)', () => {
    for (const m of SEED_INBOX_MESSAGES) {
      const text = [m.titleEn, m.titleZh, m.bodyEn, m.bodyZh].join(' ');
      for (const d of datesQuotedIn(text)) expect([m.id, d, Math.abs(daysBetween(SEED_DAY, d)) <= 120]).toEqual([m.id, d, true]);
      for (const mo of monthsQuotedIn(text)) expect([m.id, mo, Math.abs(daysBetween(SEED_DAY, `${mo}-01`)) <= 125]).toEqual([m.id, mo, true]);
    }
  });

  it('orders are dated relative to the seed day: nothing open for weeks, nothing out for delivery for weeks', () => {
    const open = orders.orders.filter((o) => ['pending', 'confirmed', 'processing'].includes(o.status as string));
    expect(open.length).toBeGreaterThan(0);
    for (const o of open) expect(SEED_ORDERS_DATE.getTime() - (o.createdAt as Date).getTime()).toBeLessThan(7 * DAY);
    for (const sh of orders.shipments) {
      const events = orders.events.filter((e) => e.shipmentId === sh.id);
      const last = events.at(-1)!;
      if (last.step === 'out_for_delivery') expect(SEED_ORDERS_DATE.getTime() - (last.at as Date).getTime()).toBeLessThan(DAY);
    }
  });
});

describeEachDb('demo inbox seed', (getHandle) => {
  const server = useTestServer(getHandle);
  beforeAll(async () => {
    // Any hash will do: these tests sign tokens directly and never check a password.
    await seedDemo(getHandle().db, { passwordHash: 'not-used-in-these-tests' });
  });
  const db = () => getHandle().db;

  async function tokenOf(loginId: string, ucpId: string): Promise<string> {
    const [user] = await db().select().from(userAccounts).where(eq(userAccounts.userAcUuid, (await userId(loginId))));
    return tokenFor(user!, ucpId);
  }
  async function userId(loginId: string): Promise<string> {
    const [row] = await db().select({ id: userAccounts.userAcUuid }).from(userAccounts).where(eq(userAccounts.loginId, loginId));
    return row!.id;
  }
  const inbox = async (loginId: string, ucpId: string, lang = 'en') => {
    const token = await tokenOf(loginId, ucpId);
    const [list, count] = [await server.post(inboxContract.endpoints.getEmailListSortByIsReadAndSendTime.path, { page: 1, pageSize: 50, lang }, { token }), await server.post(inboxContract.endpoints.getEmailUnreadCount.path, {}, { token })];
    expect(list.status).toBe(200);
    expect(count.status).toBe(200);
    return { token, items: list.body.data.items as { id: string; title: string; isRead: boolean; sendTime: string; preview: string }[], total: list.body.data.total as number, unread: count.body.data as number };
  };

  it('holds bilingual, already-clean messages sent in the 90 days before the seed day', () => {
    expect(SEED_INBOX_MESSAGES.length).toBeGreaterThanOrEqual(14);
    expect(new Set(SEED_INBOX_MESSAGES.map((m) => m.id)).size).toBe(SEED_INBOX_MESSAGES.length);
    for (const m of SEED_INBOX_MESSAGES) {
      for (const text of [m.titleEn, m.titleZh, m.bodyEn, m.bodyZh]) expect(text.trim()).not.toBe('');
      // The sanitizer leaves the seeded HTML as it is: no link or tag of the demo data is silently dropped.
      expect(sanitizeRichText(m.bodyEn)).toBe(m.bodyEn);
      expect(sanitizeRichText(m.bodyZh)).toBe(m.bodyZh);
      // Every message in the 90 days before the seed day's morning (issue 10 item 5).
      expect(m.sendTime.getTime()).toBeLessThanOrEqual(SEED_INBOX_DATE.getTime());
      expect(m.sendTime.getTime()).toBeGreaterThan(SEED_INBOX_DATE.getTime() - 90 * DAY);
    }
    expect(new Set(SEED_INBOX_MESSAGES.map((m) => m.category))).toEqual(new Set(['billing', 'service', 'contract', 'promotion', 'system']));
  });

  it('gives each demo user its own inbox, unread first, with mixed read states', async () => {
    const customer = await inbox('customer@demo.hk', DEMO_UCP.harbourView);
    expect([customer.total, customer.unread]).toEqual([14, 5]);
    const viewer = await inbox('viewer@demo.hk', DEMO_UCP.harbourView);
    expect([viewer.total, viewer.unread]).toEqual([8, 4]);
    const mfa = await inbox('mfa@demo.hk', DEMO_UCP.sunrise);
    expect([mfa.total, mfa.unread]).toEqual([11, 5]);
    for (const box of [customer, viewer, mfa]) {
      const unreadFlags = box.items.map((i) => i.isRead);
      expect(unreadFlags).toEqual([...unreadFlags].sort((a, b) => Number(a) - Number(b)));
      expect(box.items.filter((i) => !i.isRead).length).toBe(box.unread);
    }
    expect(customer.items.find((i) => i.title === SEED_INBOX_MESSAGES.find((m) => m.id === msgId(1))!.titleEn)?.isRead).toBe(false);
  });

  it('gives multi@demo.hk a different inbox for each of its customers', async () => {
    const lc = await inbox('multi@demo.hk', DEMO_UCP.lungCheong, 'tc');
    const sr = await inbox('multi@demo.hk', DEMO_UCP.sunrise, 'tc');
    expect([lc.total, lc.unread]).toEqual([12, 6]);
    expect([sr.total, sr.unread]).toEqual([8, 3]);
    expect(lc.items.map((i) => i.id)).not.toEqual(sr.items.map((i) => i.id));
    expect(lc.items.find((i) => i.title === '您的續約方案已經推出')).toBeDefined();
    expect(sr.items.find((i) => i.title === '您的續約方案已經推出')).toBeUndefined();
  });

  it('gives the provider users two system messages', async () => {
    for (const loginId of ['admin@demo.hk', 'staff@demo.hk', 'ops@demo.hk']) {
      const rows = await db()
        .select({ category: inboxMessages.category })
        .from(inboxDeliveries)
        .innerJoin(inboxMessages, eq(inboxMessages.id, inboxDeliveries.messageId))
        .where(eq(inboxDeliveries.userAcUuid, await userId(loginId)));
      expect(rows.map((r) => r.category)).toEqual(['system', 'system']);
    }
    const admin = await inbox('admin@demo.hk', PROVIDER_UCP_ID);
    expect([admin.total, admin.unread]).toEqual([2, 1]);
  });

  it('is idempotent and never resets what a user read', async () => {
    const before = await db().select().from(inboxDeliveries).orderBy(asc(inboxDeliveries.messageId), asc(inboxDeliveries.userAcUuid));
    const { token, items } = await inbox('customer@demo.hk', DEMO_UCP.harbourView);
    const unread = items.find((i) => !i.isRead)!;
    expect((await server.post(inboxContract.endpoints.getEmailContent.path, { id: unread.id }, { token })).status).toBe(200);

    await seedDemo(db(), { passwordHash: 'not-used-in-these-tests' });
    expect(await db().transaction((tx) => seedInbox(tx))).toEqual({ messages: 0, deliveries: 0 });

    const after = await db().select().from(inboxDeliveries).orderBy(asc(inboxDeliveries.messageId), asc(inboxDeliveries.userAcUuid));
    expect(after.length).toBe(before.length);
    const reread = await inbox('customer@demo.hk', DEMO_UCP.harbourView);
    expect(reread.items.find((i) => i.id === unread.id)?.isRead).toBe(true);
    expect(reread.unread).toBe(4);
  });
});
