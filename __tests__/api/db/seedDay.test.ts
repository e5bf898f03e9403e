/**
 * Demo data relative to the day it is seeded (issue 10 item 5): seeded with another "today", the bills end at that
 * day's billing reference (the first of its month in Hong Kong), the slips pay those bills, and every inbox message
 * and every date it quotes moves with the day. The seed takes its clock when its modules load (SEED_DAY, like the
 * orders' SEED_ORDERS_DATE), so the modules are loaded afresh here under a fake Date.
 */
import { sql } from 'drizzle-orm';
import { addDays, daysBetween } from '@/lib/dates/hongKong';
import { DEMO_UCP } from '@/lib/server/db/seedData';
import { listBills } from '@/lib/server/services/bills';
import { datesQuotedIn, monthsQuotedIn } from '../helpers/quotedDates';
import { seedModulesAt, type SeedModules } from '../helpers/seedModulesAt';
import { asCustomer } from '../helpers/asCustomer';
import { describeEachDb } from '../helpers/testDb';
import { queryRows } from '@/lib/server/db/rows';
import { slaDueAt } from '@/lib/serviceRequests/sla';
import { serviceRequests, slaSuspensions } from '@/lib/server/db/schema';

describeEachDb('demo data seeded on another day', (getHandle) => {
  // 12:00 in Hong Kong on 10 March 2027: a new year, a month after a short February.
  const SEED_DAY = '2027-03-10';
  let m: SeedModules;
  beforeAll(async () => {
    m = await seedModulesAt('2027-03-10T04:00:00.000Z', { keepClock: true });
    await m.seed.seedDemo(getHandle().db, { passwordHash: 'not-used-in-these-tests' });
    jest.useRealTimers();
  });
  afterAll(() => jest.useRealTimers());
  const db = () => getHandle().db;

  it('takes the seed day and the billing reference from the clock', () => {
    expect(m.equipment.SEED_DAY).toBe(SEED_DAY);
    expect(m.meter.BILLING_REFERENCE_DATE).toBe('2027-03-01');
    expect(m.meter.HISTORY_FROM).toBe('2024-03-01');
  });

  it('issues the bills up to the first of the seed day’s month, three years back', async () => {
    const [range] = await queryRows<{ first_end: string; last_bill: string; n: number }>(
      db(),
      sql`select min(period_end)::text as first_end, max(bill_date)::text as last_bill, count(*)::int as n from bills`,
    );
    expect(range!.last_bill).toBe('2027-03-01');
    expect(range!.first_end >= '2024-03-01').toBe(true);
    expect(range!.first_end < '2024-06-01').toBe(true);
    expect(range!.n).toBeGreaterThan(100);
  });

  it('shows the designed mix on the seed day: paid, unpaid, partly paid, overdue, under review', async () => {
    const statuses = new Set<string>();
    for (const ucpId of [...Object.values(DEMO_UCP)]) {
      const res = await listBills(asCustomer(db(), ucpId), { page: 1, pageSize: 100 }, SEED_DAY);
      for (const i of res.items) statuses.add(i.status);
    }
    expect([...statuses].sort()).toEqual(['overdue', 'paid', 'partly_paid', 'under_review', 'unpaid']);
  });

  it('dates the payment slips after the bills they pay and before the seed day, and quotes those dates', async () => {
    const slips = await queryRows<{ slip_no: string; payment_date: string; reference: string; created_at: Date; reviewed_at: Date | null; latest_bill: string; file_name: string }>(
      db(),
      sql`
        select s.slip_no, s.payment_date::text as payment_date, s.reference, s.created_at, s.reviewed_at, f.file_name,
               (select max(b.bill_date)::text from payment_slip_bills l join bills b on b.id = l.bill_id where l.slip_id = s.id) as latest_bill
        from payment_slips s join stored_files f on f.id = s.file_id order by s.slip_no`,
    );
    expect(slips).toHaveLength(4);
    for (const s of slips) {
      expect(s.slip_no).toMatch(new RegExp(`^PS-${s.payment_date.slice(0, 4)}-0001\\d\\d$`));
      expect(s.payment_date > s.latest_bill).toBe(true);
      expect(s.payment_date <= SEED_DAY).toBe(true);
      expect(new Date(s.reviewed_at ?? s.created_at).getTime()).toBeLessThanOrEqual(Date.parse('2027-03-10T04:00:00Z'));
      const ymd = s.payment_date.replaceAll('-', '');
      if (!s.reference.startsWith('Cheque')) {
        expect(s.reference).toContain(ymd);
        expect(s.file_name).toContain(ymd);
      }
    }
    expect(slips.filter((s) => s.reviewed_at === null)).toHaveLength(1);
  });

  it('sends every inbox message in the 90 days before the seed day, and quotes only dates near it', async () => {
    const messages = await queryRows<{ id: string; send_time: Date; title_en: string; title_zh: string; body_en: string; body_zh: string }>(
      db(),
      sql`select id, send_time, title_en, title_zh, body_en, body_zh from inbox_messages`,
    );
    expect(messages.length).toBe(m.inbox.SEED_INBOX_MESSAGES.length);
    const seedMorning = Date.parse('2027-03-10T01:00:00Z');
    for (const msg of messages) {
      const sent = new Date(msg.send_time).getTime();
      expect(sent).toBeLessThanOrEqual(seedMorning);
      expect(sent).toBeGreaterThan(seedMorning - 90 * 86_400_000);
      const quoted = datesQuotedIn([msg.title_en, msg.title_zh, msg.body_en, msg.body_zh].join(' '));
      for (const d of quoted) expect([msg.id, d, Math.abs(daysBetween(SEED_DAY, d)) <= 120]).toEqual([msg.id, d, true]);
      // Months quoted ('February 2027', '2027年2月份'): within four months of the seed day, none left in 2026's autumn.
      for (const month of monthsQuotedIn([msg.title_en, msg.title_zh, msg.body_en, msg.body_zh].join(' '))) {
        expect([msg.id, month, Math.abs(daysBetween(SEED_DAY, `${month}-01`)) <= 125]).toEqual([msg.id, month, true]);
      }
    }
    // Harbour View's notice of its latest bills quotes the bill issued on the reference day and its due date.
    const notice = messages.find((x) => x.id === '5eed0010-0000-4000-8000-000000000001')!;
    expect(notice.title_en).toBe('Your March 2027 e-bill is ready');
    expect(notice.title_zh).toBe('2027年3月份電子帳單已備妥');
    const [bill] = await queryRows<{ bill_no: string; due_date: string }>(
      db(),
      sql`select bill_no, due_date::text as due_date from bills where ucp_id = ${DEMO_UCP.harbourView} and bill_date = '2027-03-01'`,
    );
    expect(bill!.due_date).toBe(addDays('2027-03-01', 30));
    expect(notice.body_en).toContain(bill!.bill_no);
    expect(notice.body_en).toContain('31 March 2027');
    expect(notice.body_zh).toContain('2027年3月31日');
  });

  it('seeds the desk a typhoon suspension 30 days back that moves none of the demo requests’ due times', async () => {
    const [susp, ...more] = await db().select().from(slaSuspensions);
    expect(more).toEqual([]);
    expect([new Date(susp!.startsAt).toISOString(), new Date(susp!.endsAt).toISOString()]).toEqual(['2027-02-07T22:40:00.000Z', '2027-02-08T06:20:00.000Z']);
    const requests = await db().select().from(serviceRequests);
    expect(requests.length).toBeGreaterThan(0);
    const all = [{ startsAt: new Date(susp!.startsAt), endsAt: new Date(susp!.endsAt) }];
    for (const r of requests) expect(slaDueAt(new Date(r.createdAt), r.responseHours, all).toISOString()).toBe(new Date(r.slaDueAt).toISOString());
  });
});
