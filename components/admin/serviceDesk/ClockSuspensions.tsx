import { useEffect, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { Can, useCanAccess } from '@/components/common/Can';
import { ConfirmDialog } from '@/components/common/ConfirmDialog';
import { NOTICE_FOCUS } from '@/components/common/noticeFocus';
import { LoadingCode } from '@/components/common/lazyParts';
import { DetailSection } from '@/components/common/DetailParts';
import { useSuspensionText } from '@/components/serviceRequests/suspensionText';
import { apiErrorOf, useEndpointMutation, useEndpointQuery } from '@/lib/api/query';
import { errorKey } from '@/lib/errors';
import { formatDateTime } from '@/lib/i18n/locales';
import { SUSPENSION_LIMITS } from '@/lib/serviceRequests/constants';
import { serviceDeskContract } from '@/lib/serviceRequests/contract';
import type { SlaSuspension } from '@/lib/serviceRequests/schemas';

const E = serviceDeskContract.endpoints;
/** The recording dialog's form code loads when the desk first opens it. */
const AddSuspensionDialog = dynamic(() => import('./AddSuspensionDialog').then((m) => m.AddSuspensionDialog), { ssr: false, loading: LoadingCode });
/** How many suspensions show before "Show all": the latest matter on the desk. */
const SHOWN = 3;

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
  // The outcome takes focus: after a removal the suspension's "Remove" button, to which the dialog gave focus back, is
  // gone with it, and a keyboard user was left on the page's body.
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
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
          <Alert severity="success" role="status" onClose={() => setDone(null)} closeText={t('common:close')} ref={doneRef} tabIndex={-1} sx={NOTICE_FOCUS}>
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
