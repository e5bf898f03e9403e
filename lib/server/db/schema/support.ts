import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { ENQUIRY_TOPICS, SUPPORT_TOPICS } from '@/lib/support/constants';
import { storedFiles } from './billing';
import { customerRef } from './customers';
import { actorRef } from './users';
import { uuidPk, createdAt, timestamps, inList } from './columns';

/**
 * The columns the three maintained support lists share (articles, FAQ entries, useful links): order, published,
 * the stable key of a seeded row (idempotent seeding; null for rows staff add), and who changed it when. A function,
 * because each table needs its own column objects.
 */
const publishedContentColumns = () => ({
  sortOrder: integer('sort_order').notNull().default(0),
  published: boolean('published').notNull().default(true),
  seedKey: text('seed_key').unique(),
  ...timestamps(),
  updatedBy: actorRef('updated_by'),
});

/** Plain text of the rich bodies, written with them, so search matches words and never markup. */
const searchTextColumns = () => ({
  textEn: text('text_en').notNull().default(''),
  textZh: text('text_zh').notNull().default(''),
});

/**
 * Quick-help articles (docs/support.md): bilingual rich text, sanitized on write (lib/server/sanitize.ts, with the
 * help articles' images) and again on read. `text_en` / `text_zh` hold the bodies' plain text, written with the body,
 * so search matches words of the article and never markup.
 */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: uuidPk(),
    topic: text('topic', { enum: SUPPORT_TOPICS }).notNull(),
    titleEn: text('title_en').notNull(),
    titleZh: text('title_zh').notNull(),
    summaryEn: text('summary_en').notNull().default(''),
    summaryZh: text('summary_zh').notNull().default(''),
    bodyEn: text('body_en').notNull(),
    bodyZh: text('body_zh').notNull(),
    ...searchTextColumns(),
    ...publishedContentColumns(),
  },
  (t) => [
    check('help_articles_topic_chk', sql`${t.topic} in ${inList(SUPPORT_TOPICS)}`),
    index('help_articles_topic_idx').on(t.topic, t.sortOrder),
  ],
);

/** FAQ entries by category; answers are rich text like the articles' bodies. */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: uuidPk(),
    category: text('category', { enum: SUPPORT_TOPICS }).notNull(),
    questionEn: text('question_en').notNull(),
    questionZh: text('question_zh').notNull(),
    answerEn: text('answer_en').notNull(),
    answerZh: text('answer_zh').notNull(),
    ...searchTextColumns(),
    ...publishedContentColumns(),
  },
  (t) => [
    check('faq_entries_category_chk', sql`${t.category} in ${inList(SUPPORT_TOPICS)}`),
    index('faq_entries_category_idx').on(t.category, t.sortOrder),
  ],
);

/** Useful links: a bilingual title and description and one address (https, mailto or a portal path). */
export const usefulLinks = pgTable('useful_links', {
  id: uuidPk(),
  titleEn: text('title_en').notNull(),
  titleZh: text('title_zh').notNull(),
  descriptionEn: text('description_en').notNull().default(''),
  descriptionZh: text('description_zh').notNull().default(''),
  url: text('url').notNull(),
  ...publishedContentColumns(),
});

/**
 * An enquiry filed on the contact-us page. `enquiry_no` gives the customer's reference (`ENQ-000123`); the
 * (user, idempotency key) pair makes a repeated submission (double click, retry after a time-out) file it once.
 */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuidPk(),
    enquiryNo: integer('enquiry_no').notNull().generatedAlwaysAsIdentity(),
    ucpId: customerRef('cascade'),
    userAcUuid: actorRef('user_ac_uuid'),
    topic: text('topic', { enum: ENQUIRY_TOPICS }).notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    idempotencyKey: uuid('idempotency_key'),
    /** The inbox message that acknowledged it. */
    ackMessageId: uuid('ack_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('enquiries_topic_chk', sql`${t.topic} in ${inList(ENQUIRY_TOPICS)}`),
    unique('enquiries_no_uq').on(t.enquiryNo),
    unique('enquiries_idempotency_uq').on(t.userAcUuid, t.idempotencyKey),
    index('enquiries_created_idx').on(t.createdAt),
  ],
);

/**
 * Images staff upload into help articles (docs/support.md): the bytes are a stored file (checked by content like every
 * upload: JPEG or PNG, at most upload_file_size MB); this row marks the file as published help content, served to
 * anyone at `/help-images/<id>` (lib/server/helpImageRoutes.ts), which is the only uploaded-image address the help
 * sanitizer lets into a body.
 */
export const helpImages = pgTable('help_images', {
  id: uuidPk(),
  fileId: uuid('file_id')
    .notNull()
    .unique()
    .references(() => storedFiles.id, { onDelete: 'cascade' }),
  uploadedBy: actorRef('uploaded_by'),
  createdAt: createdAt(),
});
