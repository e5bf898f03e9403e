import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { LOCALES } from '@/lib/i18n/locales';
import { SITE_CONTENT_SECTIONS } from '@/lib/siteContent/constants';
import { updatedAt, eventAt, inList } from './columns';

/** Key/value system parameters; `upload_file_size` is in MB (default 1). */
export const systemParams = pgTable('system_params', {
  paramKey: text('param_key').primaryKey(),
  paramValue: text('param_value').notNull(),
  description: text('description').notNull().default(''),
  updatedAt: updatedAt(),
});

/**
 * Site content of spec §3 / §7, per language: footer popups, mobile applications, social links, chat link,
 * link configuration. One JSON document per (kind, lang); its shape is checked by the content service's zod schema.
 */
export const siteContent = pgTable(
  'site_content',
  {
    kind: text('kind', { enum: SITE_CONTENT_SECTIONS }).notNull(),
    lang: text('lang', { enum: LOCALES }).notNull(),
    content: jsonb('content').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.lang] }),
    check('site_content_lang_chk', sql`${t.lang} in ${inList(LOCALES)}`),
    check('site_content_kind_chk', sql`${t.kind} in ${inList(SITE_CONTENT_SECTIONS)}`),
  ],
);

/** Every admin write records one row: who, what, before, after, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: eventAt(),
    actorUuid: uuid('actor_uuid'),
    actorUcpId: text('actor_ucp_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    traceId: text('trace_id'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_at_idx').on(t.at)],
);
