/**
 * Customer support (docs/support.md): requests and answers shared by the API and the screens (client-safe).
 */
import { z } from 'zod';
import { enZh, required, text, PHONE_PATTERN, versionSchema, trimBlank, trimHalfWidth } from '@/lib/zodText';
import { listBodySchema, searchTextSchema, type ListResult } from '@/lib/listQuery';
import { isPortalPagePath } from '@/lib/paths';
import { msg, zodMessages } from '@/lib/zodMessages';
import { ENQUIRY_TOPICS, SUPPORT_TOPICS, type EnquiryTopic, type SupportTopic } from './constants';

export const LANGS = ['en', 'tc'] as const;
export type SupportLang = (typeof LANGS)[number];


export const LIMITS = { title: 200, summary: 400, body: 20_000, subject: 150, message: 3000, name: 100, phone: 30, url: 500 } as const;

export const idSchema = z.strictObject({ id: z.uuid() });
const langField = z.enum(LANGS).optional();

// ── Customer side ────────────────────────────────────────────────────────────────────────────────────────────────

export const langBodySchema = z.strictObject({ lang: langField });
export const articleBodySchema = z.strictObject({ id: z.uuid(), lang: langField });
export const searchBodySchema = z.strictObject({
  q: z.string().overwrite(trimBlank).min(1, zodMessages.required).max(100, zodMessages.maxLength(100)),
  lang: langField,
});

export type HelpArticleSummary = { id: string; topic: SupportTopic; title: string; summary: string };
export type HelpTopicGroup = { topic: SupportTopic; articles: HelpArticleSummary[] };
/** An article as its summary shows it (the same title and summary in the reader's language), with its body. */
export type HelpArticle = HelpArticleSummary & { bodyHtml: string; updatedAt: string; related: HelpArticleSummary[] };

export type FaqItem = { id: string; category: SupportTopic; question: string; answerHtml: string };
export type FaqCategoryGroup = { category: SupportTopic; items: FaqItem[] };

/**
 * One search hit. `title` and `snippet` are plain text in the reader's language (or the other one when only that
 * matched: `matchedLang`); the screen highlights `terms` in them.
 */
export type SearchHit = { id: string; topic: SupportTopic; title: string; snippet: string; matchedLang: SupportLang; score: number };
export type SearchResult = { terms: string[]; hits: SearchHit[] };
export type FaqSearchHit = SearchHit & { answerHtml: string };
export type FaqSearchResult = { terms: string[]; hits: FaqSearchHit[] };

export type UsefulLink = { id: string; title: string; description: string; url: string; isExternal: boolean };

export const enquiryFormSchema = z.strictObject({
  topic: z.enum(ENQUIRY_TOPICS, { error: zodMessages.choose }),
  subject: required(LIMITS.subject),
  message: text(LIMITS.message).min(10, msg('support:contact.form.messageTooShort', { min: 10 })),
  contactName: required(LIMITS.name),
  contactEmail: z.string().overwrite(trimHalfWidth).pipe(z.email({ error: zodMessages.email }).max(254, zodMessages.maxLength(254))),
  contactPhone: z.union([z.literal(''), z.string().overwrite(trimHalfWidth).regex(PHONE_PATTERN, { error: msg('support:contact.form.phoneFormat') })]),
});
export type EnquiryForm = z.infer<typeof enquiryFormSchema>;
export const submitEnquirySchema = enquiryFormSchema.extend({ idempotencyKey: z.uuid() });
export type SubmitEnquiryBody = z.infer<typeof submitEnquirySchema>;
export type EnquiryReceipt = { id: string; reference: string; createdAt: string };

// ── Staff side ───────────────────────────────────────────────────────────────────────────────────────────────────

/** Where a piece of support content stands in its list and whether customers see it (articles, FAQ entries, links). */
const placement = {
  sortOrder: z.number({ error: zodMessages.number }).int(zodMessages.integer).min(0, zodMessages.min(0)).max(9999, zodMessages.max(9999)),
  published: z.boolean(),
};

export const articleFieldsSchema = z.strictObject({
  topic: z.enum(SUPPORT_TOPICS, { error: zodMessages.choose }),
  ...enZh('title', required(LIMITS.title)),
  ...enZh('summary', text(LIMITS.summary)),
  ...enZh('body', required(LIMITS.body)),
  ...placement,
});
export type ArticleFields = z.infer<typeof articleFieldsSchema>;
export const updateArticleSchema = articleFieldsSchema.extend({ id: z.uuid(), version: versionSchema });

export const faqFieldsSchema = z.strictObject({
  category: z.enum(SUPPORT_TOPICS, { error: zodMessages.choose }),
  ...enZh('question', required(LIMITS.title)),
  ...enZh('answer', required(LIMITS.body)),
  ...placement,
});
export type FaqFields = z.infer<typeof faqFieldsSchema>;
export const updateFaqSchema = faqFieldsSchema.extend({ id: z.uuid(), version: versionSchema });

const PATH = /^\/(?!\/)[^\s\\]*$/;

/**
 * https, http or mailto, or a page of the portal (`/inbox`); the server checks it again with safeHref. A portal path
 * must be a page customers can open, checked as the inbox builder checks its link (`isPortalPagePath`): `/no-such-page`
 * was saved and customers got a 404.
 */
export const linkUrlSchema = z
  .string()
  .overwrite(trimBlank)
  .min(1, zodMessages.required)
  .max(LIMITS.url, zodMessages.maxLength(LIMITS.url))
  .regex(/^(https?:\/\/[^\s/\\]+[^\s\\]*|mailto:[^\s\\]+|\/(?!\/)[^\s\\]*)$/i, { error: msg('supportAdmin:errors.url') })
  // Only a path the rule above lets through: anything else already has its message.
  .refine((s) => !PATH.test(s) || isPortalPagePath(s), { error: msg('supportAdmin:errors.urlPage') });

export const linkFieldsSchema = z.strictObject({
  ...enZh('title', required(LIMITS.title)),
  ...enZh('description', text(LIMITS.summary)),
  url: linkUrlSchema,
  ...placement,
});
export type LinkFields = z.infer<typeof linkFieldsSchema>;
export const updateLinkSchema = linkFieldsSchema.extend({ id: z.uuid(), version: versionSchema });

export const CONTENT_SORT_FIELDS = ['sortOrder', 'title', 'updatedAt'] as const;
export type ContentSortField = (typeof CONTENT_SORT_FIELDS)[number];
export const listContentSchema = listBodySchema(CONTENT_SORT_FIELDS, {
  q: searchTextSchema.optional(),
  topic: z.enum(SUPPORT_TOPICS).optional(),
  published: z.enum(['yes', 'no']).optional(),
});
export type ListContentBody = z.infer<typeof listContentSchema>;

export const listLinksSchema = listBodySchema(CONTENT_SORT_FIELDS, { q: searchTextSchema.optional(), published: z.enum(['yes', 'no']).optional() });
export type ListLinksBody = z.infer<typeof listLinksSchema>;

/** A row of a staff list (articles, FAQ entries, links): the record's own fields as the edit and view pages read them, without its longer texts (summary and body, answer, description). */
export type ArticleRow = Pick<ArticleRecord, 'id' | 'topic' | 'titleEn' | 'titleZh' | 'sortOrder' | 'published' | 'updatedAt'>;
export type ArticleRecord = ArticleFields & { id: string; createdAt: string; updatedAt: string };
export type FaqRow = Pick<FaqRecord, 'id' | 'category' | 'questionEn' | 'questionZh' | 'sortOrder' | 'published' | 'updatedAt'>;
export type FaqRecord = FaqFields & { id: string; createdAt: string; updatedAt: string };
export type LinkRow = Pick<LinkRecord, 'id' | 'titleEn' | 'titleZh' | 'url' | 'sortOrder' | 'published' | 'updatedAt'>;
export type LinkRecord = LinkFields & { id: string; createdAt: string; updatedAt: string };

export const ENQUIRY_SORT_FIELDS = ['createdAt'] as const;
export const listEnquiriesSchema = listBodySchema(ENQUIRY_SORT_FIELDS, {
  q: searchTextSchema.optional(),
  topic: z.enum(ENQUIRY_TOPICS).optional(),
});
export type ListEnquiriesBody = z.infer<typeof listEnquiriesSchema>;
export type EnquiryRow = { id: string; reference: string; ucpId: string; customerName: string; customerNameZh: string; topic: EnquiryTopic; subject: string; contactName: string; createdAt: string };
export type EnquiryRecord = EnquiryRow & {
  message: string;
  contactEmail: string;
  contactPhone: string;
  loginId: string | null;
  acknowledged: boolean;
};

export type ArticleListResult = ListResult<ArticleRow>;

// ── Images in help articles ──────────────────────────────────────────────────────────────────────────────────────

/** Image types staff may upload into an article (checked by content on the server). */
export const HELP_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
/** The upload carries only the file. */
export const helpImageFieldsSchema = z.strictObject({});
/** Where an uploaded image is served (`<img src>`): `/help-images/<uuid>`. */
export const HELP_IMAGE_PATH = /^\/help-images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export type HelpImageResult = { id: string; src: string };
