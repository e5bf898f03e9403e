import { inArray } from 'drizzle-orm';
import { escapeHtml, sanitizeRichText } from '@/lib/server/sanitize';
import { inboxDeliveries, inboxMessages, type InboxCategory, userCustomers } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { DEMO_UCP, PROVIDER_UCP_ID } from './customers';
import { addDays, addMonths, hkDateOf } from '@/lib/dates/hongKong';
import { BILLING_REFERENCE_DATE, buildSeedBills, buildSeedSlips } from './billing';
import { CONTRACT_ID, SEED_DAY, seedContract } from './equipment';
import { buildSeedOrders, SEED_ORDERS_DATE } from './orders';
import { seedUserUuid } from './users';
import { hkLocal } from './hkTime';
import { seedId } from './ids';

/**
 * Demo inbox (docs/inbox.md, docs/demo-data.md): bilingual messages delivered to the demo customer users, with mixed
 * read states and send times over the 90 days before SEED_INBOX_DATE, the seed day at 09:00 in Hong Kong (issue 10
 * item 5). Every time and every date a message quotes counts from the seed day (the bill notices from the billing
 * reference, the first of its month), so the messages read as recent whenever the data is seeded; a database seeded
 * on a given day holds the same rows as any other seeded that day.
 */
export const SEED_INBOX_DATE = SEED_ORDERS_DATE;

/** A recipient: a user for one customer it acts for (a user linked to two customers has two inboxes). */
const R = {
  customer: { userAcUuid: seedUserUuid('customer@demo.hk'), ucpId: DEMO_UCP.harbourView },
  viewer: { userAcUuid: seedUserUuid('viewer@demo.hk'), ucpId: DEMO_UCP.harbourView },
  multiLc: { userAcUuid: seedUserUuid('multi@demo.hk'), ucpId: DEMO_UCP.lungCheong },
  multiSr: { userAcUuid: seedUserUuid('multi@demo.hk'), ucpId: DEMO_UCP.sunrise },
  mfa: { userAcUuid: seedUserUuid('mfa@demo.hk'), ucpId: DEMO_UCP.sunrise },
  admin: { userAcUuid: seedUserUuid('admin@demo.hk'), ucpId: PROVIDER_UCP_ID },
  staff: { userAcUuid: seedUserUuid('staff@demo.hk'), ucpId: PROVIDER_UCP_ID },
  ops: { userAcUuid: seedUserUuid('ops@demo.hk'), ucpId: PROVIDER_UCP_ID },
} as const;
type RecipientKey = keyof typeof R;

export type SeedInboxMessage = {
  id: string;
  category: InboxCategory;
  /** Hong Kong time of sending, written out in full so the demo data reads as it is. */
  sendTime: Date;
  titleEn: string;
  titleZh: string;
  bodyEn: string;
  bodyZh: string;
  /** Recipient → read (true) or unread (false). */
  to: Partial<Record<RecipientKey, boolean>>;
};

const msgId = (n: number): string => seedId('0010', n);

/**
 * Messages that quote other demo data take their numbers from it (issue 10 item 5): the order a "dispatched" message
 * names is the customer's seeded toner order now out for delivery, with its own items and dispatch time (relative to
 * the seed day, like the orders); a renewal offer gives the contract's own end date. Every link in a message opens
 * a built page (checked by __tests__/api/inbox/seedInbox.test.ts).
 */
const ORDER_DATA = buildSeedOrders();

export type QuotedOrder = { orderNo: string; dispatchedAt: Date; items: { descriptionEn: string; descriptionZh: string; quantity: number }[] };

/** The customer's newest toner order out for delivery, as a dispatch notice quotes it. */
export function dispatchedOrderOf(ucpId: string): QuotedOrder {
  const candidates = ORDER_DATA.orders
    .filter((o) => o.ucpId === ucpId && o.orderType === 'toner' && o.status === 'shipped')
    .sort((a, b) => (b.createdAt as Date).getTime() - (a.createdAt as Date).getTime());
  for (const order of candidates) {
    const shipment = ORDER_DATA.shipments.filter((sh) => sh.orderId === order.id).at(-1);
    const events = ORDER_DATA.events.filter((e) => e.shipmentId === shipment?.id);
    const dispatched = events.find((e) => e.step === 'dispatched');
    if (!dispatched || events.at(-1)?.step !== 'out_for_delivery') continue;
    const items = ORDER_DATA.items
      .filter((i) => i.orderId === order.id)
      .map((i) => ({ descriptionEn: i.descriptionEn, descriptionZh: i.descriptionZh, quantity: i.quantity }));
    return { orderNo: order.orderNo, dispatchedAt: dispatched.at as Date, items };
  }
  throw new Error(`seed inbox: no toner order out for delivery for ${ucpId}`);
}

function dispatchNotice(id: string, ucpId: string, to: SeedInboxMessage['to']): SeedInboxMessage {
  const o = dispatchedOrderOf(ucpId);
  const rowsEn = o.items.map((i) => `<tr><td>${escapeHtml(i.descriptionEn)}</td><td>${i.quantity}</td></tr>`).join('');
  const rowsZh = o.items.map((i) => `<tr><td>${escapeHtml(i.descriptionZh)}</td><td>${i.quantity}</td></tr>`).join('');
  return {
    id,
    category: 'service',
    sendTime: o.dispatchedAt,
    titleEn: `Toner shipment dispatched (order ${o.orderNo})`,
    titleZh: `碳粉已寄出（訂單 ${o.orderNo}）`,
    bodyEn:
      `<p>Your toner order <strong>${o.orderNo}</strong> left our Kwun Tong warehouse today and will arrive within <strong>2 working days</strong>.</p>` +
      `<table><thead><tr><th scope="col">Item</th><th scope="col">Qty</th></tr></thead><tbody>${rowsEn}</tbody></table>` +
      '<p>Follow the delivery under <a href="/my-orders/track">Track my orders</a>.</p>',
    bodyZh:
      `<p>您的碳粉訂單 <strong>${o.orderNo}</strong> 已於今日由觀塘貨倉寄出，預計於<strong>兩個工作天</strong>內送達。</p>` +
      `<table><thead><tr><th scope="col">項目</th><th scope="col">數量</th></tr></thead><tbody>${rowsZh}</tbody></table>` +
      '<p>請於<a href="/my-orders/track">追蹤訂單</a>查看送貨進度。</p>',
    to,
  };
}

const longDate = (iso: string, locale: 'en' | 'zh'): string =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'zh-HK', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

// Dates quoted in the messages, as a reader sees them: '12 November 2026' / '2026年11月12日', with the weekday
// 'Thursday 12 November 2026' / '2026年11月12日（星期四）', a month 'October 2026' / '2026年10月', short '1 Jan 2027'.
const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const fmt = (iso: string, locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(utc(iso));
const weekdayEn = (iso: string) => fmt(iso, 'en-GB', { weekday: 'long' });
const weekdayZh = (iso: string) => fmt(iso, 'zh-HK', { weekday: 'long' });
const dayEn = (iso: string) => `${weekdayEn(iso)} ${longDate(iso, 'en')}`;
const dayZh = (iso: string) => `${longDate(iso, 'zh')}（${weekdayZh(iso)}）`;
const dayMonthEn = (iso: string) => fmt(iso, 'en-GB', { day: 'numeric', month: 'long' });
const dayMonthZh = (iso: string) => `${Number(iso.slice(5, 7))}月${Number(iso.slice(8, 10))}日`;
const monthEn = (iso: string) => fmt(iso, 'en-GB', { month: 'long', year: 'numeric' });
const monthZh = (iso: string) => `${Number(iso.slice(0, 4))}年${Number(iso.slice(5, 7))}月`;
const monthNameEn = (iso: string) => fmt(iso, 'en-GB', { month: 'long' });
const shortEn = (iso: string) => fmt(iso, 'en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
/** The first day on or after `iso` that falls on `weekday` (0 = Sunday). */
const nextWeekday = (iso: string, weekday: number): string => addDays(iso, (weekday - utc(iso).getUTCDay() + 7) % 7);
const firstOfMonth = (iso: string) => `${iso.slice(0, 7)}-01`;
/** A time of day in Hong Kong on a day `daysBefore` the seed day. */
const beforeSeed = (daysBefore: number, time: string): Date => hkLocal(`${addDays(SEED_DAY, -daysBefore)}T${time}`);

/** The contract a renewal offer is about, with its own number and end date. */
export function renewalContractOf(contractId: string): { contractNo: string; endDate: string } {
  const c = seedContract(contractId);
  return { contractNo: c.contractNo, endDate: c.endDate };
}

function renewalOffer(id: string, contractId: string, kind: { en: string; zh: string }, to: SeedInboxMessage['to']): SeedInboxMessage {
  const c = renewalContractOf(contractId);
  // Sent nine days before the seed day (11:00 in Hong Kong), inside the renewal window it announces.
  const sendTime = new Date(SEED_ORDERS_DATE.getTime() - 9 * 86_400_000 + 2 * 3_600_000);
  return {
    id,
    category: 'contract',
    sendTime,
    // What the renewal page really offers (QA: "save 15%" and "a free upgrade" led to an offer dearer than the contract).
    titleEn: 'Your contract renewal offers are ready',
    titleZh: '您的續約方案已經推出',
    bodyEn:
      `<p>Your ${kind.en} contract <strong>${c.contractNo}</strong> ends on <strong>${longDate(c.endDate, 'en')}</strong>. You can renew it online with one of our offers:</p>` +
      '<ul><li>keep your machines for 36 more months, with pages included every month;</li><li>or move to a new colour MFP for 48 months, installation and removal of the old machine included.</li></ul>' +
      '<p>Each offer is shown beside your current terms, with what it would cost at your usual volume, under <a href="/my-orders/contract-renewal">Contract renewal</a>. The offers are open until the contract ends.</p>',
    bodyZh:
      `<p>您的${kind.zh}合約 <strong>${c.contractNo}</strong> 將於<strong>${longDate(c.endDate, 'zh')}</strong>屆滿。您可選擇以下方案網上續約：</p>` +
      '<ul><li>原機續用36個月，每月包括指定印量；</li><li>或轉用新彩色多功能打印機48個月，包安裝及移走舊機。</li></ul>' +
      '<p>請前往<a href="/my-orders/contract-renewal">合約續期</a>查看：每個方案均與您現時的條款並列，並按您的一般印量列出預計費用。方案於合約屆滿前有效。</p>',
    to,
  };
}

export type QuotedBills = { billDate: string; dueDate: string; billNos: string[] };

/** The customer's bills issued on its latest (0) or previous (1) billing day, as a bill notice quotes them. */
export function noticedBillsOf(ucpId: string, nth: number): QuotedBills {
  const own = buildSeedBills().filter((b) => b.bill.ucpId === ucpId).map((b) => b.bill);
  const days = [...new Set(own.map((b) => b.billDate))].sort().reverse();
  const billDate = days[nth];
  if (!billDate) throw new Error(`seed inbox: no bill day ${nth} for ${ucpId}`);
  const onDay = own.filter((b) => b.billDate === billDate);
  return { billDate, dueDate: onDay[0]!.dueDate, billNos: onDay.map((b) => b.billNo) };
}

function billNotice(id: string, ucpId: string, nth: number, to: SeedInboxMessage['to']): SeedInboxMessage {
  const q = noticedBillsOf(ucpId, nth);
  const nos = q.billNos.map((n) => `<strong>${n}</strong>`);
  const listEn = nos.length === 1 ? nos[0]! : `${nos.slice(0, -1).join(', ')} and ${nos.at(-1)!}`;
  const listZh = nos.join('、');
  const many = nos.length > 1;
  const manage = (text: string) => `<a href="/my-account/manage-my-bills">${text}</a>`;
  return {
    id,
    category: 'billing',
    // Bills are issued at 09:00 on their bill date; seeded before 09:00 on that day, the notice is not dated ahead.
    sendTime: new Date(Math.min(hkLocal(`${q.billDate}T09:00:00`).getTime(), SEED_INBOX_DATE.getTime())),
    titleEn: `Your ${monthEn(q.billDate)} e-bill is ready`,
    titleZh: `${monthZh(q.billDate)}份電子帳單已備妥`,
    bodyEn:
      `<p>Dear customer,</p><p>Your e-bill${many ? 's' : ''} ${listEn} of <strong>${longDate(q.billDate, 'en')}</strong> ${many ? 'are' : 'is'} now available. Please settle the amount due on or before <strong>${longDate(q.dueDate, 'en')}</strong>.</p>` +
      `<ul><li>View and download ${many ? 'them' : 'it'} under ${manage('Manage my bills')}.</li><li>Paid already? Upload your payment slip on the same page so we can match it quickly.</li></ul>` +
      '<p>Thank you for choosing Pacific Imaging Services.</p>',
    bodyZh:
      `<p>親愛的客戶：</p><p>閣下於<strong>${longDate(q.billDate, 'zh')}</strong>發出的電子帳單 ${listZh} 已備妥，請於<strong>${longDate(q.dueDate, 'zh')}</strong>或之前繳付款項。</p>` +
      `<ul><li>請前往${manage('管理我的帳單')}查看及下載帳單。</li><li>如已付款，請於同一頁面上載付款存根，以便我們盡快核對。</li></ul>` +
      '<p>感謝閣下選用太平洋影像服務。</p>',
    to,
  };
}

// Dates count from the billing reference (seedData/billing.ts: the latest bills are dated up to it) and the payment
// received is the one approved last.
const REF = BILLING_REFERENCE_DATE;
const APPROVED = buildSeedSlips().filter((x) => x.plan.status === 'approved');
const PAID_MONTH = addDays(addMonths(REF, -2), -1);
const PAID_NOTICE_DAY = addDays(hkDateOf(new Date(Math.max(...APPROVED.map((x) => x.reviewedAt!.getTime())))), 1);
// The other notices count from the seed day: what they announce is still ahead of it, or just past.
const VISIT_SENT = addDays(SEED_DAY, -8);
const VISIT_DAY = nextWeekday(addDays(SEED_DAY, 11), 4); // a Thursday
const READINGS_DUE = addDays(REF, 4);
const PRICE_SENT = addDays(SEED_DAY, -53);
const PRICE_FROM = addMonths(firstOfMonth(PRICE_SENT), 3);
const CLOSED_SENT = addDays(SEED_DAY, -43);
const CLOSED_DAY = nextWeekday(addDays(CLOSED_SENT, 5), 1); // a Monday
const STOCKTAKE_SENT = addDays(SEED_DAY, -25);
const STOCKTAKE_DAY = nextWeekday(addDays(SEED_DAY, 10), 5); // a Friday
const STOCKTAKE_CUTOFF = addDays(STOCKTAKE_DAY, -1);
const STOCKTAKE_RESUME = addDays(STOCKTAKE_DAY, 3); // the Monday after
const OFFER_SENT = addDays(SEED_DAY, -80);
const OFFER_UNTIL = addDays(OFFER_SENT, 25);
const FIRMWARE_SENT = addDays(SEED_DAY, -86);
const FIRMWARE_NIGHT = addDays(FIRMWARE_SENT, 6);
const RELEASE_SENT = addDays(SEED_DAY, -35);
const RELEASE = `${RELEASE_SENT.slice(0, 4)}.${RELEASE_SENT.slice(5, 7)}`;
const PORTAL_SENT = addDays(SEED_DAY, -2);
const PORTAL_DAY = nextWeekday(addDays(SEED_DAY, 3), 0); // a Sunday

export const SEED_INBOX_MESSAGES: readonly SeedInboxMessage[] = [
  billNotice(msgId(1), DEMO_UCP.harbourView, 0, { customer: false, viewer: false }),
  dispatchNotice(msgId(2), DEMO_UCP.harbourView, { customer: false }),
  {
    id: msgId(3),
    category: 'service',
    sendTime: hkLocal(`${VISIT_SENT}T10:05:00`),
    titleEn: `Scheduled maintenance visit on ${dayMonthEn(VISIT_DAY)}`,
    titleZh: `${dayMonthZh(VISIT_DAY)}定期保養服務`,
    bodyEn:
      `<p>Our engineer will visit your office on <strong>${dayEn(VISIT_DAY)}, between 10:00 and 13:00</strong> for the half-yearly preventive maintenance of your copiers.</p>` +
      '<p>The visit takes about 45 minutes per machine. Printing will be unavailable during the service.</p>' +
      '<p>Need another time? Call our hotline on 2880 1234 or reply through <a href="/contact-us">Contact us</a>.</p>',
    bodyZh:
      `<p>我們的工程師將於<strong>${dayZh(VISIT_DAY)}上午10時至下午1時</strong>到訪貴公司，為影印機進行半年一次的預防性保養。</p>` +
      '<p>每部機器約需45分鐘，保養期間將暫停打印服務。</p>' +
      '<p>如需更改時間，請致電熱線 2880 1234 或經<a href="/contact-us">聯絡我們</a>回覆。</p>',
    to: { customer: false, viewer: true, multiLc: false },
  },
  {
    id: msgId(4),
    category: 'service',
    sendTime: hkLocal(`${addDays(REF, -3)}T09:30:00`),
    titleEn: `Meter reading reminder: please submit by ${dayMonthEn(READINGS_DUE)}`,
    titleZh: `抄錶提示：請於${dayMonthZh(READINGS_DUE)}前提交讀數`,
    bodyEn:
      `<p>It is time to submit the meter readings of your machines for the ${monthNameEn(addDays(REF, -1))} billing cycle.</p>` +
      '<ol><li>Print the configuration page or open the counter screen on each machine.</li><li>Enter the black-and-white and colour counters, or upload a photo of the counter, under <a href="/my-account/meter-history/upload">Meter reading upload</a>.</li></ol>' +
      `<p>Readings not received by <strong>${longDate(READINGS_DUE, 'en')}</strong> will be estimated from your average usage.</p>`,
    bodyZh:
      `<p>請提交貴公司機器${Number(addDays(REF, -1).slice(5, 7))}月份帳單週期的抄錶讀數。</p>` +
      '<ol><li>列印各機器的設定頁，或開啟計數器畫面。</li><li>於<a href="/my-account/meter-history/upload">上載抄錶讀數</a>輸入黑白及彩色讀數，或上載計數器相片。</li></ol>' +
      `<p>如於<strong>${longDate(READINGS_DUE, 'zh')}</strong>前未收到讀數，我們將按閣下的平均用量估算。</p>`,
    to: { customer: true, multiLc: false, multiSr: false, mfa: false },
  },
  renewalOffer(msgId(5), CONTRACT_ID.hvRental, { en: 'copier rental', zh: '影印機租賃' }, { customer: false }),
  {
    id: msgId(6),
    category: 'contract',
    sendTime: hkLocal(`${PRICE_SENT}T16:45:00`),
    titleEn: `Price adjustment notice from ${longDate(PRICE_FROM, 'en')}`,
    titleZh: `由${longDate(PRICE_FROM, 'zh')}起價格調整通知`,
    bodyEn:
      `<p>Because of higher paper, parts and logistics costs, the per-copy charges of our service plans will be adjusted from <strong>${longDate(PRICE_FROM, 'en')}</strong>:</p>` +
      `<table><thead><tr><th scope="col">Charge</th><th scope="col">Now</th><th scope="col">From ${shortEn(PRICE_FROM)}</th></tr></thead><tbody>` +
      '<tr><td>Black-and-white copy</td><td>HK$0.085</td><td>HK$0.090</td></tr><tr><td>Colour copy</td><td>HK$0.65</td><td>HK$0.68</td></tr></tbody></table>' +
      '<p>Monthly rentals of existing contracts do not change. Questions? Read the <a href="/customer-support/faq">FAQ</a> or <a href="mailto:service@pacific-imaging.example.hk">e-mail us</a>.</p>',
    bodyZh:
      `<p>由於紙張、零件及物流成本上升，我們的服務計劃每張收費將由<strong>${longDate(PRICE_FROM, 'zh')}</strong>起調整：</p>` +
      `<table><thead><tr><th scope="col">收費項目</th><th scope="col">現時</th><th scope="col">${longDate(PRICE_FROM, 'zh')}起</th></tr></thead><tbody>` +
      '<tr><td>黑白影印</td><td>HK$0.085</td><td>HK$0.090</td></tr><tr><td>彩色影印</td><td>HK$0.65</td><td>HK$0.68</td></tr></tbody></table>' +
      '<p>現有合約的月租維持不變。如有查詢，請參閱<a href="/customer-support/faq">常見問題</a>或<a href="mailto:service@pacific-imaging.example.hk">電郵聯絡我們</a>。</p>',
    to: { customer: true, viewer: false, multiLc: true, multiSr: true, mfa: true },
  },
  {
    id: msgId(7),
    category: 'system',
    sendTime: hkLocal(`${CLOSED_SENT}T09:00:00`),
    titleEn: `Customer service centre closed on ${dayMonthEn(CLOSED_DAY)} for staff training`,
    titleZh: `${dayMonthZh(CLOSED_DAY)}客戶服務中心因員工培訓暫停服務`,
    bodyEn:
      `<p>Our customer service centre will be closed on <strong>${dayEn(CLOSED_DAY)}</strong> for staff training.</p>` +
      '<p>The emergency repair hotline stays open from 09:00 to 18:00. Orders and meter readings submitted in the portal that day are handled on the next working day.</p>',
    bodyZh:
      `<p>本公司客戶服務中心將於<strong>${dayZh(CLOSED_DAY)}</strong>因員工培訓暫停服務。</p>` +
      '<p>緊急維修熱線照常於上午9時至下午6時提供服務。當日經平台提交的訂單及抄錶讀數，將於下一個工作天處理。</p>',
    to: { customer: true, viewer: true, multiLc: true, multiSr: false, mfa: true },
  },
  {
    id: msgId(8),
    category: 'system',
    sendTime: hkLocal(`${STOCKTAKE_SENT}T17:30:00`),
    titleEn: `Warehouse stock-take on ${dayMonthEn(STOCKTAKE_DAY)}: order toner ahead`,
    titleZh: `${dayMonthZh(STOCKTAKE_DAY)}貨倉盤點：請預早訂購碳粉`,
    bodyEn:
      `<p>Please plan your toner orders ahead of our warehouse stock-take on <strong>${dayEn(STOCKTAKE_DAY)}</strong>:</p>` +
      `<ul><li>orders placed by <strong>12:00 on ${dayEn(STOCKTAKE_CUTOFF)}</strong> are delivered as usual;</li><li>orders placed after that are delivered from <strong>${dayEn(STOCKTAKE_RESUME)}</strong>.</li></ul>` +
      '<p>On-site service and the emergency hotline are not affected.</p>',
    bodyZh:
      `<p>本公司貨倉將於<strong>${dayZh(STOCKTAKE_DAY)}</strong>進行盤點，請預早訂購碳粉：</p>` +
      `<ul><li>於<strong>${dayZh(STOCKTAKE_CUTOFF)}中午12時</strong>前的訂單照常送貨；</li><li>其後的訂單將於<strong>${dayZh(STOCKTAKE_RESUME)}</strong>起送貨。</li></ul>` +
      '<p>上門服務及緊急熱線不受影響。</p>',
    to: { customer: false, viewer: false, multiLc: false, mfa: false },
  },
  {
    id: msgId(9),
    category: 'system',
    sendTime: beforeSeed(67, '12:00:00'),
    titleEn: 'New mobile app version 4.2 is available',
    titleZh: '流動應用程式4.2版現已推出',
    bodyEn:
      '<p>Version 4.2 of the Pacific Imaging app is now in the App Store and Google Play. What is new:</p>' +
      '<ul><li>photograph a meter counter and submit the reading in one step;</li><li>inbox notifications for new e-bills;</li><li>sign-in with Face ID and fingerprint.</li></ul>' +
      '<p>Learn more on <a href="https://www.pacific-imaging.example.hk/app" target="_blank" rel="noopener noreferrer">our website</a>.</p>',
    bodyZh:
      '<p>太平洋影像應用程式4.2版現已於App Store及Google Play推出，新功能包括：</p>' +
      '<ul><li>拍攝計數器相片，一步提交抄錶讀數；</li><li>新電子帳單的收件匣通知；</li><li>以Face ID及指紋登入。</li></ul>' +
      '<p>詳情請瀏覽<a href="https://www.pacific-imaging.example.hk/app" target="_blank" rel="noopener noreferrer">我們的網站</a>。</p>',
    to: { customer: true, viewer: false, multiLc: false, multiSr: true, mfa: true },
  },
  {
    id: msgId(10),
    category: 'promotion',
    sendTime: hkLocal(`${OFFER_SENT}T10:00:00`),
    titleEn: 'Limited offer: 20% off paper and toner bundles',
    titleZh: '限時優惠：紙張及碳粉套裝8折',
    bodyEn:
      `<p>Stock up for the busy season: order any <strong>paper and toner bundle</strong> by ${longDate(OFFER_UNTIL, 'en')} and get <strong>20% off</strong>.</p>` +
      '<p>Use promotion code <strong>BUNDLE20</strong> when you place the order. Terms and conditions apply.</p>',
    bodyZh:
      `<p>旺季前預早備貨：於${longDate(OFFER_UNTIL, 'zh')}或之前訂購任何<strong>紙張及碳粉套裝</strong>即享<strong>8折</strong>。</p>` +
      '<p>訂購時請輸入推廣代碼 <strong>BUNDLE20</strong>。受條款及細則約束。</p>',
    to: { customer: true, multiLc: false, mfa: true },
  },
  billNotice(msgId(11), DEMO_UCP.harbourView, 1, { customer: true, viewer: true }),
  {
    id: msgId(12),
    category: 'billing',
    sendTime: hkLocal(`${PAID_NOTICE_DAY}T15:10:00`),
    titleEn: 'Payment received: thank you',
    titleZh: '已收到閣下付款，謝謝',
    bodyEn: `<p>We have received your payment for the <strong>${monthEn(PAID_MONTH)}</strong> bill. No further action is needed.</p><p>A receipt is available with the bill under <a href="/my-account/manage-my-bills">Manage my bills</a>.</p>`,
    bodyZh: `<p>我們已收到閣下<strong>${monthZh(PAID_MONTH)}份</strong>帳單的付款，毋須再作任何行動。</p><p>收據已連同帳單上載至<a href="/my-account/manage-my-bills">管理我的帳單</a>。</p>`,
    to: { customer: true, multiLc: true },
  },
  {
    id: msgId(13),
    category: 'service',
    sendTime: hkLocal(`${FIRMWARE_SENT}T11:40:00`),
    titleEn: 'Security firmware update for your copiers',
    titleZh: '影印機保安韌體更新',
    bodyEn:
      `<p>A security firmware update for your multifunction printers will be installed remotely on <strong>the night of ${longDate(FIRMWARE_NIGHT, 'en')} (23:00 to 01:00)</strong>.</p>` +
      '<p>The machines restart once during the update. No action is needed on your side; jobs queued at the time will print after the restart.</p>',
    bodyZh:
      `<p>我們將於<strong>${longDate(FIRMWARE_NIGHT, 'zh')}晚上11時至翌日凌晨1時</strong>遙距為閣下的多功能打印機安裝保安韌體更新。</p>` +
      '<p>更新期間機器會重新啟動一次，閣下毋須採取任何行動；當時輪候中的打印工作將於重新啟動後繼續。</p>',
    to: { customer: true, multiSr: true, mfa: false },
  },
  {
    id: msgId(14),
    category: 'system',
    sendTime: beforeSeed(88, '08:15:00'),
    titleEn: 'Service arrangements when Typhoon Signal No. 8 is hoisted',
    titleZh: '八號烈風或暴風信號生效時的服務安排',
    bodyEn:
      '<p>When Tropical Cyclone Warning Signal No. 8 or above, or a Black Rainstorm Warning, is in force:</p>' +
      '<ul><li>on-site visits and deliveries are suspended and rescheduled with you;</li><li>the portal and the emergency hotline remain available.</li></ul>' +
      '<p>Services resume two hours after the signal is lowered.</p>',
    bodyZh:
      '<p>當八號或以上熱帶氣旋警告信號，或黑色暴雨警告生效時：</p>' +
      '<ul><li>上門服務及送貨將會暫停，並與閣下另約時間；</li><li>客戶平台及緊急熱線照常運作。</li></ul>' +
      '<p>服務將於信號除下後兩小時恢復。</p>',
    to: { customer: true, viewer: true, multiLc: true, mfa: true },
  },
  {
    id: msgId(15),
    category: 'system',
    sendTime: hkLocal(`${RELEASE_SENT}T18:00:00`),
    titleEn: `Portal release ${RELEASE}: inbox and approvals`,
    titleZh: `客戶平台${RELEASE}版本：收件匣及審批`,
    bodyEn:
      `<p>The ${monthNameEn(RELEASE_SENT)} release of the customer portal is live:</p>` +
      '<ul><li>customers now receive service messages in the portal inbox;</li><li>billing-address change requests can be approved from the <a href="/admin-controls/approve-account-info-update">approval list</a>.</li></ul>',
    bodyZh:
      `<p>客戶平台${Number(RELEASE_SENT.slice(5, 7))}月份版本已經推出：</p>` +
      '<ul><li>客戶現可於平台收件匣接收服務訊息；</li><li>帳單地址更改申請可於<a href="/admin-controls/approve-account-info-update">審批清單</a>處理。</li></ul>',
    to: { admin: true, staff: false, ops: false },
  },
  {
    id: msgId(16),
    category: 'system',
    sendTime: hkLocal(`${PORTAL_SENT}T10:00:00`),
    titleEn: `Planned portal maintenance on ${weekdayEn(PORTAL_DAY)} ${dayMonthEn(PORTAL_DAY)}, 02:00 to 06:00`,
    titleZh: `${dayMonthZh(PORTAL_DAY)}（${weekdayZh(PORTAL_DAY)}）凌晨2時至6時平台維護`,
    bodyEn: `<p>The customer portal will be unavailable on <strong>${dayEn(PORTAL_DAY)} from 02:00 to 06:00</strong> for database maintenance.</p><p>Please tell customers who call during that time to try again after 06:00.</p>`,
    bodyZh: `<p>客戶平台將於<strong>${dayZh(PORTAL_DAY)}凌晨2時至6時</strong>進行資料庫維護，期間暫停服務。</p><p>如客戶於該段時間來電，請建議他們於早上6時後再試。</p>`,
    to: { admin: false, staff: false, ops: false },
  },
  // The same notices for the other customers, each quoting its own order and contract (same read states as before).
  dispatchNotice(msgId(17), DEMO_UCP.sunrise, { multiSr: true, mfa: false }),
  renewalOffer(msgId(18), CONTRACT_ID.lcMaintenance, { en: 'maintenance', zh: '保養' }, { multiLc: true }),
  // Each customer's own bill notices (same read states as the one notice they replaced).
  billNotice(msgId(19), DEMO_UCP.lungCheong, 0, { multiLc: false }),
  billNotice(msgId(20), DEMO_UCP.sunrise, 0, { multiSr: false, mfa: false }),
  billNotice(msgId(21), DEMO_UCP.lungCheong, 1, { multiLc: true }),
  billNotice(msgId(22), DEMO_UCP.sunrise, 1, { multiSr: true, mfa: true }),
];

/** When a seeded delivery was read: a few hours after it arrived (fixed, like every other seeded time). */
const readTime = (sendTime: Date, index: number): Date => new Date(sendTime.getTime() + (2 + (index % 5) * 3) * 3_600_000);

/**
 * Inserts the demo inbox inside the seed's transaction. Idempotent: fixed message ids and `on conflict do nothing`
 * everywhere; deliveries are added only with the message the seed created now (a message an administrator removed
 * does not come back with its deliveries, and nobody's read state is ever reset), and only to (user, customer) links
 * that exist.
 */
export async function seedInbox(tx: Db): Promise<{ messages: number; deliveries: number }> {
  const created = await tx
    .insert(inboxMessages)
    .values(
      SEED_INBOX_MESSAGES.map((m) => ({
        id: m.id,
        titleEn: m.titleEn,
        titleZh: m.titleZh,
        bodyEn: sanitizeRichText(m.bodyEn),
        bodyZh: sanitizeRichText(m.bodyZh),
        category: m.category,
        status: 'sent' as const,
        sendTime: m.sendTime,
        createdBy: null,
        createdAt: m.sendTime,
        updatedAt: m.sendTime,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: inboxMessages.id });
  const createdIds = new Set(created.map((m) => m.id));
  if (createdIds.size === 0) return { messages: 0, deliveries: 0 };

  const users = [...new Set(Object.values(R).map((r) => r.userAcUuid))];
  const links = await tx
    .select({ userAcUuid: userCustomers.userAcUuid, ucpId: userCustomers.ucpId })
    .from(userCustomers)
    .where(inArray(userCustomers.userAcUuid, users));
  const linked = new Set(links.map((l) => `${l.userAcUuid}:${l.ucpId}`));

  const rows: (typeof inboxDeliveries.$inferInsert)[] = [];
  SEED_INBOX_MESSAGES.forEach((m, i) => {
    if (!createdIds.has(m.id)) return;
    for (const [key, isRead] of Object.entries(m.to) as [RecipientKey, boolean][]) {
      const r = R[key];
      if (!linked.has(`${r.userAcUuid}:${r.ucpId}`)) continue;
      rows.push({
        messageId: m.id,
        userAcUuid: r.userAcUuid,
        ucpId: r.ucpId,
        sendTime: m.sendTime,
        isRead,
        readAt: isRead ? readTime(m.sendTime, i) : null,
        deliveredAt: m.sendTime,
      });
    }
  });
  const delivered = rows.length
    ? await tx.insert(inboxDeliveries).values(rows).onConflictDoNothing().returning({ id: inboxDeliveries.messageId })
    : [];
  return { messages: created.length, deliveries: delivered.length };
}
