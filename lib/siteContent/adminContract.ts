/**
 * Staff maintenance of the footer and site content (docs/site-content.md, docs/permissions.md):
 * `site_content_read` (list, view) and `site_content_write` (edit). The customers' page-load calls stay in
 * ./contract.ts.
 */
import { defineContract, output } from '@/lib/contract';
import { maintenance } from '@/lib/contract/grants';
import { listSectionsSchema, sectionIdSchema, updateSectionSchema, type SectionList, type SectionRecord } from './adminSchemas';

const { read, writeId } = maintenance('site_content_read', 'site_content_write', ['siteContentAdmin', 'content']);

export const siteContentAdminContract = defineContract('siteContentAdmin', {
  listSections: read(
    'Staff: the five site-content sections (footer popups, mobile apps, social links, chat link, home links) with their last change.',
    listSectionsSchema,
    output<SectionList>(),
  ),
  getSection: read('Staff: one section in English and Chinese as stored. Unknown id: 404.', sectionIdSchema, output<SectionRecord>()),
  updateSection: writeId(
    'Staff: replace one section in both languages (links https:// or a portal path; plain text), naming the `version` it loaded (the section\'s `updatedAt`, null when never saved: 409 RECORD_CHANGED when saved since). Audited. Customers see it at their next page load. Answers { id }.',
    updateSectionSchema,
  ),
});
