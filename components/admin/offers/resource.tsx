/** Offer maintenance as a resource description (docs/offers.md, docs/ui-components.md). */
import Link from '@mui/material/Link';
import { useWatch, type Control } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { DateFieldElement, RadioGroupElement, TextFieldElement } from '@/components/common/form';
import { describeResource } from '@/components/common/resource';
import { BilingualFields, bilingualRows, customerLabel, recordValues } from '@/components/common/resourceFields';
import { createdColumn, statusColumn, statusFilter, statusRow } from '@/components/common/resourceStatus';
import { formatDate, formatDateTime, pickLocalized } from '@/lib/i18n/locales';
import { offersContract } from '@/lib/offers/contract';
import { listOffersSchema, offerFieldsSchema, updateOfferSchema, OFFER_TARGETS, type OfferDetail, type OfferFields, type OfferListItem } from '@/lib/offers/schemas';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { OfferActions } from './OfferActions';
import { OfferImageSection } from './OfferImageSection';
import { UcpIdsField } from './UcpIdsField';

const c = offersContract.endpoints;
const titleOf = (r: { titleEn: string; titleZh: string }, locale: string | undefined) => (locale === 'tc' ? r.titleZh : r.titleEn);
/** A new offer: valid from today (Hong Kong, when the add page opens) for 30 days, for every customer. */
const empty = (): OfferFields => ({
  titleEn: '',
  titleZh: '',
  descriptionEn: '',
  descriptionZh: '',
  validFrom: hkToday(),
  validTo: addDays(hkToday(), 30),
  target: 'all',
  customerIds: [],
  ctaUrl: '',
  ctaLabelEn: '',
  ctaLabelZh: '',
});
const period = (r: { validFrom: string; validTo: string }, locale: string | undefined) => `${formatDate(r.validFrom, locale)} – ${formatDate(r.validTo, locale)}`;

/** Shown only when the offer targets chosen customers. */
function TargetCustomers({ control, t }: { control: Control<OfferFields>; t: TFunction }) {
  const target = useWatch({ control, name: 'target' });
  if (target !== 'selected') return null;
  return <UcpIdsField control={control as never} label={t('fields.customerIds')} helperText={t('help.customerIds')} />;
}

export const offersResource = describeResource({
  base: '/admin-controls/offer-maintenance',
  ns: 'offers',
  codes: { read: ['offer_read'], write: ['offer_write'] },
  endpoints: { list: c.listOffers, get: c.getOffer, create: c.createOffer, update: c.updateOffer },
  bodies: { list: listOffersSchema, update: updateOfferSchema },
  recordName: (r: OfferDetail, locale) => pickLocalized(locale, r.titleEn, r.titleZh),
  listDefaults: { sort: { field: 'validFrom', direction: 'desc' } },
  columns: (t, locale) => [
    { key: 'title', header: t('fields.title'), render: (r: OfferListItem) => titleOf(r, locale) },
    { key: 'validFrom', header: t('columns.validity'), sortable: true, render: (r: OfferListItem) => period(r, locale) },
    { key: 'target', header: t('fields.target'), hideOnMobile: true, render: (r: OfferListItem) => (r.target === 'all' ? t('target.all') : t('target.count', { count: r.customerCount })) },
    createdColumn<OfferListItem>(t, locale),
    statusColumn<OfferListItem>(t),
  ],
  filters: (t) => ({
    status: statusFilter(t),
    target: { label: t('filters.target'), optionLabel: (s: string) => t(`target.${s}`) },
  }),
  view: (r, t, locale) => [
    statusRow(t, r.status),
    ...bilingualRows(t, r, 'title'),
    ...bilingualRows(t, r, 'description', { optional: true }),
    [t('columns.validity'), period(r, locale)],
    [t('fields.target'), r.target === 'all' ? t('target.all') : r.customers.map((x) => customerLabel(x, locale)).join('\n')],
    [
      t('fields.ctaUrl'),
      r.ctaUrl ? (
        <Link key="cta" href={r.ctaUrl} target={r.ctaUrl.startsWith('https://') ? '_blank' : undefined} rel="noopener noreferrer">
          {`${locale === 'tc' ? r.ctaLabelZh : r.ctaLabelEn} (${r.ctaUrl})`}
        </Link>
      ) : (
        '—'
      ),
    ],
    [t('columns.publishedAt'), r.publishedAt ? formatDateTime(r.publishedAt, locale) : '—'],
  ],
  sections: (r) => <OfferImageSection offer={r} />,
  viewActions: (r) => <OfferActions offer={r} />,
  form: {
    schema: offerFieldsSchema,
    empty,
    fromRecord: recordValues(empty()),
    fields: (form, t) => (
      <>
        <BilingualFields control={form.control} name="title" t={t} required />
        <BilingualFields control={form.control} name="description" t={t} multiline minRows={3} />
        <DateFieldElement control={form.control} name="validFrom" label={t('fields.validFrom')} required />
        <DateFieldElement control={form.control} name="validTo" label={t('fields.validTo')} required />
        <RadioGroupElement control={form.control} name="target" label={t('fields.target')} row options={OFFER_TARGETS.map((v) => ({ value: v, label: t(`target.${v}`) }))} />
        <TargetCustomers control={form.control as never} t={t} />
        <TextFieldElement control={form.control} name="ctaUrl" label={t('fields.ctaUrl')} helperText={t('help.ctaUrl')} />
        <BilingualFields control={form.control} name="ctaLabel" t={t} />
      </>
    ),
    toCreate: (v) => v,
    toUpdate: (r, v) => ({ id: r.id, fields: v }),
  },
});
