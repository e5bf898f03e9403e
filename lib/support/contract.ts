/**
 * Customer support (docs/support.md): quick help, FAQ, useful links and the contact-us enquiry. Every signed-in user
 * with `home` reads them; `lang` (en | tc) picks the language of the answer (default en). Declared once (lib/contract).
 */
import { defineContract, output } from '@/lib/contract';
import { reads, writes } from '@/lib/contract/grants';
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
const readHome = reads(HOME);
const write = writes(HOME, ['inbox']);

export const supportContract = defineContract('support', {
  listHelpTopics: readHome(
    'Published quick-help articles grouped by topic, in the topic order of SUPPORT_TOPICS: [{ topic, articles: [{ id, topic, title, summary }] }].',
    langBodySchema,
    output<HelpTopicGroup[]>(),
  ),
  getHelpArticle: readHome(
    'One published article with its sanitized HTML body and up to 4 related articles of its topic. Unknown or unpublished: 404.',
    articleBodySchema,
    output<HelpArticle>(),
  ),
  searchHelp: readHome(
    'Search of published articles, titles, summaries and bodies in both languages (Chinese included): every word must match; ' +
      'title matches rank first. Answers { terms, hits: [{ id, topic, title, snippet, matchedLang, score }] } (at most 50).',
    searchBodySchema,
    output<SearchResult>(),
  ),
  listFaq: readHome(
    'Published FAQ entries grouped by category: [{ category, items: [{ id, category, question, answerHtml }] }].',
    langBodySchema,
    output<FaqCategoryGroup[]>(),
  ),
  searchFaq: readHome(
    'Search of published FAQ questions and answers in both languages, ranked like searchHelp; each hit carries its answer.',
    searchBodySchema,
    output<FaqSearchResult>(),
  ),
  listUsefulLinks: readHome('Published useful links in their order: [{ id, title, description, url, isExternal }].', langBodySchema, output<UsefulLink[]>()),
  submitEnquiry: write(
    'Files a contact-us enquiry for the current customer, audited, acknowledged by an inbox message to the sender (and its e-mail ' +
      'notification through the outbox). A repeat with the same idempotencyKey answers the first receipt. Answers { id, reference, createdAt }.',
    submitEnquirySchema,
    output<EnquiryReceipt>(),
  ),
});
