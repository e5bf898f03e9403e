/**
 * Staff maintenance of the support content and the enquiries list (docs/support.md, docs/permissions.md):
 * `support_content_read` / `support_content_write` for articles, FAQ and links; `support_enquiry_read` for enquiries.
 */
import { defineContract, mutation, output, query, upload } from '@/lib/contract';
import { readWrite } from '@/lib/contract/grants';
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

const { READ, WRITE } = readWrite('support_content_read', 'support_content_write');
const ENQUIRIES = { anyOf: ['support_enquiry_read'] } as const;
const invalidates = ['supportAdmin', 'support'];

export const supportAdminContract = defineContract('supportAdmin', {
  listArticles: query({
    summary: 'Staff: quick-help articles, published or not. Filter q (title in either language), topic, published (yes | no); sort sortOrder | title | updatedAt.',
    permission: READ,
    body: listContentSchema,
    output: output<ListResult<ArticleRow>>(),
  }),
  getArticle: query({ summary: 'Staff: one article with both languages as stored (sanitized HTML). Unknown: 404.', permission: READ, body: idSchema, output: output<ArticleRecord>() }),
  createArticle: mutation({
    summary: 'Staff: add an article; bodies are sanitized (rich text, images under /help/ only). Audited. Answers { id }.',
    permission: WRITE,
    body: articleFieldsSchema,
    output: output<{ id: string }>(),
    invalidates,
  }),
  uploadHelpImage: upload({
    summary:
      'MULTIPART/FORM-DATA: one file part `file` (JPEG or PNG by content, at most upload_file_size MB: 413; empty 400 FILE_EMPTY, other type 415, ' +
      'damaged 400 FILE_CORRUPT). Stores an image for an article body. Audited. Answers { id, src } with src `/help-images/<id>`, served to anyone.',
    permission: WRITE,
    body: helpImageFieldsSchema,
    output: output<HelpImageResult>(),
  }),
  updateArticle: mutation({ summary: 'Staff: edit an article (also publish / unpublish). Audited. Answers { id }.', permission: WRITE, body: updateArticleSchema, output: output<{ id: string }>(), invalidates }),
  listFaqEntries: query({
    summary: 'Staff: FAQ entries, published or not. Filter q (question in either language), topic (category), published; sort sortOrder | title | updatedAt.',
    permission: READ,
    body: listContentSchema,
    output: output<ListResult<FaqRow>>(),
  }),
  getFaqEntry: query({ summary: 'Staff: one FAQ entry. Unknown: 404.', permission: READ, body: idSchema, output: output<FaqRecord>() }),
  createFaqEntry: mutation({ summary: 'Staff: add a FAQ entry (answers sanitized). Audited. Answers { id }.', permission: WRITE, body: faqFieldsSchema, output: output<{ id: string }>(), invalidates }),
  updateFaqEntry: mutation({ summary: 'Staff: edit a FAQ entry. Audited. Answers { id }.', permission: WRITE, body: updateFaqSchema, output: output<{ id: string }>(), invalidates }),
  listLinks: query({
    summary: 'Staff: useful links, published or not. Filter q (title or address), published; sort sortOrder | title | updatedAt.',
    permission: READ,
    body: listLinksSchema,
    output: output<ListResult<LinkRow>>(),
  }),
  getLink: query({ summary: 'Staff: one useful link. Unknown: 404.', permission: READ, body: idSchema, output: output<LinkRecord>() }),
  createLink: mutation({ summary: 'Staff: add a useful link (https, http, mailto or a portal path). Audited. Answers { id }.', permission: WRITE, body: linkFieldsSchema, output: output<{ id: string }>(), invalidates }),
  updateLink: mutation({ summary: 'Staff: edit a useful link. Audited. Answers { id }.', permission: WRITE, body: updateLinkSchema, output: output<{ id: string }>(), invalidates }),
  listEnquiries: query({
    summary: 'Staff: contact-us enquiries of every customer, newest first. Filter q (reference, subject, customer, contact), topic.',
    permission: ENQUIRIES,
    body: listEnquiriesSchema,
    output: output<ListResult<EnquiryRow>>(),
  }),
  getEnquiry: query({ summary: 'Staff: one enquiry with its message and contact details. Unknown: 404.', permission: ENQUIRIES, body: idSchema, output: output<EnquiryRecord>() }),
});
