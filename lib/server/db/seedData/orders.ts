import { orderItems, orders, orderStatusHistory, shipmentEvents, shipments } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { hkDateOf } from '@/lib/dates/hongKong';
import { DEMO_UCP } from './customers';
import { MACHINE_ID, PRODUCT, SEED_DAY, SEED_PRODUCTS, type SeedModelCode, seedMachine } from './equipment';
import { seedUserUuid } from './users';
import { demoMorning } from './hkTime';
import { seedId } from './ids';
import { chunks } from './chunks';
import { referenceNo } from '@/lib/references';

/**
 * Demo orders, their status history, shipments and tracking events (docs/orders.md, docs/demo-data.md): for each
 * demo customer about 26–36 orders over the 18 months before SEED_ORDERS_DATE, in every status and type, the most
 * recent ones still open (pending, confirmed, processing, out for delivery, a failed delivery attempt).
 *
 * Deterministic for a seed day: a seeded pseudo-random generator and times relative to the seed day (not now()), so
 * every database seeded the same day gets identical rows. Order numbers stay below 5000: the sequence of migration
 * 0004 starts at 5001 for real orders.
 */
/**
 * 09:00 in Hong Kong on the day the data is seeded (SEED_DAY, issue 10 item 5), or the day before when the data is
 * seeded before 09:00 (`demoMorning`): the open orders are days old, not "pending" weeks after they were asked for,
 * nothing stays "out for delivery" for weeks, and nothing is dated later than the moment of seeding.
 */
export const SEED_ORDERS_DATE = demoMorning(SEED_DAY);
/** The Hong Kong calendar day of SEED_ORDERS_DATE: the orders' "today". */
const ORDERS_DAY = hkDateOf(SEED_ORDERS_DATE);

type Status = 'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'completed' | 'cancelled';
type OrderType = 'toner' | 'supplies' | 'equipment' | 'service';
type Courier = 'sf_express' | 'kerry_express' | 'own_fleet';
type Step = 'received' | 'picked' | 'dispatched' | 'out_for_delivery' | 'delivered' | 'failed';

export type SeedOrder = typeof orders.$inferInsert & { id: string };
export type SeedOrderItem = typeof orderItems.$inferInsert;
export type SeedStatusHistory = typeof orderStatusHistory.$inferInsert;
export type SeedShipment = typeof shipments.$inferInsert & { id: string };
export type SeedShipmentEvent = typeof shipmentEvents.$inferInsert;

export type SeedOrderData = {
  orders: SeedOrder[];
  items: SeedOrderItem[];
  history: SeedStatusHistory[];
  shipments: SeedShipment[];
  events: SeedShipmentEvent[];
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** mulberry32: small, fast and the same on every platform. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}


/** Hong Kong calendar date ('YYYY-MM-DD') of an instant. */
/** An instant at a Hong Kong wall-clock time on the day `daysBefore` days before the reference date. */
const hkAt = (daysBefore: number, hour: number, minute: number): Date => {
  const refDay = Date.parse(`${ORDERS_DAY}T00:00:00Z`); // 00:00 UTC of that date = the Hong Kong calendar day of the reference
  return new Date(refDay - daysBefore * DAY + (hour - 8) * HOUR + minute * 60_000);
};
const plus = (d: Date, ms: number): Date => new Date(d.getTime() + ms);
const toMinute = (d: Date): Date => new Date(Math.round(d.getTime() / 60_000) * 60_000);
/** Moves an instant into Hong Kong office hours (09:00–18:00): early → 09:xx the same day, late → 10:xx the next. */
const officeHours = (d: Date): Date => {
  const hour = new Date(d.getTime() + 8 * HOUR).getUTCHours();
  const minutes = d.getUTCMinutes();
  if (hour < 9) return plus(d, (9 - hour) * HOUR);
  if (hour >= 18) return plus(d, (24 - hour + 10) * HOUR - minutes * 60_000 + ((minutes * 7) % 60) * 60_000);
  return d;
};

type District = { en: string; zh: string };
const DISTRICTS: Record<string, District> = {
  kwunTong: { en: 'Kwun Tong', zh: '觀塘' },
  wanChai: { en: 'Wan Chai', zh: '灣仔' },
  kwaiChung: { en: 'Kwai Chung', zh: '葵涌' },
  tst: { en: 'Tsim Sha Tsui', zh: '尖沙咀' },
};
const MACHINE_DISTRICT: Record<string, District> = {
  [MACHINE_ID.hvColour]: DISTRICTS.kwunTong!,
  [MACHINE_ID.hvMono]: DISTRICTS.kwunTong!,
  [MACHINE_ID.hvPrinter]: DISTRICTS.kwunTong!,
  [MACHINE_ID.lcColour]: DISTRICTS.wanChai!,
  [MACHINE_ID.lcMonoOffice]: DISTRICTS.wanChai!,
  [MACHINE_ID.lcMonoWarehouse]: DISTRICTS.kwaiChung!,
  [MACHINE_ID.lcPrinter]: DISTRICTS.kwaiChung!,
  [MACHINE_ID.srColour]: DISTRICTS.tst!,
  [MACHINE_ID.srPrinter]: DISTRICTS.tst!,
};

const HUBS: Record<Courier, District> = {
  sf_express: { en: 'SF Express Tsing Yi transit centre', zh: '順豐速運青衣轉運中心' },
  kerry_express: { en: 'Kerry Express Kwai Chung hub', zh: '嘉里快遞葵涌轉運中心' },
  own_fleet: { en: 'Pacific Imaging Kwun Tong warehouse', zh: '太平洋影像觀塘貨倉' },
};
const WAREHOUSE: District = { en: 'Pacific Imaging Kwun Tong warehouse', zh: '太平洋影像觀塘貨倉' };

const STATUS_NOTES: Record<Status, { en: string; zh: string }> = {
  pending: { en: 'Order received', zh: '已收到訂單' },
  confirmed: { en: 'Order confirmed by customer service', zh: '客戶服務部已確認訂單' },
  processing: { en: 'Items being prepared at the warehouse', zh: '貨倉正在備貨' },
  shipped: { en: 'Handed over for delivery', zh: '已交付送貨' },
  delivered: { en: 'Delivered and signed for', zh: '已送達並由收件人簽收' },
  completed: { en: 'Order completed', zh: '訂單已完成' },
  cancelled: { en: 'Order cancelled', zh: '訂單已取消' },
};

const CANCEL_REASONS = [
  'Ordered by mistake: duplicate of an earlier order.',
  'Spare toner found in the store room.',
  'Machine to be relocated; will reorder after the move.',
  '重複下單，請取消。',
];

const REMARKS = [
  '',
  '',
  '',
  'Please deliver before 5 pm; the loading bay closes at 6 pm.',
  'Call the contact on arrival; the office is on a locked floor.',
  '請於辦公時間內送貨，到達前請致電聯絡人。',
];

type CustomerPlan = {
  ucpId: string;
  machineIds: readonly string[];
  /** Who places orders online (null: phoned in and keyed by customer service). */
  placers: readonly (string | null)[];
  count: number;
  seed: number;
  /** Address language of the delivery address copied onto the order. */
  lang: 'en' | 'zh';
};

const PLANS: readonly CustomerPlan[] = [
  {
    ucpId: DEMO_UCP.harbourView,
    machineIds: [MACHINE_ID.hvColour, MACHINE_ID.hvMono, MACHINE_ID.hvPrinter],
    placers: [seedUserUuid('customer@demo.hk'), seedUserUuid('customer@demo.hk'), seedUserUuid('customer@demo.hk'), null],
    count: 36,
    seed: 100001,
    lang: 'en',
  },
  {
    ucpId: DEMO_UCP.lungCheong,
    machineIds: [MACHINE_ID.lcColour, MACHINE_ID.lcMonoOffice, MACHINE_ID.lcMonoWarehouse, MACHINE_ID.lcPrinter],
    placers: [seedUserUuid('multi@demo.hk'), seedUserUuid('multi@demo.hk'), null],
    count: 32,
    seed: 100002,
    lang: 'zh',
  },
  {
    ucpId: DEMO_UCP.sunrise,
    machineIds: [MACHINE_ID.srColour, MACHINE_ID.srPrinter],
    placers: [seedUserUuid('mfa@demo.hk'), seedUserUuid('mfa@demo.hk'), seedUserUuid('multi@demo.hk'), null],
    count: 26,
    seed: 100003,
    lang: 'en',
  },
];

/**
 * The most recent orders of every customer, newest first, so each customer shows every open state on the reference
 * date: age in days, type, status and (for shipped ones) how far the delivery got.
 */
const RECENT: readonly { age: number; type: OrderType; status: Status; last?: Step }[] = [
  { age: 0, type: 'toner', status: 'pending' },
  { age: 1, type: 'supplies', status: 'pending' },
  { age: 2, type: 'toner', status: 'processing' },
  { age: 3, type: 'toner', status: 'shipped', last: 'out_for_delivery' },
  { age: 4, type: 'service', status: 'confirmed' },
  { age: 5, type: 'toner', status: 'shipped', last: 'failed' },
  { age: 7, type: 'supplies', status: 'delivered' },
];

const OLDEST_AGE = 545; // about 18 months

type Product = (typeof SEED_PRODUCTS)[number];
const productsFor = (model: SeedModelCode): Product[] => SEED_PRODUCTS.filter((p) => p.fits.includes(model));
const product = (code: string): Product => SEED_PRODUCTS.find((p) => p.productCode === code)!;

function pickItems(type: OrderType, model: SeedModelCode, rand: () => number): { product: Product; quantity: number }[] {
  const fits = productsFor(model);
  const qty = (p: Product, upTo: number) => 1 + Math.floor(rand() * Math.min(upTo, p.maxOrderQty ?? 1));
  if (type === 'toner') {
    const toners = fits.filter((p) => p.productType === 'toner');
    const black = toners.find((p) => p.colour === 'black')!;
    const lines = [{ product: black, quantity: qty(black, 4) }];
    for (const p of toners.filter((t) => t.colour !== 'black')) if (rand() < 0.45) lines.push({ product: p, quantity: qty(p, 2) });
    const drum = fits.find((p) => p.productType === 'drum');
    if (drum && rand() < 0.15) lines.push({ product: drum, quantity: 1 });
    return lines;
  }
  if (type === 'supplies') {
    const a4 = product(PRODUCT.paperA4);
    const lines = [{ product: a4, quantity: 4 + Math.floor(rand() * 12) }];
    if (rand() < 0.3) lines.push({ product: product(PRODUCT.paperA3), quantity: 1 + Math.floor(rand() * 3) });
    const staples = fits.find((p) => p.productType === 'staples') ?? product(PRODUCT.staplesGeneric);
    if (rand() < 0.5) lines.push({ product: staples, quantity: qty(staples, 2) });
    const waste = fits.find((p) => p.productType === 'waste_toner');
    if (waste && rand() < 0.4) lines.push({ product: waste, quantity: 1 });
    return lines;
  }
  if (type === 'equipment') {
    const eq = fits.find((p) => p.productType === 'equipment');
    return eq ? [{ product: eq, quantity: 1 }] : pickItems('toner', model, rand);
  }
  return [{ product: product(rand() < 0.8 ? PRODUCT.serviceVisit : PRODUCT.relocation), quantity: 1 }];
}

const digits = (rand: () => number, n: number): string =>
  Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');

function trackingNo(courier: Courier, at: Date, rand: () => number): string {
  if (courier === 'sf_express') return `SF${digits(rand, 13)}`;
  if (courier === 'kerry_express') return `KEC${digits(rand, 10)}`;
  return `PIS${hkDateOf(at).slice(2).replaceAll('-', '')}${digits(rand, 3)}`;
}

/** Builds every demo order row in memory (exported for tests and for other seed modules to refer to). */
export function buildSeedOrders(): SeedOrderData {
  type Draft = {
    plan: CustomerPlan;
    rand: () => number;
    createdAt: Date;
    type: OrderType;
    status: Status;
    last?: Step;
  };
  const drafts: Draft[] = [];
  for (const plan of PLANS) {
    const rand = rng(plan.seed);
    const older = plan.count - RECENT.length;
    for (let i = 0; i < older; i += 1) {
      // Spread evenly over days 10..OLDEST_AGE, with some jitter; office hours only.
      const span = (OLDEST_AGE - 10) / older;
      const age = Math.round(OLDEST_AGE - i * span - rand() * span * 0.7);
      const createdAt = hkAt(age, 9 + Math.floor(rand() * 9), Math.floor(rand() * 60));
      const r = rand();
      // Every customer gets an equipment order now and then (an extra finisher or paper tray).
      const type: OrderType =
        i % 12 === 6 ? 'equipment' : r < 0.64 ? 'toner' : r < 0.87 ? 'supplies' : r < 0.96 ? 'service' : 'equipment';
      const s = rand();
      const status: Status = s < 0.1 ? 'cancelled' : 'completed';
      drafts.push({ plan, rand, createdAt, type, status });
    }
    for (const rec of [...RECENT].reverse()) {
      const createdAt = hkAt(rec.age, rec.age === 0 ? 8 : 10 + Math.floor(rand() * 6), Math.floor(rand() * 60));
      drafts.push({ plan, rand, createdAt, type: rec.type, status: rec.status, last: rec.last });
    }
  }
  drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const data: SeedOrderData = { orders: [], items: [], history: [], shipments: [], events: [] };
  let shipmentSeq = 3001;
  let historyN = 0;
  let itemN = 0;
  let eventN = 0;

  drafts.forEach((d, index) => {
    const { plan, rand, createdAt, type, status } = d;
    const n = index + 1;
    const orderId = seedId('0030', n);
    // Equipment goes only to a machine that has an accessory in the catalogue.
    const candidates =
      type === 'equipment'
        ? plan.machineIds.filter((id) => productsFor(seedMachine(id).modelCode as SeedModelCode).some((p) => p.productType === 'equipment'))
        : plan.machineIds;
    const machineId = candidates[Math.floor(rand() * candidates.length)]!;
    const machine = seedMachine(machineId);
    const model = machine.modelCode as SeedModelCode;
    const placer = plan.placers[Math.floor(rand() * plan.placers.length)] ?? null;
    const lines = pickItems(type, model, rand);
    const requested = hkDateOf(plus(createdAt, (2 + Math.floor(rand() * 4)) * DAY));

    // Status timeline: each step a few hours or days after the previous one.
    const path: Status[] =
      status === 'cancelled'
        ? ['pending', 'cancelled']
        : type === 'service'
          ? ['pending', 'confirmed', ...(status === 'completed' ? (['completed'] as const) : [])]
          : (['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'completed'] as const).slice(
              0,
              ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'completed'].indexOf(status) + 1,
            );
    const times: Date[] = [createdAt];
    for (let i = 1; i < path.length; i += 1) {
      const prev = times[i - 1]!;
      const step = path[i]!;
      const gap =
        step === 'confirmed' ? 1 + rand() * 2
        : step === 'processing' ? 3 + rand() * 15
        : step === 'shipped' ? 2 + rand() * 4
        : step === 'delivered' ? 18 + rand() * 8
        : step === 'completed' ? (type === 'service' ? 48 + rand() * 72 : 5 * 24 + rand() * 48)
        : 0.5 + rand() * 20; // cancelled
      times.push(toMinute(officeHours(plus(prev, gap * HOUR))));
    }
    // Shipments: everything that left the warehouse (not services, not cancelled ones). One old delivered order in
    // eight needed a second attempt (a failed shipment, then the one that arrived): its delivery moves later.
    const willShip = path.includes('shipped');
    const courier: Courier =
      type === 'equipment' ? 'own_fleet' : (['sf_express', 'kerry_express', 'own_fleet'] as const)[Math.floor(rand() * 3)]!;
    const failedFirst = willShip && (d.last === 'failed' || (path.includes('delivered') && rand() < 0.125));
    if (failedFirst && path.includes('delivered')) {
      const at = path.indexOf('delivered');
      for (let i = at; i < times.length; i += 1) times[i] = officeHours(plus(times[i]!, 2 * DAY));
    }
    // Open orders must not run past the reference date.
    for (let i = 1; i < times.length; i += 1) {
      if (times[i]!.getTime() > SEED_ORDERS_DATE.getTime() - HOUR) times[i] = new Date(SEED_ORDERS_DATE.getTime() - (times.length - i) * HOUR);
    }
    const confirmedAt = path.includes('confirmed') ? times[path.indexOf('confirmed')]! : null;
    const promised = confirmedAt ? hkDateOf(plus(confirmedAt, (type === 'service' ? 5 : 2) * DAY)) : null;
    const cancelled = status === 'cancelled';
    const cancelledByCustomer = cancelled && placer !== null && rand() < 0.7;

    const address = plan.lang === 'zh' ? machine.tonerAddressZh! : machine.tonerAddressEn!;
    data.orders.push({
      id: orderId,
      orderNo: referenceNo('SO', hkDateOf(createdAt).slice(0, 4), 1200 + n),
      ucpId: plan.ucpId,
      orderType: type,
      machineId,
      status,
      deliveryAddress: address,
      contactName: machine.tonerContactName!,
      contactPhone: machine.tonerContactPhone!,
      requestedDate: requested,
      promisedDate: promised,
      remarks: REMARKS[Math.floor(rand() * REMARKS.length)]!,
      createdBy: placer,
      idempotencyKey: null,
      cancelledAt: cancelled ? times[1]! : null,
      cancelReason: cancelled ? CANCEL_REASONS[Math.floor(rand() * CANCEL_REASONS.length)]! : null,
      createdAt,
      updatedAt: times[times.length - 1]!,
    });
    lines.forEach((l, i) => {
      itemN += 1;
      data.items.push({
        id: seedId('0031', itemN),
        orderId,
        lineNo: i + 1,
        productCode: l.product.productCode,
        descriptionEn: l.product.descriptionEn,
        descriptionZh: l.product.descriptionZh,
        quantity: l.quantity,
        unitPriceCents: l.product.unitPriceCents,
      });
    });
    path.forEach((s, i) => {
      historyN += 1;
      const byCustomer = s === 'pending' ? placer : s === 'cancelled' && cancelledByCustomer ? placer : null;
      const note =
        s === 'pending' && placer === null
          ? { en: 'Order placed by phone through customer service', zh: '經客戶服務熱線下單' }
          : s === 'confirmed' && type === 'service'
            ? { en: 'Technician visit scheduled', zh: '已安排技術人員上門' }
            : s === 'cancelled' && !cancelledByCustomer
              ? { en: 'Cancelled by customer service at the customer\'s request', zh: '客戶服務部應客戶要求取消' }
              : STATUS_NOTES[s];
      data.history.push({
        id: seedId('0032', historyN),
        orderId,
        status: s,
        at: times[i]!,
        noteEn: note.en,
        noteZh: note.zh,
        changedBy: byCustomer,
      });
    });

    const shippedIndex = path.indexOf('shipped');
    if (!willShip) return;
    const district = MACHINE_DISTRICT[machineId]!;
    const processingAt = times[path.indexOf('processing')]!;
    const shippedAt = times[shippedIndex]!;
    const deliveredAt = path.includes('delivered') ? times[path.indexOf('delivered')]! : null;

    const addShipment = (from: Date, steps: { step: Step; at: Date }[]) => {
      const shipmentId = seedId('0033', shipmentSeq - 3000);
      const last = steps[steps.length - 1]!;
      data.shipments.push({
        id: shipmentId,
        shipmentNo: referenceNo('SH', hkDateOf(from).slice(0, 4), shipmentSeq),
        orderId,
        ucpId: plan.ucpId,
        courier,
        trackingNo: trackingNo(courier, from, rand),
        status: last.step,
        createdAt: toMinute(from),
        updatedAt: toMinute(last.at),
      });
      shipmentSeq += 1;
      for (const e of steps) {
        eventN += 1;
        const where =
          e.step === 'received' || e.step === 'picked' ? WAREHOUSE
          : e.step === 'dispatched' ? HUBS[courier]
          : district;
        const note =
          e.step === 'failed'
            ? { en: 'Recipient not available; the office was closed. A new attempt will be arranged.', zh: '收件人不在，辦公室已關門，將另行安排派送。' }
            : e.step === 'delivered'
              ? { en: `Signed for by ${machine.tonerContactName}`, zh: `由${machine.tonerContactName}簽收` }
              : { en: '', zh: '' };
        data.events.push({
          id: seedId('0034', eventN),
          shipmentId,
          step: e.step,
          at: toMinute(e.at),
          locationEn: where.en,
          locationZh: where.zh,
          noteEn: note.en,
          noteZh: note.zh,
        });
      }
    };
    const legs = (start: Date, end: Date | null, lastStep: Step): { step: Step; at: Date }[] => {
      const all: Step[] = ['received', 'picked', 'dispatched', 'out_for_delivery'];
      const upTo = lastStep === 'delivered' || lastStep === 'failed' ? 4 : all.indexOf(lastStep) + 1;
      const steps = all.slice(0, upTo).map((step, i) => ({ step, at: plus(start, [0, 1.2, 3.5, 0][i]! * HOUR) }));
      if (upTo === 4) {
        // Out for delivery a couple of hours before the final step; still on its way: this morning.
        const finalAt = end ?? new Date(SEED_ORDERS_DATE.getTime() + 1.5 * HOUR);
        steps[3]!.at = new Date(Math.max(plus(start, 4.5 * HOUR).getTime(), finalAt.getTime() - 2 * HOUR));
      }
      if (lastStep === 'delivered' || lastStep === 'failed') steps.push({ step: lastStep, at: end ?? plus(start, 20 * HOUR) });
      return steps;
    };

    if (failedFirst) {
      // The first attempt fails the day after dispatch; the second leaves the warehouse the morning after that.
      const failAt = d.last === 'failed' ? new Date(SEED_ORDERS_DATE.getTime() - 40 * HOUR) : officeHours(plus(shippedAt, 20 * HOUR));
      addShipment(processingAt, legs(processingAt, failAt, 'failed'));
      if (deliveredAt) {
        const retryAt = new Date(Math.min(officeHours(plus(failAt, 15 * HOUR)).getTime(), deliveredAt.getTime() - 6 * HOUR));
        addShipment(retryAt, legs(retryAt, deliveredAt, 'delivered'));
      }
    } else if (deliveredAt) {
      addShipment(processingAt, legs(processingAt, deliveredAt, 'delivered'));
    } else {
      addShipment(processingAt, legs(processingAt, null, d.last ?? 'dispatched'));
    }
  });
  return data;
}

/**
 * Inserts the demo orders. Orders are `on conflict do nothing`; their items, history and shipments are added only for
 * the orders created in this run, so a second run changes nothing (and never re-adds a row someone removed).
 */
export async function seedOrders(tx: Db): Promise<void> {
  const data = buildSeedOrders();
  const created = await tx.insert(orders).values(data.orders).onConflictDoNothing().returning({ id: orders.id });
  if (created.length === 0) return;
  const ids = new Set(created.map((o) => o.id));
  const items = data.items.filter((i) => ids.has(i.orderId));
  const history = data.history.filter((h) => ids.has(h.orderId));
  const ships = data.shipments.filter((s) => ids.has(s.orderId));
  for (const part of chunks(items, 500)) await tx.insert(orderItems).values(part).onConflictDoNothing();
  for (const part of chunks(history, 500)) await tx.insert(orderStatusHistory).values(part).onConflictDoNothing();
  if (ships.length === 0) return;
  const newShipments = await tx.insert(shipments).values(ships).onConflictDoNothing().returning({ id: shipments.id });
  const shipIds = new Set(newShipments.map((s) => s.id));
  const events = data.events.filter((e) => shipIds.has(e.shipmentId));
  for (const part of chunks(events, 500)) await tx.insert(shipmentEvents).values(part).onConflictDoNothing();
}

/** For tests: the order ids of one customer in the demo data. */
export const seedOrderIdsOf = (ucpId: string): string[] => buildSeedOrders().orders.filter((o) => o.ucpId === ucpId).map((o) => o.id);
