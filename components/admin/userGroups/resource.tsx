/** User group maintenance as a resource description (docs/user-groups.md, docs/ui-components.md). */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { RadioGroupElement, TextFieldElement } from '@/components/common/form';
import { describeResource } from '@/components/common/resource';
import { DetailSection } from '@/components/common/DetailParts';
import { bilingualRows, KeyAndNameFields, nameColumn, recordValues, updateWithoutKey } from '@/components/common/resourceFields';
import { createdColumn, statusColumn, statusFilter, statusRow } from '@/components/common/resourceStatus';
import { pickLocalized } from '@/lib/i18n/locales';
import { CODE_AREAS } from '@/lib/userGroups/codeAreas';
import { userGroupsContract } from '@/lib/userGroups/contract';
import { createGroupSchema, GROUP_KINDS, type CreateGroupBody, type GroupDetail, type GroupListItem } from '@/lib/userGroups/schemas';
import type { FunctionCode } from '@/lib/permissions/codes';
import { FunctionCodePicker } from './FunctionCodePicker';
import { GroupActions } from './GroupActions';
import { GroupMembers } from './GroupMembers';

const c = userGroupsContract.endpoints;
const empty: CreateGroupBody = { code: '', nameEn: '', nameZh: '', description: '', kind: 'customer', codes: [] };

/** The group's codes by area, each with its meaning. */
function CodesByArea({ codes, t }: { codes: readonly FunctionCode[]; t: TFunction }) {
  const held = new Set(codes);
  const areas = CODE_AREAS.map((a) => ({ area: a.area, codes: (a.codes as readonly FunctionCode[]).filter((code) => held.has(code)) })).filter((a) => a.codes.length);
  if (!areas.length) return <Typography color="text.secondary">{t('none.codes')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {areas.map(({ area, codes: list }) => (
        <Box key={area}>
          <Typography variant="subtitle2" component="h3">
            {t(`areas.${area}`)}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {list.map((code) => (
              <li key={code}>
                <Typography variant="body2" component="span">
                  {t(`codes.${code}`)}
                </Typography>{' '}
                <Typography variant="caption" component="span" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  ({code})
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export const userGroupsResource = describeResource({
  base: '/admin-controls/user-group-maintenance',
  ns: 'userGroups',
  codes: { read: ['user_group_main_read'], write: ['user_group_main_write'] },
  endpoints: { list: c.listGroups, get: c.getGroup, create: c.createGroup, update: c.updateGroup },
  recordName: (r: GroupDetail, locale) => pickLocalized(locale, r.nameEn, r.nameZh),
  listDefaults: { sort: { field: 'code', direction: 'asc' } },
  columns: (t, locale) => [
    { key: 'code', header: t('fields.code'), sortable: true, render: (r: GroupListItem) => r.code },
    nameColumn<GroupListItem>(t, locale),
    { key: 'kind', header: t('fields.kind'), render: (r: GroupListItem) => <Chip size="small" variant="outlined" label={t(`kind.${r.kind}`)} /> },
    { key: 'codeCount', header: t('columns.codes'), align: 'right', hideOnMobile: true, render: (r: GroupListItem) => r.codeCount },
    { key: 'memberCount', header: t('columns.members'), align: 'right', render: (r: GroupListItem) => r.memberCount },
    createdColumn<GroupListItem>(t, locale),
    statusColumn<GroupListItem>(t),
  ],
  filters: (t) => ({
    kind: { label: t('filters.kind'), optionLabel: (k: string) => t(`kind.${k}`) },
    status: statusFilter(t),
  }),
  view: (r, t) => [
    [t('fields.code'), r.code],
    statusRow(t, r.status),
    [t('fields.kind'), t(`kind.${r.kind}`)],
    ...bilingualRows(t, r, 'name'),
    [t('fields.description'), r.description || '—'],
  ],
  sections: (r, t) => (
    <>
      <DetailSection title={t('sections.codes')}>
        <CodesByArea codes={r.codes} t={t} />
      </DetailSection>
      <GroupMembers group={r} />
    </>
  ),
  viewActions: (r) => <GroupActions group={r} />,
  form: {
    schema: createGroupSchema,
    empty,
    fromRecord: recordValues(empty),
    fields: (form, t, mode) => (
      <>
        <KeyAndNameFields control={form.control} keyName="code" t={t} mode={mode} />
        <TextFieldElement control={form.control} name="description" label={t('fields.description')} multiline minRows={2} />
        <RadioGroupElement control={form.control} name="kind" label={t('fields.kind')} row helperText={t('help.kind')} options={GROUP_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
        <FunctionCodePicker control={form.control as never} />
      </>
    ),
    toCreate: (v) => v,
    toUpdate: updateWithoutKey('code'),
  },
});
