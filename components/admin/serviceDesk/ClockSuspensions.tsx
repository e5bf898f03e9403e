import { useState } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'next-i18next/pages';
import { z } from 'zod';
import { Can, useCanAccess } from '@/components/common/Can';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { DetailSection } from '@/components/common/DetailParts';
import { useSuspensionText } from '@/components/serviceRequests/suspensionText';
import { EntityForm } from '@/components/common/EntityForm';
import { RadioGroupElement, TextFieldElement } from '@/components/common/form';
import { apiErrorOf, useEndpointMutation, useEndpointQuery } from '@/lib/api/query';
import { errorKey } from '@/lib/errors';
import { fromHkLocalDateTime, HK_LOCAL_DATETIME, hkLocalDateTime } from '@/lib/dates/hongKong';
import { formatDateTime } from '@/lib/i18n/locales';
import { SLA_SUSPENSION_KINDS, SUSPENSION_LIMITS } from '@/lib/serviceRequests/constants';
import { serviceDeskContract } from '@/lib/serviceRequests/contract';
import { addSuspensionSchema, suspensionProblems, type SlaSuspension } from '@/lib/serviceRequests/schemas';
import { zodMessages } from '@/lib/zodMessages';

const E = serviceDeskContract.endpoints;
/** How many suspensions show before "Show all": the latest matter on the desk. */
const SHOWN = 3;

/** The dialog's form: the times typed as Hong Kong wall-clock (datetime-local), checked as the API checks them. */
const hkLocalField = z.string().regex(HK_LOCAL_DATETIME, { error: zodMessages.date });
const suspensionForm = addSuspensionSchema
  .omit({ startsAt: true, endsAt: true })
  .extend({ startsAt: hkLocalField, endsAt: hkLocalField })
  .superRefine((v, ctx) => {
    if (!HK_LOCAL_DATETIME.test(v.startsAt) || !HK_LOCAL_DATETIME.test(v.endsAt)) return;
    const problems = suspensionProblems(fromHkLocalDateTime(v.startsAt), fromHkLocalDateTime(v.endsAt), new Date());
    for (const [path, message] of Object.entries(problems)) ctx.addIssue({ code: 'custom', path: [path], message });
  });
type SuspensionForm = z.input<typeof suspensionForm>;

function AddSuspensionDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (moved: number) => void }) {
  const { t } = useTranslation(['serviceDesk', 'serviceRequests']);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // The hour the form opened, as a start to correct; the end one hour on.
  const now = new Date();
  const defaults: SuspensionForm = { kind: 'typhoon_8', startsAt: `${hkLocalDateTime(now).slice(0, 13)}:00`, endsAt: `${hkLocalDateTime(new Date(now.getTime() + 3600_000)).slice(0, 13)}:00`, note: '' };
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby="suspension-add-title">
      <DialogTitle id="suspension-add-title">{t('suspensions.addTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <DialogContentText>{t('suspensions.intro')}</DialogContentText>
        <EntityForm
          endpoint={E.addSuspension}
          schema={suspensionForm}
          defaultValues={defaults}
          toBody={(v) => ({ kind: v.kind, startsAt: `${v.startsAt}:00+08:00`, endsAt: `${v.endsAt}:00+08:00`, ...(v.note ? { note: v.note } : {}) })}
          fieldLabels={{ kind: t('suspensions.kind'), startsAt: t('suspensions.startsAt'), endsAt: t('suspensions.endsAt'), note: t('suspensions.note') }}
          submitLabel={t('suspensions.save')}
          onCancel={onClose}
          onSuccess={(data) => onDone(data.requestsMoved)}
          aria-label={t('suspensions.addTitle')}
        >
          {(form) => (
            <Stack spacing={2}>
              <RadioGroupElement<SuspensionForm>
                control={form.control}
                name="kind"
                label={t('suspensions.kind')}
                required
                options={SLA_SUSPENSION_KINDS.map((k) => ({ value: k, label: t(`serviceRequests:suspension.kinds.${k}`) }))}
              />
              <TextFieldElement<SuspensionForm> control={form.control} name="startsAt" label={t('suspensions.startsAt')} type="datetime-local" required slotProps={{ inputLabel: { shrink: true } }} />
              <TextFieldElement<SuspensionForm>
                control={form.control}
                name="endsAt"
                label={t('suspensions.endsAt')}
                type="datetime-local"
                required
                slotProps={{ inputLabel: { shrink: true } }}
                helperText={t('suspensions.endsHelp', { hours: SUSPENSION_LIMITS.aheadHours })}
              />
              <TextFieldElement<SuspensionForm> control={form.control} name="note" label={t('suspensions.note')} multiline minRows={2} maxLength={SUSPENSION_LIMITS.note} />
            </Stack>
          )}
        </EntityForm>
      </DialogContent>
    </Dialog>
  );
}

/** Whether a suspension may still be removed: one that started more than pastDays ago is final (SUSPENSION_FINAL). */
const removable = (s: SlaSuspension) => new Date(s.startsAt).getTime() >= Date.now() - SUSPENSION_LIMITS.pastDays * 24 * 3600_000;

/** One recorded suspension: reason, span, note, who recorded it; writers may remove it while it is not final. */
function SuspensionItem({ s, canWrite, onRemove }: { s: SlaSuspension; canWrite: boolean; onRemove: (s: SlaSuspension) => void }) {
  const { t } = useTranslation('serviceDesk');
  const { locale } = useRouter();
  const text = useSuspensionText();
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'start', justifyContent: 'space-between', flexWrap: 'wrap', py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{text.kind(s)}</Typography>
        <Typography variant="body2">{text.span(s)}</Typography>
        {s.note ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {s.note}
          </Typography>
        ) : null}
        {s.createdByName ? (
          <Typography variant="caption" color="text.secondary">
            {t('suspensions.by', { name: s.createdByName })}
          </Typography>
        ) : null}
      </Box>
      {canWrite && removable(s) ? (
        <Button size="small" color="error" aria-label={t('suspensions.removeLabel', { from: formatDateTime(s.startsAt, locale) })} onClick={() => onRemove(s)}>
          {t('suspensions.remove')}
        </Button>
      ) : null}
    </Box>
  );
}

/**
 * The service desk's clock suspensions (Typhoon Signal No. 8 or above, Black Rainstorm Warning): the latest few with
 * "Show all", "Record a suspension" (a dialog) and "Remove" with a confirmation, both for the desk's write code. After
 * either, it says how many requests' due times moved; the queue and its counts refresh (the contract's invalidation).
 */
export function ClockSuspensions() {
  const { t } = useTranslation(['serviceDesk', 'common', 'error']);
  const text = useSuspensionText();
  const canWrite = useCanAccess(['service_req_admin_write']);
  const list = useEndpointQuery(E.listSuspensions, {});
  const [adding, setAdding] = useState(false);
  const [all, setAll] = useState(false);
  const [removing, setRemoving] = useState<SlaSuspension | null>(null);
  const [done, setDone] = useState<{ key: 'recorded' | 'removed'; count: number } | null>(null);
  const remove = useEndpointMutation(E.deleteSuspension, {
    onSuccess: (data) => {
      setRemoving(null);
      setDone({ key: 'removed', count: data.requestsMoved });
    },
  });
  const items = list.data?.items ?? [];
  const shown = all ? items : items.slice(0, SHOWN);
  return (
    <Box sx={{ mb: 2 }}>
      <DetailSection title={t('suspensions.title')}>
        <Typography variant="body2" color="text.secondary">
          {t('suspensions.lead')}
        </Typography>
        {done ? (
          <Alert severity="success" role="status" onClose={() => setDone(null)}>
            {t(`suspensions.${done.key}`, { count: done.count })}
          </Alert>
        ) : null}
        {list.apiError ? <Alert severity="error">{t(errorKey(list.apiError.code))}</Alert> : null}
        {list.data ? (
          items.length === 0 ? (
            <Typography variant="body2">{t('suspensions.none')}</Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="suspension-list">
              {shown.map((s) => (
                <SuspensionItem key={s.id} s={s} canWrite={canWrite} onRemove={setRemoving} />
              ))}
            </Box>
          )
        ) : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Can anyOf={['service_req_admin_write']}>
            <Button variant="outlined" onClick={() => setAdding(true)}>
              {t('suspensions.add')}
            </Button>
          </Can>
          {items.length > SHOWN ? <Button onClick={() => setAll((v) => !v)}>{all ? t('suspensions.showFewer') : t('suspensions.showAll', { count: items.length })}</Button> : null}
        </Stack>
      </DetailSection>
      {adding ? (
        <AddSuspensionDialog
          open
          onClose={() => setAdding(false)}
          onDone={(moved) => {
            setAdding(false);
            setDone({ key: 'recorded', count: moved });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('suspensions.removeTitle')}
        body={removing ? t('suspensions.removeBody', { kind: text.kind(removing), span: text.span(removing) }) : ''}
        errorCode={apiErrorOf(remove.error)?.code}
        pending={remove.isPending}
        confirmLabel={t('suspensions.remove')}
        confirmColor="error"
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
      />
    </Box>
  );
}
