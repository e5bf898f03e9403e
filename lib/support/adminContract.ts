/**
 * Staff maintenance of the support content and the enquiries list (docs/support.md, docs/permissions.md):
 * `support_content_read` / `support_content_write` for articles, FAQ and links; `support_enquiry_read` for enquiries.
 */
import { defineContract, output, upload, withBodyLimit } from '@/lib/contract';
import { maintenance, reads } from '@/lib/contract/grants';
import type { ListResult } from '@/lib/listQuery';
import {
  articleFieldsSchema,
  faqFieldsSchema,
  helpImageFieldsSchema,
  idSchema,
  linkFieldsSchema,
  listContentSchema,
  listEnquiriesSchema,
  listLinksSchema,
  updateArticleSchema,
  updateFaqSchema,
  updateLinkSchema,
  type ArticleRecord,
  type ArticleRow,
  type EnquiryRecord,
  type EnquiryRow,
  type FaqRecord,
  type FaqRow,
  type HelpImageResult,
  type LinkRecord,
  type LinkRow,
} from './schemas';

const readEnquiries = reads({ anyOf: ['support_enquiry_read'] } as const);
const { WRITE, read, writeId, edit } = maintenance('support_content_read', 'support_content_write', ['supportAdmin', 'support']);

/**
 * An article or FAQ entry at its schema's maximum: bodies / answers of 20,000 characters in both languages
 * (LIMITS.body) with titles and summaries, at 6 bytes a character (a Chinese character is 3 bytes, HTML's `"` or `<`
 * escaped up to 6): ≈ 243 kB (`maxJsonSize`, __tests__/api/bodyLimit.test.ts). The default 100 kB cap refused two
 * long Chinese bodies with 413.
 */
const LONG_TEXT_BODY_LIMIT = 256 * 1024;

export const supportAdminContract = defineContract('supportAdmin', {
  listArticles: read(
    'Staff: quick-help articles, published or not. Filter q (title in either language), topic, published (yes | no); sort sortOrder | title | updatedAt.',
    listContentSchema,
    output<ListResult<ArticleRow>>(),
  ),
  getArticle: read('Staff: one article with both languages as stored (sanitized HTML). Unknown: 404.', idSchema, output<ArticleRecord>()),
  createArticle: withBodyLimit(
    writeId('Staff: add an article; bodies are sanitized (rich text, images under /help/ only). Audited. Answers { id }.', articleFieldsSchema),
    LONG_TEXT_BODY_LIMIT,
  ),
  uploadHelpImage: upload({
    summary:
      'MULTIPART/FORM-DATA: one file part `file` (JPEG or PNG by content, at most upload_file_size MB: 413; empty 400 FILE_EMPTY, other type 415, ' +
      'damaged 400 FILE_CORRUPT). Stores an image for an article body. Audited. Answers { id, src } with src `/help-images/<id>`, served to anyone.',
    permission: WRITE,
    body: helpImageFieldsSchema,
    output: output<HelpImageResult>(),
  }),
  updateArticle: withBodyLimit(edit('Staff: edit an article (also publish / unpublish). Audited. Answers { id }.', updateArticleSchema), LONG_TEXT_BODY_LIMIT),
  listFaqEntries: read(
    'Staff: FAQ entries, published or not. Filter q (question in either language), topic (category), published; sort sortOrder | title | updatedAt.',
    listContentSchema,
    output<ListResult<FaqRow>>(),
  ),
  getFaqEntry: read('Staff: one FAQ entry. Unknown: 404.', idSchema, output<FaqRecord>()),
  createFaqEntry: withBodyLimit(writeId('Staff: add a FAQ entry (answers sanitized). Audited. Answers { id }.', faqFieldsSchema), LONG_TEXT_BODY_LIMIT),
  updateFaqEntry: withBodyLimit(edit('Staff: edit a FAQ entry. Audited. Answers { id }.', updateFaqSchema), LONG_TEXT_BODY_LIMIT),
  listLinks: read(
    'Staff: useful links, published or not. Filter q (title or address), published; sort sortOrder | title | updatedAt.',
    listLinksSchema,
    output<ListResult<LinkRow>>(),
  ),
  getLink: read('Staff: one useful link. Unknown: 404.', idSchema, output<LinkRecord>()),
  createLink: writeId('Staff: add a useful link (https, http, mailto or a portal path). Audited. Answers { id }.', linkFieldsSchema),
  updateLink: edit('Staff: edit a useful link. Audited. Answers { id }.', updateLinkSchema),
  listEnquiries: readEnquiries(
    'Staff: contact-us enquiries of every customer, newest first. Filter q (reference, subject, customer, contact), topic.',
    listEnquiriesSchema,
    output<ListResult<EnquiryRow>>(),
  ),
  getEnquiry: readEnquiries('Staff: one enquiry with its message and contact details. Unknown: 404.', idSchema, output<EnquiryRecord>()),
});
