/** User account maintenance as a resource description (docs/user-accounts.md, docs/ui-components.md). */
import Link from '@mui/material/Link';
import type { TFunction } from 'i18next';
import { CheckboxElement, RadioGroupElement, SelectElement, TextFieldElement } from '@/components/common/form';
import { describeResource } from '@/components/common/resource';
import { TableSection } from '@/components/common/DetailParts';
import { StatusChip } from '@/components/common/StatusChip';
import { customerLabel, localName, recordValues } from '@/components/common/resourceFields';
import { statusColumn, statusFilter, statusRow } from '@/components/common/resourceStatus';
import { formatDate, formatDateTime } from '@/lib/i18n/locales';
import { usersContract } from '@/lib/users/contract';
import { createUserSchema, type CreateUserBody, type UserDetail, type UserFilter, type UserListItem } from '@/lib/users/schemas';
import { UserActions } from './UserActions';
import { UserFileTools } from './UserFileTools';
import { StaffAssignmentsField } from './StaffAssignmentsField';
import { UserLinksField } from './UserLinksField';

const u = usersContract.endpoints;

/** Users have their own states (pending, locked): named by `users:status.*`, toned like the shared ones. */
const userChip = (t: TFunction) =>
  function userStatusChip(status: string) {
    return <StatusChip status={status === 'inactive' ? 'reject' : status === 'locked' ? 'overdue' : status} label={t(`status.${status}`)} />;
  };

const empty: CreateUserBody = { loginId: '', name: '', email: '', preferredLanguage: 'en', kind: 'customer', skipMfa: false, mfaRequired: false, assignedUcpIds: [], links: [] };

function sections(r: UserDetail, t: TFunction, locale: string | undefined) {
  return (
    <>
      <LinksSection r={r} t={t} locale={locale} />
      {r.kind === 'staff' ? (
        <TableSection
          title={t('sections.assigned')}
          rows={r.assignedDetails}
          rowKey={(c) => c.ucpId}
          empty={t('none.assigned')}
          columns={[
            { header: t('fields.customer'), render: (c) => customerLabel(c, locale) },
          ]}
        />
      ) : null}
    </>
  );
}

function LinksSection({ r, t, locale }: { r: UserDetail; t: TFunction; locale: string | undefined }) {
  return (
    <TableSection
      title={t('sections.links')}
      rows={r.linkDetails}
      rowKey={(l) => l.ucpId}
      empty={t('none.links')}
      columns={[
        { header: t('fields.customer'), render: (l) => customerLabel(l, locale) },
        { header: t('fields.groups'), render: (l) => (l.groups.length ? l.groups.map((g) => localName(g, locale)).join(', ') : t('none.groups')) },
      ]}
    />
  );
}

export const usersResource = describeResource({
  base: '/admin-controls/user-account-maintenance',
  ns: 'users',
  codes: { read: ['user_ac_main_read'], write: ['user_ac_main_write'] },
  endpoints: { list: u.listUsers, get: u.getUser, create: u.createUser, update: u.updateUser },
  recordName: (r: UserDetail) => r.name,
  listDefaults: { sort: { field: 'loginId', direction: 'asc' } },
  columns: (t, locale) => [
    { key: 'loginId', header: t('fields.loginId'), sortable: true, render: (r: UserListItem) => r.loginId },
    { key: 'name', header: t('fields.name'), sortable: true, render: (r: UserListItem) => r.name },
    { key: 'email', header: t('fields.email'), hideOnMobile: true, render: (r: UserListItem) => r.email },
    { key: 'customers', header: t('columns.customers'), hideOnMobile: true, render: (r: UserListItem) => r.customers.join(', ') || '—' },
    { key: 'groups', header: t('columns.groups'), hideOnMobile: true, render: (r: UserListItem) => r.groups.join(', ') || '—' },
    { key: 'lastLoginAt', header: t('columns.lastLogin'), sortable: true, hideOnMobile: true, render: (r: UserListItem) => (r.lastLoginAt ? formatDateTime(r.lastLoginAt, locale) : t('never')) },
    statusColumn<UserListItem>(t, userChip(t)),
  ],
  filters: (t) => ({
    status: statusFilter(t, (s) => t(`status.${s}`)),
    kind: { label: t('filters.kind'), optionLabel: (s: string) => t(`kind.${s}`) },
  }),
  listActions: (list) => <UserFileTools filter={list.query.filter as UserFilter} />,
  view: (r, t, locale) => [
    [t('fields.loginId'), r.loginId],
    statusRow(t, r.status, userChip(t)),
    ...(r.lockedUntil ? ([[t('view.lockedUntil'), formatDateTime(r.lockedUntil, locale)]] as const) : []),
    ...(r.status === 'pending' ? ([[t('view.activation'), r.activationExpiresAt ? t('view.activationValid', { at: formatDateTime(r.activationExpiresAt, locale) }) : t('view.activationExpired')]] as const) : []),
    [t('fields.name'), r.name],
    [
      t('fields.email'),
      <Link key="e" href={`mailto:${r.email}`}>
        {r.email}
      </Link>,
    ],
    [t('fields.kind'), t(`kind.${r.kind}`)],
    [t('fields.preferredLanguage'), t(`language.${r.preferredLanguage}`)],
    [t('view.mfa'), t(r.mfaEnabled ? 'view.mfaOn' : 'view.mfaOff')],
    [t('fields.skipMfa'), t(r.skipMfa ? 'view.mfaExempt' : 'view.mfaEnforced')],
    [t('view.mfaRequired'), t(r.mfaRequired ? 'view.yes' : 'view.no')],
    [t('view.failedAttempts'), String(r.failedAttempts)],
    [t('columns.lastLogin'), r.lastLoginAt ? formatDateTime(r.lastLoginAt, locale) : t('never')],
    [t('view.passwordChanged'), r.passwordChangedAt ? formatDateTime(r.passwordChangedAt, locale) : '—'],
    [t('view.created'), formatDate(r.createdAt, locale)],
  ],
  sections,
  viewActions: (r) => <UserActions user={r} />,
  form: {
    schema: createUserSchema,
    empty,
    fromRecord: recordValues(empty),
    fields: (form, t, mode) => (
      <>
        <TextFieldElement control={form.control} name="loginId" label={t('fields.loginId')} required disabled={mode === 'edit'} helperText={mode === 'add' ? t('help.loginId') : undefined} />
        <TextFieldElement control={form.control} name="name" label={t('fields.name')} required />
        <TextFieldElement control={form.control} name="email" label={t('fields.email')} type="email" required helperText={mode === 'add' ? t('help.email') : undefined} />
        <SelectElement
          control={form.control}
          name="preferredLanguage"
          label={t('fields.preferredLanguage')}
          emptyLabel={false}
          options={[
            { value: 'en', label: t('language.en') },
            { value: 'tc', label: t('language.tc') },
          ]}
        />
        <RadioGroupElement
          control={form.control}
          name="kind"
          label={t('fields.kind')}
          disabled={mode === 'edit'}
          options={[
            { value: 'customer', label: t('kind.customer') },
            { value: 'staff', label: t('kind.staff') },
          ]}
        />
        <CheckboxElement control={form.control} name="skipMfa" label={t('fields.skipMfa')} helperText={t('help.skipMfa')} />
        <CheckboxElement control={form.control} name="mfaRequired" label={t('fields.mfaRequired')} helperText={t('help.mfaRequired')} />
        <UserLinksField control={form.control} />
        <StaffAssignmentsField control={form.control} />
      </>
    ),
    toCreate: (v) => v,
    toUpdate: (r, v) => ({ id: r.id, name: v.name, email: v.email, preferredLanguage: v.preferredLanguage, skipMfa: v.skipMfa, mfaRequired: v.mfaRequired ?? false, links: v.links, ...(r.kind === 'staff' ? { assignedUcpIds: v.assignedUcpIds ?? [] } : {}) }),
  },
});
