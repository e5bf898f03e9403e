import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { useWatch, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { submitThrough } from '@/components/common/EntityForm';
import { Form, RadioGroupElement, TextFieldElement } from '@/components/common/form';
import { useFieldMessage } from '@/components/common/form/useFieldMessage';
import { ABORTED } from '@/lib/api/client';
import type { ApiError, ApiResult } from '@/lib/api/types';
import { errorKey } from '@/lib/errors';
import { apiErrorOf, useEndpointMutation } from '@/lib/api/query';
import { inboxBuilderContract } from '@/lib/inboxBuilder/contract';
import type { BuilderMessage, MessageDraft, MessageDraftInput, SendMessageBody } from '@/lib/inboxBuilder/schemas';
import type { DraftForm } from './MessageForm';

/** `datetime-local` value (Hong Kong wall time) → ISO with +08:00. */
const hkIso = (local: string) => `${local.length === 16 ? `${local}:00` : local}+08:00`;

const sendFormSchema = z
  .strictObject({ when: z.enum(['now', 'later']), at: z.string() })
  .superRefine((v, ctx) => {
    if (v.when !== 'later') return;
    const at = Date.parse(hkIso(v.at));
    if (!v.at || Number.isNaN(at)) ctx.addIssue({ code: 'custom', path: ['at'], message: 'ui.validation.required' });
    else if (at <= Date.now()) ctx.addIssue({ code: 'custom', path: ['at'], message: 'inbox-builder:validation.sendAtPast' });
  });
type SendForm = z.infer<typeof sendFormSchema>;
type SendResult = { id: string; status: 'scheduled'; sendTime: string };

/** A failure this panel has already shown in its own words: the shared Form shows nothing more. */
const handled = (error: ApiError): ApiResult<SendResult> => ({ ok: false, error: { ...error, code: ABORTED } });

/** The message form's values when they pass its schema (errors, summary and focus on the form otherwise). */
const checkedDraft = (form: DraftForm) =>
  new Promise<MessageDraft | null>((resolve) => {
    void form.handleSubmit(
      (values) => resolve(values),
      () => resolve(null),
    )();
  });

const DRAFT_FIELDS: readonly (keyof MessageDraftInput)[] = ['titleEn', 'titleZh', 'bodyEn', 'bodyZh', 'category', 'audience', 'customerIds', 'groupIds', 'linkPath', 'notifyByEmail'];

/**
 * Send a draft now or at a time; take a scheduled message back to draft (before its delivery starts).
 *
 * What is sent is what the staff sees (docs/inbox-builder.md, "Sending"):
 * - on the edit page (`draftForm`: the message form above), Send checks that form and sends its values with the
 *   request, which saves and schedules them in one transaction; a refusal of the draft goes onto its fields and
 *   nothing is saved or sent;
 * - on the view page, Send names the version shown (`updatedAt`): if the message changed since, nothing is sent.
 */
export function SendPanel({
  message,
  draftForm,
  labelledBy,
}: {
  message: BuilderMessage;
  draftForm?: () => { form: DraftForm; version?: string } | null;
  /** The id of the card title naming the panel ("Send this message"): it names the now / later choice too. */
  labelledBy?: string;
}) {
  const { t } = useTranslation(['inbox-builder', 'common', 'error']);
  const fieldMessage = useFieldMessage();
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const unschedule = useEndpointMutation(inboxBuilderContract.endpoints.unscheduleMessage);
  const send = useEndpointMutation(inboxBuilderContract.endpoints.sendMessage);
  if (message.status === 'scheduled') {
    return (
      <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
        {notice ? <Alert severity="success">{notice}</Alert> : null}
        {unschedule.error ? <Alert severity="error">{t(errorKey(apiErrorOf(unschedule.error)?.code))}</Alert> : null}
        <Button variant="outlined" disabled={unschedule.isPending} onClick={() => unschedule.mutate({ id: message.id }, { onSuccess: () => setNotice(t('send.undone')) })}>
          {t('send.unschedule')}
        </Button>
      </Box>
    );
  }
  if (message.status !== 'draft') return null;

  const submit = async (v: SendForm): Promise<ApiResult<SendResult>> => {
    setProblem(null);
    const sendAt = v.when === 'later' ? { sendAt: hkIso(v.at) } : {};
    const current = draftForm?.() ?? null;
    const form = current?.form ?? null;
    let body: SendMessageBody;
    if (form) {
      const draft = await checkedDraft(form);
      if (!draft) {
        setProblem(t('send.fixDraft'));
        return handled({ status: 0, code: 'VALIDATION', message: 'the message form is not valid' });
      }
      body = { id: message.id, ...sendAt, draft, ...(current?.version ? { updatedAt: current.version } : {}) };
    } else {
      body = { id: message.id, ...sendAt, updatedAt: message.updatedAt };
    }
    const result = await submitThrough(send.mutateAsync, body);
    if (result.ok) return result;
    const { error } = result;
    if (error.code === 'CONFLICT') {
      setProblem(t('send.changed'));
      return handled(error);
    }
    // The draft's own fields (draft.titleEn, draft.customerIds…, or customerIds for the stored audience).
    const draftErrors = Object.entries(error.fields ?? {})
      .map(([path, messages]) => [path.replace(/^draft\./, ''), messages] as const)
      .filter(([name, messages]) => messages.length > 0 && DRAFT_FIELDS.includes(name.split('.')[0] as keyof MessageDraftInput));
    if (draftErrors.length === 0) {
      // The server's limit on the send time (a year ahead) goes onto the time field.
      const sendAtErrors = error.fields?.sendAt;
      return sendAtErrors ? { ok: false, error: { ...error, fields: { at: sendAtErrors } } } : result;
    }
    if (form) {
      draftErrors.forEach(([name, messages], i) => form.setError(name as FieldPath<MessageDraftInput>, { type: 'server', message: messages[0] }, { shouldFocus: i === 0 }));
      setProblem(t('send.fixDraft'));
    } else {
      setProblem(t('send.audienceInvalid', { problem: fieldMessage(draftErrors[0]![1][0]) ?? '' }));
    }
    return handled(error);
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {notice ? <Alert severity="success">{notice}</Alert> : null}
      {problem ? (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      {draftForm ? <Typography variant="body2">{t('send.saveAndSendHelp')}</Typography> : null}
      <Form<SendForm, SendForm, SendResult>
        schema={sendFormSchema}
        defaultValues={{ when: 'now', at: '' }}
        onSubmit={submit}
        onSuccess={() => setNotice(t('send.done'))}
        submitLabel={draftForm ? t('send.saveAndSend') : t('send.confirm')}
        fieldLabels={{ at: t('send.at') }}
      >
        {(form) => <SendFields control={form.control} labelledBy={labelledBy} />}
      </Form>
    </Box>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function SendFields({ control, labelledBy }: { control: any; labelledBy?: string }) {
  const { t } = useTranslation('inbox-builder');
  const when = useWatch({ control, name: 'when' }) as SendForm['when'];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <RadioGroupElement control={control} name="when" label={t('send.title')} labelledBy={labelledBy} row options={[{ value: 'now', label: t('send.now') }, { value: 'later', label: t('send.later') }]} />
      {when === 'later' ? (
        <TextFieldElement control={control} name="at" label={t('send.at')} type="datetime-local" sx={{ maxWidth: 320 }} slotProps={{ inputLabel: { shrink: true } }} />
      ) : null}
    </Box>
  );
}
