/**
 * Demo data of the admin controls (docs/demo-data.md): which customers auditor@demo.hk looks after (the user list
 * report's `user_list_rpt_read` scope), and promotional offers in every status. Offer dates are relative to the day
 * the seed runs (Hong Kong), so the home page shows current offers whenever the demo is installed; ids are fixed and
 * rows inserted with `on conflict do nothing`, so a second run changes nothing.
 */
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { offerCustomers, offers, staffCustomerAssignments, storedFiles } from '../schema';
import type { Db } from '../types';
import { rgbPng, type Rgb } from './png';
import { DEMO_UCP, PROVIDER_UCP_ID } from './customers';
import { SEED_TIME, seedUserUuid } from './users';
import { storedFileRow } from './files';
import { seedId } from './ids';

const AUDITOR = seedUserUuid('auditor@demo.hk');
const ADMIN = seedUserUuid('admin@demo.hk');

export const SEED_STAFF_ASSIGNMENTS = [
  { staffUserAcUuid: AUDITOR, ucpId: DEMO_UCP.harbourView },
  { staffUserAcUuid: AUDITOR, ucpId: DEMO_UCP.lungCheong },
] as const;

/** A 640 × 240 banner: a diagonal two-colour gradient with soft circles (a valid PNG, checked like any upload). */
export function offerBannerPng(from: Rgb, to: Rgb): Buffer {
  return rgbPng(640, 240, (x, y) => {
    const t = (x / 640) * 0.7 + (y / 240) * 0.3;
    const px = [0, 1, 2].map((k) => Math.round(from[k]! + (to[k]! - from[k]!) * t));
    const d1 = (x - 520) ** 2 + (y - 60) ** 2;
    const d2 = (x - 430) ** 2 + (y - 200) ** 2;
    const lift = d1 < 110 ** 2 || d2 < 70 ** 2 ? 28 : 0;
    return [Math.min(255, px[0]! + lift), Math.min(255, px[1]! + lift), Math.min(255, px[2]! + lift)];
  });
}

const id = (n: number) => seedId('0011', n);
const fileId = (n: number) => seedId('0012', n);

type SeedOffer = {
  n: number;
  titleEn: string;
  titleZh: string;
  descriptionEn: string;
  descriptionZh: string;
  /** Days from the seed day. */
  from: number;
  to: number;
  status: 'draft' | 'published' | 'expired';
  customers?: readonly string[];
  cta?: { url: string; en: string; zh: string };
  banner?: readonly [Rgb, Rgb];
};

export const SEED_OFFERS_DEMO: readonly SeedOffer[] = [
  {
    n: 1,
    titleEn: 'Colour copies at black-and-white prices',
    titleZh: '彩色影印 黑白價錢',
    descriptionEn: 'Until the end of the offer, every colour page on your copier is billed at the black-and-white rate. No sign-up needed: it applies to your next meter reading.',
    descriptionZh: '優惠期內，影印機的每張彩色頁面均以黑白價錢計算。毋須登記，下次抄錶即自動適用。',
    from: -10,
    to: 50,
    status: 'published',
    cta: { url: '/my-account/meter-history', en: 'See my usage', zh: '查看用量' },
    banner: [
      [21, 101, 192],
      [0, 150, 136],
    ],
  },
  {
    n: 2,
    titleEn: 'Free toner delivery for your warehouses',
    titleZh: '貨倉碳粉免費送貨',
    descriptionEn: 'Order toner for any of your sites this month and we deliver it free of charge, including to Kwai Chung and Tsing Yi.',
    descriptionZh: '本月為任何地點訂購碳粉均可免費送貨，包括葵涌及青衣。',
    from: -5,
    to: 25,
    status: 'published',
    customers: [DEMO_UCP.lungCheong],
    cta: { url: '/my-orders/manage', en: 'Order toner', zh: '訂購碳粉' },
    banner: [
      [239, 108, 0],
      [198, 40, 40],
    ],
  },
  {
    n: 3,
    titleEn: 'Upgrade to a faster A3 colour model',
    titleZh: '升級至更快的 A3 彩色機',
    descriptionEn: 'Customers renewing a rental this quarter can move to the 45-page-per-minute A3 colour model for the same monthly fee in the first year.',
    descriptionZh: '本季續租的客戶，可於首年以相同月費升級至每分鐘 45 頁的 A3 彩色型號。',
    from: -3,
    to: 60,
    status: 'published',
    cta: { url: 'https://www.example.hk/offers/a3-upgrade', en: 'Learn more', zh: '了解更多' },
  },
  {
    n: 4,
    titleEn: 'Year-end maintenance check',
    titleZh: '年終保養檢查',
    descriptionEn: 'Book a free preventive maintenance visit before the holidays.',
    descriptionZh: '假期前預約免費預防性保養服務。',
    from: 14,
    to: 45,
    status: 'draft',
  },
  {
    n: 5,
    titleEn: 'Summer paper bundle',
    titleZh: '夏日紙張套裝',
    descriptionEn: 'Ten reams of A4 paper at a special price with any toner order.',
    descriptionZh: '訂購任何碳粉，即可以特價購買十令 A4 紙。',
    from: -120,
    to: -30,
    status: 'expired',
  },
];

export async function seedAdminControls(tx: Db, now: Date = new Date()): Promise<void> {
  await tx
    .insert(staffCustomerAssignments)
    .values(SEED_STAFF_ASSIGNMENTS.map((a) => ({ ...a, assignedBy: ADMIN, assignedAt: SEED_TIME })))
    .onConflictDoNothing();
  const today = hkToday(now);
  for (const o of SEED_OFFERS_DEMO) {
    let imageFileId: string | null = null;
    if (o.banner) {
      const content = offerBannerPng(o.banner[0], o.banner[1]);
      const [file] = await tx
        .insert(storedFiles)
        .values(storedFileRow({ id: fileId(o.n), ucpId: PROVIDER_UCP_ID, uploadedBy: ADMIN, fileName: `offer-${o.n}.png`, mimeType: 'image/png', createdAt: SEED_TIME }, content))
        .onConflictDoNothing()
        .returning({ id: storedFiles.id });
      imageFileId = file?.id ?? fileId(o.n);
    }
    const [row] = await tx
      .insert(offers)
      .values({
        id: id(o.n),
        titleEn: o.titleEn,
        titleZh: o.titleZh,
        descriptionEn: o.descriptionEn,
        descriptionZh: o.descriptionZh,
        imageFileId,
        validFrom: addDays(today, o.from),
        validTo: addDays(today, o.to),
        target: o.customers ? 'selected' : 'all',
        ctaUrl: o.cta?.url ?? '',
        ctaLabelEn: o.cta?.en ?? '',
        ctaLabelZh: o.cta?.zh ?? '',
        status: o.status,
        publishedAt: o.status === 'draft' ? null : SEED_TIME,
        createdBy: ADMIN,
        createdAt: SEED_TIME,
        updatedAt: SEED_TIME,
      })
      .onConflictDoNothing()
      .returning({ id: offers.id });
    if (row && o.customers) await tx.insert(offerCustomers).values(o.customers.map((ucpId) => ({ offerId: row.id, ucpId }))).onConflictDoNothing();
  }
}
