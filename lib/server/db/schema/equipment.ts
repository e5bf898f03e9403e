import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { BILLING_FREQUENCIES, CONTRACT_STATUSES, CONTRACT_TYPES } from '@/lib/contracts/constants';
import { MACHINE_CATEGORIES, MACHINE_STATUSES } from '@/lib/machines/constants';
import { PRODUCT_TYPES } from '@/lib/orders/constants';
import { customerRef } from './customers';
import { uuidPk, timestamps, optionalUuidRef, inList } from './columns';

/**
 * Machines and contracts, created once for every feature that needs them: orders (toner for a machine), bills (lines
 * per machine and meter), meter readings, billing schedules and renewals. docs/data-model.md describes them.
 */

export { BILLING_FREQUENCIES, CONTRACT_STATUSES, CONTRACT_TYPES } from '@/lib/contracts/constants';

export const contracts = pgTable(
  'contracts',
  {
    id: uuidPk(),
    ucpId: customerRef(),
    contractNo: text('contract_no').notNull(),
    contractType: text('contract_type', { enum: CONTRACT_TYPES }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    termMonths: integer('term_months').notNull(),
    billingFrequency: text('billing_frequency', { enum: BILLING_FREQUENCIES }).notNull().default('monthly'),
    /** Fixed charge per billing period (rental / lease instalment), HKD cents. */
    periodChargeCents: integer('period_charge_cents').notNull().default(0),
    /** Minimum usage charge per billing period, HKD cents (a shortfall is billed as its own line). */
    minimumChargeCents: integer('minimum_charge_cents').notNull().default(0),
    /** Click rates in HKD per page (four decimals: HK$0.0450). */
    monoRate: numeric('mono_rate', { precision: 10, scale: 4 }).notNull().default('0'),
    colourRate: numeric('colour_rate', { precision: 10, scale: 4 }).notNull().default('0'),
    /** Pages included per billing period before click charges apply. */
    monoAllowance: integer('mono_allowance').notNull().default(0),
    colourAllowance: integer('colour_allowance').notNull().default(0),
    status: text('status', { enum: CONTRACT_STATUSES }).notNull().default('active'),
    /**
     * Service level: business hours (HK, docs/service-requests.md) within which an engineer responds to a reported
     * fault. Copied onto each service request when it is reported.
     */
    responseHours: integer('response_hours').notNull().default(8),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('contracts_no_uq').on(t.contractNo),
    index('contracts_ucp_idx').on(t.ucpId, t.endDate),
    check('contracts_type_chk', sql`${t.contractType} in ${inList(CONTRACT_TYPES)}`),
    check('contracts_status_chk', sql`${t.status} in ${inList(CONTRACT_STATUSES)}`),
    check('contracts_frequency_chk', sql`${t.billingFrequency} in ${inList(BILLING_FREQUENCIES)}`),
    check('contracts_dates_chk', sql`${t.endDate} >= ${t.startDate}`),
    check('contracts_response_hours_chk', sql`${t.responseHours} > 0`),
    check('contracts_money_chk', sql`${t.periodChargeCents} >= 0 and ${t.minimumChargeCents} >= 0 and ${t.monoRate} >= 0 and ${t.colourRate} >= 0`),
  ],
);

/** Machine models the provider supplies; `isColour` decides which toners fit and whether colour meters exist. */
export const machineModels = pgTable(
  'machine_models',
  {
    modelCode: text('model_code').primaryKey(),
    brand: text('brand').notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    /** copier | printer | mfp (multifunction) */
    category: text('category', { enum: MACHINE_CATEGORIES }).notNull(),
    isColour: boolean('is_colour').notNull(),
    pagesPerMinute: integer('pages_per_minute').notNull().default(0),
  },
  (t) => [check('machine_models_category_chk', sql`${t.category} in ${inList(MACHINE_CATEGORIES)}`)],
);

export const machines = pgTable(
  'machines',
  {
    id: uuidPk(),
    ucpId: customerRef(),
    contractId: optionalUuidRef('contract_id', () => contracts.id),
    serialNo: text('serial_no').notNull(),
    modelCode: text('model_code')
      .notNull()
      .references(() => machineModels.modelCode),
    /** Where the machine stands (floor, room), bilingual. */
    locationEn: text('location_en').notNull().default(''),
    locationZh: text('location_zh').notNull().default(''),
    /** Site address of the machine. */
    addressEn: text('address_en').notNull().default(''),
    addressZh: text('address_zh').notNull().default(''),
    /** Where toner and supplies for this machine are delivered, and to whom. */
    tonerAddressEn: text('toner_address_en').notNull().default(''),
    tonerAddressZh: text('toner_address_zh').notNull().default(''),
    tonerContactName: text('toner_contact_name').notNull().default(''),
    tonerContactPhone: text('toner_contact_phone').notNull().default(''),
    installedOn: date('installed_on', { mode: 'string' }),
    status: text('status', { enum: MACHINE_STATUSES }).notNull().default('active'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('machines_serial_uq').on(t.serialNo),
    index('machines_ucp_idx').on(t.ucpId),
    index('machines_contract_idx').on(t.contractId),
    check('machines_status_chk', sql`${t.status} in ${inList(MACHINE_STATUSES)}`),
  ],
);

/** What can be ordered; prices in HKD cents. */
export const products = pgTable(
  'products',
  {
    productCode: text('product_code').primaryKey(),
    productType: text('product_type', { enum: PRODUCT_TYPES }).notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionZh: text('description_zh').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** Most a customer may order of it in one order (per machine for consumables). */
    maxOrderQty: integer('max_order_qty').notNull().default(10),
    /** For toner: the colour it prints (black, cyan, magenta, yellow); null otherwise. */
    colour: text('colour'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check('products_type_chk', sql`${t.productType} in ${inList(PRODUCT_TYPES)}`),
    check('products_price_chk', sql`${t.unitPriceCents} >= 0 and ${t.maxOrderQty} > 0`),
  ],
);

/** Which consumables fit which model (toner/drum/waste box); items not listed for a model cannot be ordered for it. */
export const productCompatibility = pgTable(
  'product_compatibility',
  {
    productCode: text('product_code')
      .notNull()
      .references(() => products.productCode, { onDelete: 'cascade' }),
    modelCode: text('model_code')
      .notNull()
      .references(() => machineModels.modelCode, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.modelCode] }), index('product_compatibility_model_idx').on(t.modelCode)],
);
