import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MachineSummary } from '@/lib/machines/schemas';
import { ORDERABLE_PRODUCT_TYPES } from '@/lib/orders/constants';
import type { OrderableMachine, OrderableProduct } from '@/lib/orders/schemas';
import { contracts, machineModels, machines, productCompatibility, products } from '@/lib/server/db/schema';
import type { CustomerContext } from '@/lib/server/context';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import { listPosition } from '@/lib/server/db/paginate';

/**
 * The customer's machines and what can be ordered for them (docs/orders.md). Every query starts from the customer
 * of the caller's token: another customer's machine is simply not found (404).
 */


const TYPE_ORDER = listPosition(products.productType, ORDERABLE_PRODUCT_TYPES);
const COLOUR_ORDER = sql`coalesce(array_position(array['black', 'cyan', 'magenta', 'yellow']::text[], ${products.colour}), 9)`;

export const machineSummaryColumns = {
  id: machines.id,
  serialNo: machines.serialNo,
  modelCode: machines.modelCode,
  modelNameEn: machineModels.nameEn,
  modelNameZh: machineModels.nameZh,
  isColour: machineModels.isColour,
  locationEn: machines.locationEn,
  locationZh: machines.locationZh,
};

/** The summary fields of a machine row (what machineSummaryColumns selects), for an answer. */
export const machineSummaryOf = (m: MachineSummary): MachineSummary => ({
  id: m.id,
  serialNo: m.serialNo,
  modelCode: m.modelCode,
  modelNameEn: m.modelNameEn,
  modelNameZh: m.modelNameZh,
  isColour: m.isColour,
  locationEn: m.locationEn,
  locationZh: m.locationZh,
});

/** The customer's active machines with their model and toner delivery details (the order form's first step). */
export async function listOrderableMachines({ db, actor: { ucpId } }: CustomerContext): Promise<OrderableMachine[]> {
  return db
    .select({
      ...machineSummaryColumns,
      tonerAddressEn: machines.tonerAddressEn,
      tonerAddressZh: machines.tonerAddressZh,
      tonerContactName: machines.tonerContactName,
      tonerContactPhone: machines.tonerContactPhone,
      addressEn: machines.addressEn,
      addressZh: machines.addressZh,
      contractNo: contracts.contractNo,
    })
    .from(machines)
    .innerJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
    .leftJoin(contracts, and(eq(contracts.id, machines.contractId), eq(contracts.ucpId, machines.ucpId)))
    .where(and(eq(machines.ucpId, ucpId), eq(machines.status, 'active')))
    .orderBy(asc(machineModels.nameEn), asc(machines.locationEn), asc(machines.serialNo));
}

export type ActiveMachine = MachineSummary & {
  tonerAddressEn: string;
  tonerAddressZh: string;
  addressEn: string;
  tonerContactName: string;
  tonerContactPhone: string;
};

/** One active machine of the customer, or NOT_FOUND (also for another customer's or a removed machine). */
export async function getActiveMachine(db: Db, ucpId: string, machineId: string): Promise<ActiveMachine> {
  const [row] = await db
    .select({
      ...machineSummaryColumns,
      tonerAddressEn: machines.tonerAddressEn,
      tonerAddressZh: machines.tonerAddressZh,
      addressEn: machines.addressEn,
      tonerContactName: machines.tonerContactName,
      tonerContactPhone: machines.tonerContactPhone,
    })
    .from(machines)
    .innerJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
    .where(and(eq(machines.id, machineId), eq(machines.ucpId, ucpId), eq(machines.status, 'active')));
  if (!row) throw new AppError('NOT_FOUND', { message: 'machine not found for this customer' });
  return row;
}

/**
 * Products that fit a model: those listed for it in product_compatibility, plus generic supplies (products with no
 * compatibility row at all, such as paper), active and of an orderable type.
 */
function fitsModel(modelCode: string): SQL {
  return and(
    eq(products.isActive, true),
    inArray(products.productType, [...ORDERABLE_PRODUCT_TYPES]),
    sql`(exists (select 1 from ${productCompatibility} pc where pc.product_code = ${products.productCode} and pc.model_code = ${modelCode})
      or not exists (select 1 from ${productCompatibility} pc where pc.product_code = ${products.productCode}))`,
  )!;
}

const productColumns = {
  productCode: products.productCode,
  productType: products.productType,
  descriptionEn: products.descriptionEn,
  descriptionZh: products.descriptionZh,
  colour: products.colour,
  unitPriceCents: products.unitPriceCents,
  maxOrderQty: products.maxOrderQty,
};

/** What may be ordered for a machine of the customer (NOT_FOUND for a machine that is not the customer's). */
export async function listProductsForMachine({ db, actor: { ucpId } }: CustomerContext, machineId: string): Promise<OrderableProduct[]> {
  const machine = await getActiveMachine(db, ucpId, machineId);
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(fitsModel(machine.modelCode))
    .orderBy(TYPE_ORDER, COLOUR_ORDER, asc(products.productCode));
  return rows;
}

/** The given codes among those orderable for `modelCode` (codes that do not fit are simply absent). */
export async function findOrderableProducts(db: Db, modelCode: string, codes: readonly string[]): Promise<OrderableProduct[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(inArray(products.productCode, [...codes]), fitsModel(modelCode)));
  return rows;
}
