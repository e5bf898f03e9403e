/**
 * Customer support (docs/support.md): quick help, FAQ, useful links and the contact-us enquiry. Every signed-in user
 * with `home` reads them; `lang` (en | tc) picks the language of the answer (default en). Declared once (lib/contract).
 */
import { defineContract, mutation, output, query } from '@/lib/contract';
import {
  articleBodySchema,
  langBodySchema,
  searchBodySchema,
  submitEnquirySchema,
  type EnquiryReceipt,
  type FaqCategoryGroup,
  type FaqSearchResult,
  type HelpArticle,
  type HelpTopicGroup,
  type SearchResult,
  type UsefulLink,
} from './schemas';

const HOME = { anyOf: ['home'] } as const;

export const supportContract = defineContract('support', {
  listHelpTopics: query({
    summary: 'Published quick-help articles grouped by topic, in the topic order of SUPPORT_TOPICS: [{ topic, articles: [{ id, topic, title, summary }] }].',
    permission: HOME,
    body: langBodySchema,
    output: output<HelpTopicGroup[]>(),
  }),
  getHelpArticle: query({
    summary: 'One published article with its sanitized HTML body and up to 4 related articles of its topic. Unknown or unpublished: 404.',
    permission: HOME,
    body: articleBodySchema,
    output: output<HelpArticle>(),
  }),
  searchHelp: query({
    summary:
      'Search of published articles, titles, summaries and bodies in both languages (Chinese included): every word must match; ' +
      'title matches rank first. Answers { terms, hits: [{ id, topic, title, snippet, matchedLang, score }] } (at most 50).',
    permission: HOME,
    body: searchBodySchema,
    output: output<SearchResult>(),
  }),
  listFaq: query({
    summary: 'Published FAQ entries grouped by category: [{ category, items: [{ id, category, question, answerHtml }] }].',
    permission: HOME,
    body: langBodySchema,
    output: output<FaqCategoryGroup[]>(),
  }),
  searchFaq: query({
    summary: 'Search of published FAQ questions and answers in both languages, ranked like searchHelp; each hit carries its answer.',
    permission: HOME,
    body: searchBodySchema,
    output: output<FaqSearchResult>(),
  }),
  listUsefulLinks: query({
    summary: 'Published useful links in their order: [{ id, title, description, url, isExternal }].',
    permission: HOME,
    body: langBodySchema,
    output: output<UsefulLink[]>(),
  }),
  submitEnquiry: mutation({
    summary:
      'Files a contact-us enquiry for the current customer, audited, acknowledged by an inbox message to the sender (and its e-mail ' +
      'notification through the outbox). A repeat with the same idempotencyKey answers the first receipt. Answers { id, reference, createdAt }.',
    permission: HOME,
    body: submitEnquirySchema,
    output: output<EnquiryReceipt>(),
    invalidates: ['inbox'],
  }),
});
