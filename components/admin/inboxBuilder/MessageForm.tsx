import { useEffect } from 'react';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import { useTranslation } from 'next-i18next/pages';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { EntityForm } from '@/components/common/EntityForm';
import { CheckboxElement, RadioGroupElement, SelectElement, TextFieldElement } from '@/components/common/form';
import { BUILDER_LIMITS, INBOX_AUDIENCES, INBOX_CATEGORIES } from '@/lib/inboxBuilder/constants';
import { inboxBuilderContract } from '@/lib/inboxBuilder/contract';
import { messageDraftSchema, type BuilderMessage, type MessageDraft, type MessageDraftInput } from '@/lib/inboxBuilder/schemas';

import { pathTo, type RoutePath } from '@/lib/paths';
import { AudiencePicker } from './AudiencePicker';

/** The message form's react-hook-form API (the edit page's send panel checks and sends its values). */
export type DraftForm = UseFormReturn<MessageDraftInput, unknown, MessageDraft>;

/** The composer's pages: its list, and with `/add`, `/edit/[id]`, `/view/[id]` the patterns `pathTo` builds links from. */
export const BUILDER_BASE = '/admin-controls/build-inbox-message' satisfies RoutePath;

const empty: MessageDraftInput = {
  titleEn: '',
  titleZh: '',
  bodyEn: '',
  bodyZh: '',
  category: 'service',
  audience: 'customers',
  customerIds: [],
  groupIds: [],
  linkPath: '',
  notifyByEmail: true,
};

const fromRecord = (m: BuilderMessage): MessageDraftInput => ({
  titleEn: m.titleEn,
  titleZh: m.titleZh,
  // A body typed as plain text is edited as that text, not as the HTML it was stored as.
  bodyEn: m.bodyEnInput,
  bodyZh: m.bodyZhInput,
  category: m.category,
  audience: m.audience,
  customerIds: m.customers.map((c) => c.id),
  groupIds: m.groups.map((g) => g.id),
  linkPath: m.linkPath,
  notifyByEmail: m.notifyByEmail,
});

/**
 * Compose a new draft, or edit one (`record`): both languages, audience, link, e-mail flag. Saving keeps it a draft.
 * `onForm` receives the form's API once it exists (the edit page's "Save and send" sends the form as it stands).
 */
export function MessageForm({ record, onForm }: { record?: BuilderMessage; onForm?: (form: DraftForm, version?: string) => void }) {
  const { t } = useTranslation(['inbox-builder', 'common']);
  const router = useRouter();
  const fieldLabels = {
    titleEn: t('form.titleEn'),
    titleZh: t('form.titleZh'),
    bodyEn: t('form.bodyEn'),
    bodyZh: t('form.bodyZh'),
    customerIds: t('form.customers'),
    groupIds: t('form.groups'),
    linkPath: t('form.linkPath'),
  };
  const done = (id: string) => void router.push(pathTo(`${BUILDER_BASE}/view/[id]`, { id }));
  const fields = (form: DraftForm, ctx: { version?: string }) => <Fields form={form} version={ctx.version} record={record} onForm={onForm} />;
  return record ? (
    <EntityForm
      endpoint={inboxBuilderContract.endpoints.updateMessage}
      schema={messageDraftSchema}
      defaultValues={fromRecord(record)}
      version={record.updatedAt}
      toBody={(v, ctx) => ({ id: record.id, version: ctx.version!, draft: v })}
      submitLabel={t('form.save')}
      fieldLabels={fieldLabels}
      onSuccess={() => done(record.id)}
      onCancel={() => done(record.id)}
    >
      {fields}
    </EntityForm>
  ) : (
    <EntityForm
      endpoint={inboxBuilderContract.endpoints.createMessage}
      schema={messageDraftSchema}
      defaultValues={empty}
      toBody={(v) => v}
      submitLabel={t('form.save')}
      fieldLabels={fieldLabels}
      onSuccess={(data) => done(data.id)}
      onCancel={() => void router.push(BUILDER_BASE)}
    >
      {fields}
    </EntityForm>
  );
}

function Fields({ form, version, record, onForm }: { form: DraftForm; version?: string; record?: BuilderMessage; onForm?: (form: DraftForm, version?: string) => void }) {
  const { t } = useTranslation(['inbox-builder', 'common']);
  useEffect(() => onForm?.(form, version), [form, version, onForm]);
  const audience = useWatch({ control: form.control, name: 'audience' });
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextFieldElement control={form.control} name="titleEn" label={t('form.titleEn')} maxLength={BUILDER_LIMITS.title} />
        <TextFieldElement control={form.control} name="titleZh" label={t('form.titleZh')} maxLength={BUILDER_LIMITS.title} />
        <TextFieldElement control={form.control} name="bodyEn" label={t('form.bodyEn')} multiline minRows={6} maxLength={BUILDER_LIMITS.body} helperText={t('form.bodyHelp')} />
        <TextFieldElement control={form.control} name="bodyZh" label={t('form.bodyZh')} multiline minRows={6} maxLength={BUILDER_LIMITS.body} helperText={t('form.bodyHelp')} />
      </Box>
      <SelectElement
        control={form.control}
        name="category"
        label={t('form.category')}
        required
        options={INBOX_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
        sx={{ maxWidth: 360 }}
      />
      <RadioGroupElement control={form.control} name="audience" label={t('form.audience')} options={INBOX_AUDIENCES.map((a) => ({ value: a, label: t(`audience.${a}`) }))} />
      {audience === 'customers' ? (
        <AudiencePicker control={form.control} name="customerIds" kind="customers" label={t('form.customers')} helperText={t('form.customersHelp')} initial={record?.customers ?? []} />
      ) : null}
      {audience === 'groups' ? (
        <AudiencePicker control={form.control} name="groupIds" kind="groups" label={t('form.groups')} helperText={t('form.groupsHelp')} initial={record?.groups ?? []} />
      ) : null}
      <TextFieldElement control={form.control} name="linkPath" label={t('form.linkPath')} helperText={t('form.linkPathHelp')} maxLength={BUILDER_LIMITS.linkPath} placeholder="/my-account/manage-my-bills" />
      <CheckboxElement control={form.control} name="notifyByEmail" label={t('form.notifyByEmail')} />
    </Box>
  );
}
