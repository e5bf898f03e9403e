/**
 * Staff maintenance of the support content (docs/support.md) as resource descriptions: quick-help articles, FAQ
 * entries and useful links (add / edit / view, publish by a checkbox), and the customers' enquiries (list / view).
 * Codes: support_content_read / _write, support_enquiry_read (docs/permissions.md).
 */
import dynamic from 'next/dynamic';
import NextLink from 'next/link';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { Control, FieldValues, Path } from 'react-hook-form';
import type { DataTableColumn } from '@/components/common/DataTable';
import { CheckboxElement, NumberFieldElement, SelectElement, TextFieldElement } from '@/components/common/form';
import { describeResource } from '@/components/common/resource';
import { DetailSection } from '@/components/common/DetailParts';
import { bilingualColumn, BilingualFields, bilingualRows, recordValues } from '@/components/common/resourceFields';
import { HelpBody } from '@/components/support/parts';
import { formatDate, formatDateTime, pickLocalized } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { supportAdminContract } from '@/lib/support/adminContract';
import { SUPPORT_TOPICS } from '@/lib/support/constants';
import {
  articleFieldsSchema,
  faqFieldsSchema,
  LIMITS,
  linkFieldsSchema,
  type ArticleRecord,
  type ArticleRow,
  type EnquiryRecord,
  type EnquiryRow,
  type FaqRecord,
  type FaqRow,
  type LinkRecord,
  type LinkRow,
} from '@/lib/support/schemas';

const c = supportAdminContract.endpoints;

/** The article body editor (Tiptap), loaded only by the article form (docs/support.md). */
const RichTextEditor = dynamic(() => import('./RichTextEditor'), {
  ssr: false,
  loading: () => <Skeleton variant="rounded" height={280} />,
}) as typeof import('./RichTextEditor').default;
const READ = ['support_content_read'] as const;
const WRITE = ['support_content_write'] as const;
const zh = (locale: string | undefined) => locale === 'tc';

const PublishedChip = ({ published, t }: { published: boolean; t: TFunction }) => (
  <Chip size="small" variant="outlined" color={published ? 'success' : 'default'} label={t(published ? 'supportAdmin:published' : 'supportAdmin:unpublished')} />
);

const topicOptions = (t: TFunction) => SUPPORT_TOPICS.map((v) => ({ value: v, label: t(`support:topics.${v}`) }));
const topicFilter = (t: TFunction) => ({ label: t('supportAdmin:filters.topic'), optionLabel: (s: string) => t(`support:topics.${s}`) });
const publishedFilter = (t: TFunction) => ({ label: t('supportAdmin:filters.published'), optionLabel: (s: string) => t(s === 'yes' ? 'supportAdmin:published' : 'supportAdmin:unpublished') });

/**
 * What the three kinds of published content (articles, FAQ entries, links) share: the same codes, listed in their
 * `sortOrder`, published by a checkbox, saved as the form has them. A new entry starts unpublished (its form's
 * `published: false`), as an offer starts as a draft: it was ticked, so a half-finished entry was live for customers
 * the moment it was saved (QA).
 */
type Published = { sortOrder: number; published: boolean; updatedAt: string };
const contentBase = {
  codes: { read: READ, write: WRITE },
  listDefaults: { sort: { field: 'sortOrder', direction: 'asc' } },
} as const;
function publishingColumns<R extends Published>(t: TFunction, locale: string | undefined, { updated }: { updated: boolean }): DataTableColumn<R>[] {
  return [
    { key: 'sortOrder', header: t('fields.sortOrder'), sortable: true, align: 'right', hideOnMobile: true, render: (r) => r.sortOrder },
    ...(updated ? [{ key: 'updatedAt', header: t('supportAdmin:updated'), sortable: true, hideOnMobile: true, render: (r: R) => formatDate(r.updatedAt, locale) }] : []),
    { key: 'published', header: t('fields.published'), render: (r) => <PublishedChip published={r.published} t={t} /> },
  ];
}
const publishingRows = (r: Published, t: TFunction, locale: string | undefined) =>
  [
    [t('fields.sortOrder'), r.sortOrder],
    [t('fields.published'), <PublishedChip key="p" published={r.published} t={t} />],
    [t('supportAdmin:updated'), formatDateTime(r.updatedAt, locale)],
  ] as const;
function PublishingFields<T extends FieldValues>({ control, t }: { control: Control<T>; t: TFunction }) {
  return (
    <>
      <NumberFieldElement control={control} name={'sortOrder' as Path<T>} label={t('fields.sortOrder')} required min={0} max={9999} helperText={t('supportAdmin:sortOrderHelp')} />
      <CheckboxElement control={control} name={'published' as Path<T>} label={t('fields.published')} helperText={t('supportAdmin:publishedHelp')} />
    </>
  );
}
const saveAsIs = {
  toCreate: <V,>(v: V) => v,
  toUpdate: <V,>(r: { id: string }, v: V) => ({ id: r.id, ...v }),
};

/** Both languages side by side (stacked on a phone), rendered as customers see them. */
function Preview({ en, zhHtml, t }: { en: string; zhHtml: string; t: TFunction }) {
  return (
    <DetailSection title={t('supportAdmin:preview')}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }} lang="en">
          <Typography variant="overline" component="h3">
            {t('supportAdmin:english')}
          </Typography>
          <HelpBody html={en} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }} lang="zh-HK">
          <Typography variant="overline" component="h3">
            {t('supportAdmin:chinese')}
          </Typography>
          <HelpBody html={zhHtml} />
        </Grid>
      </Grid>
    </DetailSection>
  );
}

const articleEmpty = { topic: null, titleEn: '', titleZh: '', summaryEn: '', summaryZh: '', bodyEn: '', bodyZh: '', sortOrder: 100, published: false };

export const helpArticlesResource = describeResource({
  base: '/admin-controls/quick-help-maintenance',
  ns: 'supportArticles',
  ...contentBase,
  endpoints: { list: c.listArticles, get: c.getArticle, create: c.createArticle, update: c.updateArticle },
  recordName: (r: ArticleRecord, locale) => pickLocalized(locale, r.titleEn, r.titleZh),
  columns: (t, locale) => [
    bilingualColumn<ArticleRow, 'title'>(t, locale, 'title', { key: 'title' }),
    { key: 'topic', header: t('fields.topic'), render: (r: ArticleRow) => t(`support:topics.${r.topic}`) },
    ...publishingColumns<ArticleRow>(t, locale, { updated: true }),
  ],
  filters: (t) => ({ topic: topicFilter(t), published: publishedFilter(t) }),
  view: (r, t, locale) => [
    [t('fields.topic'), t(`support:topics.${r.topic}`)],
    ...bilingualRows(t, r, 'title'),
    ...bilingualRows(t, r, 'summary', { optional: true }),
    ...publishingRows(r, t, locale),
    [
      t('supportAdmin:customerPage'),
      r.published ? (
        <Link key="l" component={NextLink} href={pathTo('/customer-support/quick-help/[id]', { id: r.id })} target="_blank" rel="noopener">
          {t('supportAdmin:openCustomerPage')}
        </Link>
      ) : (
        '—'
      ),
    ],
  ],
  sections: (r, t) => <Preview en={r.bodyEn} zhHtml={r.bodyZh} t={t} />,
  form: {
    schema: articleFieldsSchema,
    empty: articleEmpty,
    fromRecord: recordValues(articleEmpty),
    fields: (form, t) => (
      <>
        <SelectElement control={form.control} name="topic" label={t('fields.topic')} required options={topicOptions(t)} />
        <BilingualFields control={form.control} name="title" t={t} required maxLength={LIMITS.title} />
        <BilingualFields control={form.control} name="summary" t={t} multiline minRows={2} maxLength={LIMITS.summary} />
        <RichTextEditor control={form.control} name="bodyEn" label={t('fields.bodyEn')} required lang="en" helperText={t('supportAdmin:bodyEditorHelp')} />
        <RichTextEditor control={form.control} name="bodyZh" label={t('fields.bodyZh')} required lang="zh-HK" helperText={t('supportAdmin:bodyEditorHelp')} />
        <PublishingFields control={form.control} t={t} />
      </>
    ),
    ...saveAsIs,
  },
});

const faqEmpty = { category: null, questionEn: '', questionZh: '', answerEn: '', answerZh: '', sortOrder: 100, published: false };

export const faqResource = describeResource({
  base: '/admin-controls/faq-maintenance',
  ns: 'supportFaq',
  ...contentBase,
  endpoints: { list: c.listFaqEntries, get: c.getFaqEntry, create: c.createFaqEntry, update: c.updateFaqEntry },
  recordName: (r: FaqRecord, locale) => pickLocalized(locale, r.questionEn, r.questionZh),
  columns: (t, locale) => [
    bilingualColumn<FaqRow, 'question'>(t, locale, 'question', { key: 'title' }),
    { key: 'category', header: t('fields.category'), render: (r: FaqRow) => t(`support:topics.${r.category}`) },
    ...publishingColumns<FaqRow>(t, locale, { updated: true }),
  ],
  filters: (t) => ({ topic: topicFilter(t), published: publishedFilter(t) }),
  view: (r, t, locale) => [
    [t('fields.category'), t(`support:topics.${r.category}`)],
    ...bilingualRows(t, r, 'question'),
    ...publishingRows(r, t, locale),
  ],
  sections: (r, t) => <Preview en={r.answerEn} zhHtml={r.answerZh} t={t} />,
  form: {
    schema: faqFieldsSchema,
    empty: faqEmpty,
    fromRecord: recordValues(faqEmpty),
    fields: (form, t) => (
      <>
        <SelectElement control={form.control} name="category" label={t('fields.category')} required options={topicOptions(t)} />
        <BilingualFields control={form.control} name="question" t={t} required maxLength={LIMITS.title} />
        <BilingualFields control={form.control} name="answer" t={t} required multiline minRows={5} maxLength={LIMITS.body} helperText={t('supportAdmin:bodyHelp')} />
        <PublishingFields control={form.control} t={t} />
      </>
    ),
    ...saveAsIs,
  },
});

const linkEmpty = { titleEn: '', titleZh: '', descriptionEn: '', descriptionZh: '', url: '', sortOrder: 100, published: false };

export const usefulLinksResource = describeResource({
  base: '/admin-controls/useful-link-maintenance',
  ns: 'supportLinks',
  ...contentBase,
  endpoints: { list: c.listLinks, get: c.getLink, create: c.createLink, update: c.updateLink },
  recordName: (r: LinkRecord, locale) => pickLocalized(locale, r.titleEn, r.titleZh),
  columns: (t, locale) => [
    bilingualColumn<LinkRow, 'title'>(t, locale, 'title', { key: 'title' }),
    { key: 'url', header: t('fields.url'), hideOnMobile: true, render: (r: LinkRow) => <span style={{ overflowWrap: 'anywhere' }}>{r.url}</span> },
    ...publishingColumns<LinkRow>(t, locale, { updated: false }),
  ],
  filters: (t) => ({ published: publishedFilter(t) }),
  view: (r, t, locale) => [
    ...bilingualRows(t, r, 'title'),
    ...bilingualRows(t, r, 'description', { optional: true }),
    [
      t('fields.url'),
      <Link key="u" href={r.url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
        {r.url}
      </Link>,
    ],
    ...publishingRows(r, t, locale),
  ],
  form: {
    schema: linkFieldsSchema,
    empty: linkEmpty,
    fromRecord: recordValues(linkEmpty),
    fields: (form, t) => (
      <>
        <BilingualFields control={form.control} name="title" t={t} required maxLength={LIMITS.title} />
        <BilingualFields control={form.control} name="description" t={t} multiline minRows={2} maxLength={LIMITS.summary} />
        <TextFieldElement control={form.control} name="url" label={t('fields.url')} required maxLength={LIMITS.url} helperText={t('help.url')} />
        <PublishingFields control={form.control} t={t} />
      </>
    ),
    ...saveAsIs,
  },
});

export const enquiriesResource = describeResource({
  base: '/admin-controls/customer-enquiries',
  ns: 'supportEnquiries',
  codes: { read: ['support_enquiry_read'], write: [] },
  endpoints: { list: c.listEnquiries, get: c.getEnquiry },
  recordName: (r: EnquiryRecord) => r.reference,
  listDefaults: { sort: { field: 'createdAt', direction: 'desc' } },
  columns: (t, locale) => [
    { key: 'reference', header: t('fields.reference'), render: (r: EnquiryRow) => r.reference },
    { key: 'createdAt', header: t('fields.createdAt'), sortable: true, render: (r: EnquiryRow) => formatDateTime(r.createdAt, locale) },
    { key: 'customer', header: t('fields.customer'), hideOnMobile: true, render: (r: EnquiryRow) => `${zh(locale) ? r.customerNameZh || r.customerName : r.customerName} (${r.ucpId})` },
    { key: 'topic', header: t('fields.topic'), hideOnMobile: true, render: (r: EnquiryRow) => t(`support:enquiryTopics.${r.topic}`) },
    { key: 'subject', header: t('fields.subject'), render: (r: EnquiryRow) => r.subject },
  ],
  filters: (t) => ({ topic: { label: t('filters.topic'), optionLabel: (s: string) => t(`support:enquiryTopics.${s}`) } }),
  view: (r, t, locale) => [
    [t('fields.reference'), r.reference],
    [t('fields.createdAt'), formatDateTime(r.createdAt, locale)],
    [t('fields.customer'), `${zh(locale) ? r.customerNameZh || r.customerName : r.customerName} (${r.ucpId})`],
    [t('fields.user'), r.loginId ?? '—'],
    [t('fields.topic'), t(`support:enquiryTopics.${r.topic}`)],
    [t('fields.contactName'), r.contactName],
    [
      t('fields.contactEmail'),
      <Link key="e" href={`mailto:${r.contactEmail}`} sx={{ overflowWrap: 'anywhere' }}>
        {r.contactEmail}
      </Link>,
    ],
    [t('fields.contactPhone'), r.contactPhone ? <Link key="p" href={`tel:${r.contactPhone.replace(/[^\d+]/g, '')}`}>{r.contactPhone}</Link> : '—'],
    [t('fields.acknowledged'), t(r.acknowledged ? 'acknowledgedYes' : 'acknowledgedNo')],
  ],
  sections: (r, t) => (
    <DetailSection title={t('fields.subject')}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}>
        {r.subject}
      </Typography>
      <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="enquiry-message">
        {r.message}
      </Typography>
    </DetailSection>
  ),
});
