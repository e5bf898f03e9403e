/**
 * Staff maintenance of the support content and the enquiries list (docs/support.md, docs/permissions.md):
 * `support_content_read` / `support_content_write` for articles, FAQ and links; `support_enquiry_read` for enquiries.
 */
import { defineContract, output, upload } from '@/lib/contract';
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

export const supportAdminContract = defineContract('supportAdmin', {
  listArticles: read(
    'Staff: quick-help articles, published or not. Filter q (title in either language), topic, published (yes | no); sort sortOrder | title | updatedAt.',
    listContentSchema,
    output<ListResult<ArticleRow>>(),
  ),
  getArticle: read('Staff: one article with both languages as stored (sanitized HTML). Unknown: 404.', idSchema, output<ArticleRecord>()),
  createArticle: writeId(
    'Staff: add an article; bodies are sanitized (rich text, images under /help/ only). Audited. Answers { id }.',
    articleFieldsSchema,
  ),
  uploadHelpImage: upload({
    summary:
      'MULTIPART/FORM-DATA: one file part `file` (JPEG or PNG by content, at most upload_file_size MB: 413; empty 400 FILE_EMPTY, other type 415, ' +
      'damaged 400 FILE_CORRUPT). Stores an image for an article body. Audited. Answers { id, src } with src `/help-images/<id>`, served to anyone.',
    permission: WRITE,
    body: helpImageFieldsSchema,
    output: output<HelpImageResult>(),
  }),
  updateArticle: edit('Staff: edit an article (also publish / unpublish). Audited. Answers { id }.', updateArticleSchema),
  listFaqEntries: read(
    'Staff: FAQ entries, published or not. Filter q (question in either language), topic (category), published; sort sortOrder | title | updatedAt.',
    listContentSchema,
    output<ListResult<FaqRow>>(),
  ),
  getFaqEntry: read('Staff: one FAQ entry. Unknown: 404.', idSchema, output<FaqRecord>()),
  createFaqEntry: writeId('Staff: add a FAQ entry (answers sanitized). Audited. Answers { id }.', faqFieldsSchema),
  updateFaqEntry: edit('Staff: edit a FAQ entry. Audited. Answers { id }.', updateFaqSchema),
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
