import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { CUSTOMER_PRODUCT_LINES, CUSTOMER_STATUSES } from '@/lib/customers/constants';
import { uuidPk, createdAt, timestamps, inList } from './columns';

/**
 * UCP: the customer / contract party a user acts for. The provider itself is one row with `isProvider` true:
 * staff act for it, so every session has exactly one current party (docs/decisions.md).
 */
export const customers = pgTable(
  'customers',
  {
    ucpId: text('ucp_id').primaryKey(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    brNo: text('br_no'),
    billingAddressEn: text('billing_address_en').notNull().default(''),
    billingAddressZh: text('billing_address_zh').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    receiveHardcopyBill: boolean('receive_hardcopy_bill').notNull().default(false),
    status: text('status', { enum: CUSTOMER_STATUSES }).notNull().default('active'),
    isProvider: boolean('is_provider').notNull().default(false),
    ...timestamps(),
  },
  (t) => [check('customers_status_chk', sql`${t.status} in ${inList(CUSTOMER_STATUSES)}`)],
);

/**
 * A row's customer: `ucp_id`, required. By default the customer cannot be deleted while the row exists; rows that only
 * link a customer to something (`'cascade'`) go with it.
 */
export const customerRef = (onDelete: 'restrict' | 'cascade' = 'restrict') =>
  text('ucp_id')
    .notNull()
    .references(() => customers.ucpId, { onDelete });

/** Product lines a customer can hold customer numbers in (`/api/user/get{Product}CustomerNoList`). */
export { PRODUCT_LINES, type ProductLine } from '../../../customer/schemas';

export const customerNumbers = pgTable(
  'customer_numbers',
  {
    id: uuidPk(),
    ucpId: customerRef('cascade'),
    productLine: text('product_line', { enum: CUSTOMER_PRODUCT_LINES }).notNull(),
    customerNo: text('customer_no').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('customer_numbers_line_no_uq').on(t.productLine, t.customerNo),
    index('customer_numbers_ucp_idx').on(t.ucpId),
    check('customer_numbers_line_chk', sql`${t.productLine} in ${inList(CUSTOMER_PRODUCT_LINES)}`),
  ],
);
