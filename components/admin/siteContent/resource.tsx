/**
 * Staff maintenance of the footer and site content (docs/site-content.md): the five page-load sections of spec §7,
 * each edited in English and Chinese on one form. A resource description (components/common/resource.tsx): list,
 * view and edit (the sections are fixed, so there is no add). Codes site_content_read / site_content_write.
 */
import { Fragment, type ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { DetailSection, Facts } from '@/components/common/DetailParts';
import { SelectElement, TextFieldElement } from '@/components/common/form';
import { describeResource } from '@/components/common/resource';
import { formatDateTime } from '@/lib/i18n/locales';
import { siteContentAdminContract } from '@/lib/siteContent/adminContract';
import { SITE_CONTENT_LIMITS as L, appSchema, checkPopupsText, sectionDocumentSchemas, type SectionRecord, type SectionRow, type UpdateSectionBody } from '@/lib/siteContent/adminSchemas';
import { msg, zodMessages } from '@/lib/zodMessages';

const c = siteContentAdminContract.endpoints;
const LANGS = ['en', 'tc'] as const;
type Lang = (typeof LANGS)[number];

/** The links of each link section, in the footer's order. */
const LINK_FIELDS = {
  social: ['facebookLink', 'instagramLink', 'linkedInLink'],
  chat_link: ['link'],
  link_config: ['requestforQuoteLink', 'yourVoiceLink', 'rChoiceLink'],
} as const;

// ── The form: like the API's body, except that a popup's paragraphs are one text with a blank line between them ──

const popupText = z
  .string()
  .trim()
  .min(1, zodMessages.required)
  .max(L.paragraph * 4, zodMessages.maxLength(L.paragraph * 4))
  .refine((v) => toParagraphs(v).every((p) => p.length <= L.paragraph), { error: msg('siteContentAdmin:validation.paragraph', { max: L.paragraph }) })
  .refine((v) => toParagraphs(v).length <= L.paragraphs, { error: msg('siteContentAdmin:validation.paragraphs', { max: L.paragraphs }) });
const popupFormSchema = z.strictObject({
  key: z.string().trim().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, { error: msg('siteContentAdmin:validation.key') }),
  title: z.string().trim().min(1, zodMessages.required).max(L.popupTitle, zodMessages.maxLength(L.popupTitle)),
  paragraphs: popupText,
});
const uniqueKeys = (list: readonly { key: string }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  list.forEach((item, i) => {
    if (seen.has(item.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: msg('siteContentAdmin:validation.duplicateKey') });
    seen.add(item.key);
  });
};
const popupDoc = z.strictObject({
  footerPopupContentList: z
    .array(popupFormSchema)
    .max(L.popups)
    .superRefine(uniqueKeys)
    .superRefine((list, ctx) => checkPopupsText(list.map((p) => toParagraphs(p.paragraphs).reduce((n, t) => n + t.length, 0)), ctx)),
});
const appDoc = z.strictObject({ mobileApplicationList: z.array(appSchema).max(L.apps).superRefine(uniqueKeys) });
const formSchema = z.discriminatedUnion('id', [
  z.strictObject({ id: z.literal('footer_popup'), en: popupDoc, tc: popupDoc }),
  z.strictObject({ id: z.literal('mobile_app'), en: appDoc, tc: appDoc }),
  z.strictObject({ id: z.literal('social'), en: sectionDocumentSchemas.social, tc: sectionDocumentSchemas.social }),
  z.strictObject({ id: z.literal('chat_link'), en: sectionDocumentSchemas.chat_link, tc: sectionDocumentSchemas.chat_link }),
  z.strictObject({ id: z.literal('link_config'), en: sectionDocumentSchemas.link_config, tc: sectionDocumentSchemas.link_config }),
]);
type SectionForm = z.input<typeof formSchema>;
type SectionFormOut = z.output<typeof formSchema>;

/** Paragraphs are separated by a blank line; single line breaks inside a paragraph are kept as spaces. */
export const toParagraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);

function fromRecord(r: SectionRecord): SectionForm {
  if (r.id === 'footer_popup') {
    const doc = (d: typeof r.en) => ({ footerPopupContentList: d.footerPopupContentList.map((p) => ({ key: p.key, title: p.title, paragraphs: p.paragraphs.join('\n\n') })) });
    return { id: r.id, en: doc(r.en), tc: doc(r.tc) };
  }
  // Only the form's fields: the record's `updatedAt` would fail the strict schema (an error on no field).
  return { id: r.id, en: r.en, tc: r.tc } as SectionForm;
}

/** The update's body but its `version`, which the edit page adds (the version the form loaded). */
type SectionBody = UpdateSectionBody extends infer B ? (B extends unknown ? Omit<B, 'version'> : never) : never;

function toBody(v: SectionFormOut): SectionBody {
  if (v.id === 'footer_popup') {
    const doc = (d: typeof v.en) => ({ footerPopupContentList: d.footerPopupContentList.map((p) => ({ key: p.key, title: p.title, paragraphs: toParagraphs(p.paragraphs) })) });
    return { id: v.id, en: doc(v.en), tc: doc(v.tc) };
  }
  return v as SectionBody;
}

// ── Fields ───────────────────────────────────────────────────────────────────────────────────────────────────────

type Form = UseFormReturn<SectionForm, unknown, SectionFormOut>;
/* eslint-disable @typescript-eslint/no-explicit-any -- field names depend on the section, checked by the schema */
type AnyForm = UseFormReturn<any, unknown, any>;

type ItemProps = { form: AnyForm; item: string; lang: Lang; t: TFunction };

/**
 * A field's label naming its language ("Facebook page (English)"), as the portal's other bilingual fields do ("Title
 * (English)"): both columns have the same fields, and the error summary lists each by its label alone (QA: "Facebook
 * page: Enter an https:// address…" did not say which of the two was wrong).
 */
const fieldLabel = (t: TFunction, lang: Lang, field: string) => t(`fieldIn.${lang}`, { field: t(`fields.${field}`) });

/** A footer popup's fields (`item` is `<lang>.footerPopupContentList.<i>`). */
function PopupItem({ form, item, lang, t }: ItemProps) {
  return (
    <>
      <TextFieldElement control={form.control} name={`${item}.title`} label={fieldLabel(t, lang, 'popupTitle')} required maxLength={L.popupTitle} />
      <TextFieldElement control={form.control} name={`${item}.key`} label={fieldLabel(t, lang, 'key')} required maxLength={64} helperText={t('keyHelp')} />
      <TextFieldElement
        control={form.control}
        name={`${item}.paragraphs`}
        label={fieldLabel(t, lang, 'paragraphs')}
        required
        multiline
        minRows={5}
        helperText={t('paragraphsHelp')}
      />
    </>
  );
}

/** A mobile app's fields (`item` is `<lang>.mobileApplicationList.<i>`). */
function AppItem({ form, item, lang, t }: ItemProps) {
  return (
    <>
      <SelectElement
        control={form.control}
        name={`${item}.platform`}
        label={fieldLabel(t, lang, 'platform')}
        required
        options={[
          { value: 'ios', label: t('platform.ios') },
          { value: 'android', label: t('platform.android') },
        ]}
      />
      <TextFieldElement control={form.control} name={`${item}.name`} label={fieldLabel(t, lang, 'appName')} required maxLength={L.text} />
      <TextFieldElement control={form.control} name={`${item}.storeLabel`} label={fieldLabel(t, lang, 'storeLabel')} required maxLength={L.text} />
      <TextFieldElement control={form.control} name={`${item}.link`} label={fieldLabel(t, lang, 'storeLink')} required maxLength={L.url} helperText={t('linkHelp')} />
      <TextFieldElement control={form.control} name={`${item}.key`} label={fieldLabel(t, lang, 'key')} required maxLength={64} helperText={t('keyHelp')} />
    </>
  );
}

type ItemList = {
  /** The list's field in each language's document. */
  list: string;
  max: number;
  /** A new item's values. */
  empty: Record<string, unknown>;
  /** Keys of the numbered legend, the remove button (both `{{n}}`) and the add button. */
  texts: { legend: string; remove: string; add: string };
  Item: (props: ItemProps) => ReactNode;
};

/** The sections that are a list of items (footer popups, mobile apps), beside the link sections of LINK_FIELDS. */
const ITEM_LISTS: Record<'footer_popup' | 'mobile_app', ItemList> = {
  footer_popup: {
    list: 'footerPopupContentList',
    max: L.popups,
    empty: { key: '', title: '', paragraphs: '' },
    texts: { legend: 'popupN', remove: 'removePopup', add: 'addPopup' },
    Item: PopupItem,
  },
  mobile_app: {
    list: 'mobileApplicationList',
    max: L.apps,
    empty: { key: '', platform: null, name: '', storeLabel: '', link: '' },
    texts: { legend: 'appN', remove: 'removeApp', add: 'addApp' },
    Item: AppItem,
  },
};

/**
 * A list section in one language: each item a numbered fieldset with its fields and a remove button, then "add"
 * while the list is below its limit.
 */
function ItemFieldsets({ form, lang, t, list: { list, max, empty, texts, Item } }: { form: AnyForm; lang: Lang; t: TFunction; list: ItemList }) {
  const name = `${lang}.${list}`;
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {fields.map((f, i) => (
        <Box key={f.id} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, display: 'grid', gap: 2, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            {t(texts.legend, { n: i + 1 })}
          </Typography>
          <Item form={form} item={`${name}.${i}`} lang={lang} t={t} />
          <Box>
            <Button color="error" startIcon={<DeleteIcon aria-hidden />} onClick={() => remove(i)}>
              {t(texts.remove, { n: i + 1 })}
            </Button>
          </Box>
        </Box>
      ))}
      {fields.length < max ? (
        <Box>
          <Button variant="outlined" startIcon={<AddIcon aria-hidden />} onClick={() => append(empty)}>
            {t(texts.add)}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

function SectionFields({ form, t }: { form: Form; t: TFunction }) {
  const id = form.getValues('id');
  const f = form as unknown as AnyForm;
  return (
    <Grid container spacing={3}>
      {LANGS.map((lang) => (
        <Grid key={lang} size={{ xs: 12, md: 6 }} lang={lang === 'en' ? 'en' : 'zh-HK'} role="group" aria-label={t(lang === 'en' ? 'english' : 'chinese')}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t(lang === 'en' ? 'english' : 'chinese')}
          </Typography>
          {id === 'footer_popup' || id === 'mobile_app' ? <ItemFieldsets form={f} lang={lang} t={t} list={ITEM_LISTS[id]} /> : null}
          {id === 'social' || id === 'chat_link' || id === 'link_config' ? (
            <Box sx={{ display: 'grid', gap: 2 }}>
              {LINK_FIELDS[id].map((name) => (
                <TextFieldElement key={name} control={f.control} name={`${lang}.${name}`} label={fieldLabel(t, lang, name)} maxLength={L.url} helperText={t('optionalLinkHelp')} />
              ))}
            </Box>
          ) : null}
        </Grid>
      ))}
    </Grid>
  );
}
/* eslint-enable @typescript-eslint/no-explicit-any */

// ── View ─────────────────────────────────────────────────────────────────────────────────────────────────────────

function LangView({ record: r, lang, t }: { record: SectionRecord; lang: Lang; t: TFunction }) {
  const none = t('notConfigured');
  let rows: (readonly [string, string])[];
  if (r.id === 'footer_popup') {
    const list = r[lang].footerPopupContentList;
    rows = list.length ? list.map((p) => [p.title, t('paragraphCount', { count: p.paragraphs.length })] as const) : [[t('sections.footer_popup'), none]];
  } else if (r.id === 'mobile_app') {
    const list = r[lang].mobileApplicationList;
    rows = list.length ? list.map((a) => [t('appRow', { name: a.name, platform: t(`platform.${a.platform}`) }), a.link] as const) : [[t('sections.mobile_app'), none]];
  } else {
    const doc = r[lang] as Record<string, string>;
    rows = LINK_FIELDS[r.id].map((name) => [t(`fields.${name}`), doc[name] || none] as const);
  }
  return (
    <DetailSection title={t(lang === 'en' ? 'english' : 'chinese')}>
      <Box lang={lang === 'en' ? 'en' : 'zh-HK'} sx={{ overflowWrap: 'anywhere' }}>
        <Facts rows={rows} />
      </Box>
    </DetailSection>
  );
}

export const siteContentResource = describeResource({
  base: '/admin-controls/site-content-maintenance',
  ns: 'siteContentAdmin',
  codes: { read: ['site_content_read'], write: ['site_content_write'] },
  endpoints: { list: c.listSections, get: c.getSection, update: c.updateSection },
  // The titles nest the section's translated name: "viewTitle": "$t(sections.{{name}})".
  recordName: (r: SectionRecord) => r.id,
  columns: (t, locale) => [
    { key: 'section', header: t('fields.section'), render: (r: SectionRow) => t(`sections.${r.id}`) },
    { key: 'shows', header: t('fields.shows'), hideOnMobile: true, render: (r: SectionRow) => t(`shows.${r.id}`) },
    { key: 'updatedAt', header: t('fields.updatedAt'), render: (r: SectionRow) => (r.updatedAt ? formatDateTime(r.updatedAt, locale) : t('notConfigured')) },
  ],
  view: (r, t, locale) => [
    [t('fields.section'), t(`sections.${r.id}`)],
    [t('fields.shows'), t(`shows.${r.id}`)],
    [t('fields.updatedAt'), r.updatedAt ? formatDateTime(r.updatedAt, locale) : t('notConfigured')],
  ],
  sections: (r, t) => (
    <Fragment>
      {LANGS.map((lang) => (
        <LangView key={lang} record={r} lang={lang} t={t} />
      ))}
    </Fragment>
  ),
  form: {
    schema: formSchema,
    empty: { id: 'social', en: { facebookLink: '', instagramLink: '', linkedInLink: '' }, tc: { facebookLink: '', instagramLink: '', linkedInLink: '' } },
    fromRecord,
    fields: (form, t) => <SectionFields form={form} t={t} />,
    toUpdate: (_r, v) => toBody(v),
  },
});

