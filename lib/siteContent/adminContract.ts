/**
 * Staff maintenance of the footer and site content (docs/site-content.md, docs/permissions.md):
 * `site_content_read` (list, view) and `site_content_write` (edit). The customers' page-load calls stay in
 * ./contract.ts.
 */
import { defineContract, output, withBodyLimit } from '@/lib/contract';
import { maintenance } from '@/lib/contract/grants';
import { listSectionsSchema, sectionIdSchema, updateSectionSchema, type SectionList, type SectionRecord } from './adminSchemas';

const { read, writeId } = maintenance('site_content_read', 'site_content_write', ['siteContentAdmin', 'content']);

/**
 * A section at its schema's maximum: the footer popups, 100,000 characters of paragraphs a language
 * (SITE_CONTENT_LIMITS.popupsText) in both, at 6 bytes a character, with their keys and titles: ≈ 1.19 MB
 * (__tests__/api/bodyLimit.test.ts). The default 100 kB cap refused long Chinese legal texts with 413.
 */
const SECTION_BODY_LIMIT = 1280 * 1024;

export const siteContentAdminContract = defineContract('siteContentAdmin', {
  listSections: read(
    'Staff: the five site-content sections (footer popups, mobile apps, social links, chat link, home links) with their last change.',
    listSectionsSchema,
    output<SectionList>(),
  ),
  getSection: read('Staff: one section in English and Chinese as stored. Unknown id: 404.', sectionIdSchema, output<SectionRecord>()),
  updateSection: withBodyLimit(
    writeId(
      'Staff: replace one section in both languages (links https:// or a portal path; plain text; the popups of a language at most 100,000 characters of paragraphs together), naming the `version` it loaded (the section\'s `updatedAt`, null when never saved: 409 RECORD_CHANGED when saved since). Audited. Customers see it at their next page load. Answers { id }.',
      updateSectionSchema,
    ),
    SECTION_BODY_LIMIT,
  ),
});
