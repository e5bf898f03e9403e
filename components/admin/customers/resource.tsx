/** UCP customer maintenance as a resource description (docs/admin.md, docs/ui-components.md). */
import Link from '@mui/material/Link';
import type { TFunction } from 'i18next';
import { CheckboxElement, TextFieldElement } from '@/components/common/form';
import { describeResource } from '@/components/common/resource';
import { TableSection } from '@/components/common/DetailParts';
import { UserStatusChip } from '@/components/common/UserStatusChip';
import { BilingualFields, bilingualRows, KeyAndNameFields, nameColumn, recordValues, updateWithoutKey } from '@/components/common/resourceFields';
import { createdColumn, statusColumn, statusFilter, statusRow } from '@/components/common/resourceStatus';
import { customersContract } from '@/lib/customers/contract';
import { createCustomerSchema, type CustomerDetail, type CustomerListItem } from '@/lib/customers/schemas';
import { formatDate, pickLocalized } from '@/lib/i18n/locales';
import { CustomerStatusAction } from './CustomerStatusAction';

const c = customersContract.endpoints;
const zh = (locale: string | undefined) => locale === 'tc';

/** The form: the UCP id is entered once (it is the key other records point at) and shown read-only on edit. */
const empty = {
  ucpId: '',
  nameEn: '',
  nameZh: '',
  brNo: '',
  billingAddressEn: '',
  billingAddressZh: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  receiveHardcopyBill: false,
};

function sections(r: CustomerDetail, t: TFunction, locale: string | undefined) {
  return (
    <>
      <TableSection
        title={t('sections.customerNumbers')}
        rows={r.customerNumbers}
        rowKey={(n) => `${n.productLine}:${n.customerNo}`}
        empty={t('none.customerNumbers')}
        columns={[
          { header: t('columns.productLine'), render: (n) => t(`productLine.${n.productLine}`) },
          { header: t('columns.customerNo'), render: (n) => n.customerNo },
        ]}
      />
      <TableSection
        title={t('sections.contracts')}
        rows={r.contracts}
        rowKey={(x) => x.id}
        empty={t('none.contracts')}
        columns={[
          { header: t('columns.contractNo'), render: (x) => x.contractNo },
          { header: t('columns.contractType'), render: (x) => t(`contractType.${x.contractType}`, { defaultValue: x.contractType }) },
          { header: t('columns.period'), render: (x) => `${formatDate(x.startDate, locale)} – ${formatDate(x.endDate, locale)}` },
          { header: t('columns.status'), render: (x) => t(`contractStatus.${x.status}`, { defaultValue: x.status }) },
        ]}
      />
      <TableSection
        title={t('sections.machines')}
        rows={r.machines}
        rowKey={(m) => m.id}
        empty={t('none.machines')}
        columns={[
          { header: t('columns.serialNo'), render: (m) => m.serialNo },
          { header: t('columns.model'), render: (m) => (zh(locale) ? m.modelNameZh : m.modelNameEn) },
          { header: t('columns.location'), render: (m) => (zh(locale) ? m.locationZh : m.locationEn) },
          { header: t('columns.status'), render: (m) => t(`machineStatus.${m.status}`, { defaultValue: m.status }) },
        ]}
      />
      <TableSection
        title={t('sections.users')}
        rows={r.users}
        rowKey={(u) => u.id}
        empty={t('none.users')}
        columns={[
          { header: t('columns.loginId'), render: (u) => u.loginId },
          { header: t('columns.userName'), render: (u) => u.name },
          { header: t('columns.status'), render: (u) => <UserStatusChip status={u.status} /> },
        ]}
      />
    </>
  );
}

export const customersResource = describeResource({
  base: '/admin-controls/ucp-customer-maintenance',
  ns: 'customers',
  codes: { read: ['ucp_cust_main_read'], write: ['ucp_cust_main_write'] },
  endpoints: { list: c.listCustomers, get: c.getCustomer, create: c.createCustomer, update: c.updateCustomer },
  recordName: (r: CustomerDetail, locale) => pickLocalized(locale, r.nameEn, r.nameZh),
  listDefaults: { sort: { field: 'ucpId', direction: 'asc' } },
  columns: (t, locale) => [
    { key: 'ucpId', header: t('fields.ucpId'), sortable: true, render: (r: CustomerListItem) => r.id },
    nameColumn<CustomerListItem>(t, locale),
    { key: 'brNo', header: t('fields.brNo'), hideOnMobile: true, render: (r: CustomerListItem) => r.brNo ?? '' },
    { key: 'userCount', header: t('columns.users'), align: 'right', hideOnMobile: true, render: (r: CustomerListItem) => r.userCount },
    createdColumn<CustomerListItem>(t, locale),
    statusColumn<CustomerListItem>(t),
  ],
  filters: (t) => ({ status: statusFilter(t) }),
  view: (r, t) => [
    [t('fields.ucpId'), r.id],
    statusRow(t, r.status),
    ...bilingualRows(t, r, 'name'),
    [t('fields.brNo'), r.brNo],
    ...bilingualRows(t, r, 'billingAddress', { optional: true }),
    [t('fields.contactName'), r.contactName || '—'],
    [t('fields.contactPhone'), r.contactPhone || '—'],
    [
      t('fields.contactEmail'),
      r.contactEmail ? (
        <Link key="e" href={`mailto:${r.contactEmail}`}>
          {r.contactEmail}
        </Link>
      ) : (
        '—'
      ),
    ],
    [t('fields.receiveHardcopyBill'), t(r.receiveHardcopyBill ? 'yes' : 'no')],
  ],
  sections,
  viewActions: (r) => <CustomerStatusAction customer={r} />,
  form: {
    schema: createCustomerSchema,
    empty,
    // Every form field is the record's field of that name, but the UCP id, which the record answers as its id.
    fromRecord: (r: CustomerDetail) => recordValues(empty)({ ...r, ucpId: r.id }),
    fields: (form, t, mode) => (
      <>
        <KeyAndNameFields control={form.control} keyName="ucpId" t={t} mode={mode} />
        <TextFieldElement control={form.control} name="brNo" label={t('fields.brNo')} required helperText={t('help.brNo')} />
        <BilingualFields control={form.control} name="billingAddress" t={t} multiline minRows={2} />
        <TextFieldElement control={form.control} name="contactName" label={t('fields.contactName')} />
        <TextFieldElement control={form.control} name="contactPhone" label={t('fields.contactPhone')} type="tel" />
        <TextFieldElement control={form.control} name="contactEmail" label={t('fields.contactEmail')} type="email" />
        <CheckboxElement control={form.control} name="receiveHardcopyBill" label={t('fields.receiveHardcopyBill')} />
      </>
    ),
    toCreate: (v) => v,
    toUpdate: updateWithoutKey('ucpId'),
  },
});
