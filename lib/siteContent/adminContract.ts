/**
 * Staff maintenance of the footer and site content (docs/site-content.md, docs/permissions.md):
 * `site_content_read` (list, view) and `site_content_write` (edit). The customers' page-load calls stay in
 * ./contract.ts.
 */
import { defineContract, mutation, output, query } from '@/lib/contract';
import { readWrite } from '@/lib/contract/grants';
import { listSectionsSchema, sectionIdSchema, updateSectionSchema, type SectionList, type SectionRecord } from './adminSchemas';

const { READ, WRITE } = readWrite('site_content_read', 'site_content_write');

export const siteContentAdminContract = defineContract('siteContentAdmin', {
  listSections: query({
    summary: 'Staff: the five site-content sections (footer popups, mobile apps, social links, chat link, home links) with their last change.',
    permission: READ,
    body: listSectionsSchema,
    output: output<SectionList>(),
  }),
  getSection: query({ summary: 'Staff: one section in English and Chinese as stored. Unknown id: 404.', permission: READ, body: sectionIdSchema, output: output<SectionRecord>() }),
  updateSection: mutation({
    summary: 'Staff: replace one section in both languages (links https:// or a portal path; plain text). Audited. Customers see it at their next page load. Answers { id }.',
    permission: WRITE,
    body: updateSectionSchema,
    output: output<{ id: string }>(),
    invalidates: ['siteContentAdmin', 'content'],
  }),
});
