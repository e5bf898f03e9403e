import { randomUUID } from 'node:crypto';
import { IN_TRANSIT_STEPS } from '@/lib/orders/schemas';
import type { Db } from '@/lib/server/db/types';
import {
  machineModels,
  machines,
  orderItems,
  orders,
  orderStatusHistory,
  productCompatibility,
  products,
  shipmentEvents,
  shipments,
} from '@/lib/server/db/schema';
import { insertRow, uniq } from './fixtures';

/**
 * Factories for machines, products, orders and shipments. Every row gets unique keys (tests of one file share a
 * database), and every factory takes overrides.
 */

export type ModelRow = typeof machineModels.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type MachineRow = typeof machines.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;

export async function createModel(db: Db, overrides: Partial<typeof machineModels.$inferInsert> = {}): Promise<ModelRow> {
  const id = uniq();
  return insertRow(db, machineModels, { modelCode: `MDL-${id}`, brand: 'Testa', nameEn: `Model ${id}`, nameZh: `型號 ${id}`, category: 'mfp', isColour: true, ...overrides });
}

/** A product; `fits` lists the models it is compatible with (none: a generic supply that fits every machine). */
export async function createProduct(
  db: Db,
  fits: readonly Pick<ModelRow, 'modelCode'>[],
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<ProductRow> {
  const id = uniq();
  const row = await insertRow(db, products, {
    productCode: `P-${id}`,
    productType: 'toner',
    descriptionEn: `Black toner ${id}`,
    descriptionZh: `黑色碳粉 ${id}`,
    unitPriceCents: 62_000,
    maxOrderQty: 4,
    colour: 'black',
    ...overrides,
  });
  if (fits.length) await db.insert(productCompatibility).values(fits.map((m) => ({ productCode: row.productCode, modelCode: m.modelCode })));
  return row;
}

export async function createMachine(
  db: Db,
  customer: { ucpId: string },
  model: Pick<ModelRow, 'modelCode'>,
  overrides: Partial<typeof machines.$inferInsert> = {},
): Promise<MachineRow> {
  const id = uniq();
  return insertRow(db, machines, {
    ucpId: customer.ucpId,
    serialNo: `SN-${id}`,
    modelCode: model.modelCode,
    locationEn: '12/F Reception',
    locationZh: '12樓接待處',
    addressEn: '6 Wing Yip Street, Kwun Tong',
    addressZh: '觀塘榮業街6號',
    tonerAddressEn: 'Unit 1205, 12/F, 6 Wing Yip Street, Kwun Tong',
    tonerAddressZh: '觀塘榮業街6號12樓1205室',
    tonerContactName: 'Chan Tai Man',
    tonerContactPhone: '+852 2345 6789',
    ...overrides,
  });
}

export type OrderLineInput = { product: Pick<ProductRow, 'productCode' | 'descriptionEn' | 'descriptionZh' | 'unitPriceCents'>; quantity: number };

let orderSeq = 0;

/** An order with items and a first history row, written straight to the tables. */
export async function createOrder(
  db: Db,
  customer: { ucpId: string },
  opts: { machine?: Pick<MachineRow, 'id'> | null; lines?: OrderLineInput[]; overrides?: Partial<typeof orders.$inferInsert> } = {},
): Promise<OrderRow> {
  orderSeq += 1;
  const row = await insertRow(db, orders, {
    // Increasing within a test file (so sorting by number is predictable), unique across files by the suffix.
    orderNo: `TO-${String(orderSeq).padStart(6, '0')}-${uniq()}`,
    ucpId: customer.ucpId,
    orderType: 'toner',
    machineId: opts.machine?.id ?? null,
    status: 'pending',
    deliveryAddress: 'Unit 1205, 12/F, 6 Wing Yip Street, Kwun Tong',
    contactName: 'Chan Tai Man',
    contactPhone: '+852 2345 6789',
    ...opts.overrides,
  });
  const lines = opts.lines ?? [];
  if (lines.length) {
    await db.insert(orderItems).values(
      lines.map(({ product: { productCode, descriptionEn, descriptionZh, unitPriceCents }, quantity }, i) => {
        return { orderId: row.id, lineNo: i + 1, productCode, descriptionEn, descriptionZh, quantity, unitPriceCents };
      }),
    );
  }
  await db.insert(orderStatusHistory).values({ orderId: row.id, status: 'pending', at: row.createdAt });
  return row;
}

/** A shipment of an order with one event per step up to `status`. */
export async function createShipment(
  db: Db,
  order: Pick<OrderRow, 'id' | 'ucpId'>,
  overrides: Partial<typeof shipments.$inferInsert> = {},
): Promise<ShipmentRow> {
  const id = uniq();
  const row = await insertRow(db, shipments, {
    shipmentNo: `SH-T-${id}`,
    orderId: order.id,
    ucpId: order.ucpId,
    courier: 'sf_express',
    trackingNo: `SF${id}`,
    status: 'dispatched',
    ...overrides,
  });
  const steps = IN_TRANSIT_STEPS;
  const last = row.status;
  const upTo = last === 'delivered' || last === 'failed' ? steps.length : steps.indexOf(last) + 1;
  const chain = [...steps.slice(0, upTo), ...(last === 'delivered' || last === 'failed' ? [last] : [])];
  const t0 = row.createdAt.getTime();
  await db.insert(shipmentEvents).values(
    chain.map((step, i) => ({ shipmentId: row.id, step, at: new Date(t0 + i * 3_600_000), locationEn: 'Kwun Tong', locationZh: '觀塘' })),
  );
  return row;
}

export const newKey = (): string => randomUUID();
