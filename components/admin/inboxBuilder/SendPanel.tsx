import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'next-i18next/pages';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { EntityForm } from '@/components/common/EntityForm';
import { RadioGroupElement, TextFieldElement } from '@/components/common/form';
import { errorKey } from '@/lib/errors';
import { apiErrorOf, useEndpointMutation } from '@/lib/api/query';
import { inboxBuilderContract } from '@/lib/inboxBuilder/contract';
import type { BuilderMessage } from '@/lib/inboxBuilder/schemas';

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

/** Send a draft now or at a time; take a scheduled message back to draft (before its delivery starts). */
export function SendPanel({ message }: { message: BuilderMessage }) {
  const { t } = useTranslation(['inbox-builder', 'common', 'error']);
  const [notice, setNotice] = useState<string | null>(null);
  const unschedule = useEndpointMutation(inboxBuilderContract.endpoints.unscheduleMessage);
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
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {notice ? <Alert severity="success">{notice}</Alert> : null}
      <EntityForm
        endpoint={inboxBuilderContract.endpoints.sendMessage}
        schema={sendFormSchema}
        defaultValues={{ when: 'now', at: '' }}
        toBody={(v: SendForm) => (v.when === 'later' ? { id: message.id, sendAt: hkIso(v.at) } : { id: message.id })}
        submitLabel={t('send.confirm')}
        fieldLabels={{ at: t('send.at') }}
        onSuccess={() => setNotice(t('send.done'))}
      >
        {(form) => <SendFields control={form.control} />}
      </EntityForm>
    </Box>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function SendFields({ control }: { control: any }) {
  const { t } = useTranslation('inbox-builder');
  const when = useWatch({ control, name: 'when' }) as SendForm['when'];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <RadioGroupElement control={control} name="when" label={t('send.title')} row options={[{ value: 'now', label: t('send.now') }, { value: 'later', label: t('send.later') }]} />
      {when === 'later' ? (
        <TextFieldElement control={control} name="at" label={t('send.at')} type="datetime-local" sx={{ maxWidth: 320 }} slotProps={{ inputLabel: { shrink: true } }} />
      ) : null}
    </Box>
  );
}
