import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { OFFER_STATUSES, OFFER_TARGETS } from '@/lib/offers/constants';
import { storedFiles } from './billing';
import { customerRef } from './customers';
import { actorRef, userRef } from './users';
import { uuidPk, timestamps, uuidRef, optionalUuidRef, inList } from './columns';

/**
 * Which customers a provider staff user looks after (docs/admin.md, "Staff ↔ customer assignment"): the user list
 * report's `user_list_rpt_read` shows only these customers' users. Kept apart from `user_customers` (which lets a user
 * act for a customer) and from group membership (which carries function codes).
 */
export const staffCustomerAssignments = pgTable(
  'staff_customer_assignments',
  {
    staffUserAcUuid: userRef('staff_user_ac_uuid'),
    ucpId: customerRef('cascade'),
    assignedBy: actorRef('assigned_by'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffUserAcUuid, t.ucpId] }), index('staff_customer_assignments_ucp_idx').on(t.ucpId)],
);

/**
 * Promotional offers shown on customers' home pages (docs/offers.md). Published offers are shown within
 * [valid_from, valid_to] (Hong Kong dates) to every customer (`target = 'all'`) or to the customers of
 * `offer_customers`. `expired` is set by staff, and an offer past its `valid_to` is shown as expired whatever its row says.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuidPk(),
    titleEn: text('title_en').notNull(),
    titleZh: text('title_zh').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionZh: text('description_zh').notNull().default(''),
    /** JPEG or PNG checked by content (lib/server/uploads), kept in stored_files under the provider party. */
    imageFileId: optionalUuidRef('image_file_id', () => storedFiles.id),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    target: text('target', { enum: OFFER_TARGETS }).notNull().default('all'),
    /** A portal path (`/my-orders/manage`) or an https URL; empty for none. */
    ctaUrl: text('cta_url').notNull().default(''),
    ctaLabelEn: text('cta_label_en').notNull().default(''),
    ctaLabelZh: text('cta_label_zh').notNull().default(''),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: actorRef('created_by'),
    ...timestamps(),
  },
  (t) => [
    check('offers_status_chk', sql`${t.status} in ${inList(OFFER_STATUSES)}`),
    check('offers_target_chk', sql`${t.target} in ${inList(OFFER_TARGETS)}`),
    check('offers_validity_chk', sql`${t.validFrom} <= ${t.validTo}`),
    index('offers_status_idx').on(t.status, t.validTo),
  ],
);

export const offerCustomers = pgTable(
  'offer_customers',
  {
    offerId: uuidRef('offer_id', () => offers.id, 'cascade'),
    ucpId: customerRef('cascade'),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.ucpId] }), index('offer_customers_ucp_idx').on(t.ucpId)],
);
