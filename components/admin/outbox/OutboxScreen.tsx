import { useMemo, useState } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'next-i18next/pages';
import type { DataTableColumn } from '@/components/common/DataTable';
import { ListScreen } from '@/components/common/ListScreen';
import { useEndpointQuery } from '@/lib/api/query';
import { errorKey } from '@/lib/errors';
import { formatDateTime } from '@/lib/i18n/locales';
import type { OutboxStatus } from '@/lib/mail/constants';
import { mailContract } from '@/lib/mail/contract';
import type { OutboxListItem, OutboxSortField } from '@/lib/mail/schemas';

const STATUS_COLOR: Record<OutboxStatus, ChipProps['color']> = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  kept: 'default',
};

export function OutboxStatusChip({ status }: { status: OutboxStatus }) {
  const { t } = useTranslation('mail');
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={t(`outbox.status.${status}`)} />;
}

/** One mail: facts, the error of the last attempt, and the HTML as the recipient sees it (sandboxed: no script, no links). */
function OutboxMailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation(['mail', 'common', 'error']);
  const { locale } = useRouter();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const mail = useEndpointQuery(mailContract.endpoints.getOutboxMail, { id });
  const m = mail.data;
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="outbox-mail-title">
      <DialogTitle id="outbox-mail-title">{m ? m.subject : t('outbox.mail')}</DialogTitle>
      <DialogContent dividers>
        {mail.apiError ? <Alert severity="error">{t(errorKey(mail.apiError.code))}</Alert> : null}
        {!m && !mail.apiError ? <Skeleton variant="rectangular" height={240} aria-label={t('outbox.loading')} /> : null}
        {m ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0, '& dd': { m: 0 } }}>
              <Typography component="dt" color="text.secondary">{t('outbox.columns.to')}</Typography>
              <Typography component="dd" sx={{ wordBreak: 'break-all' }}>{m.toAddress}</Typography>
              <Typography component="dt" color="text.secondary">{t('outbox.columns.status')}</Typography>
              <Box component="dd"><OutboxStatusChip status={m.status} /></Box>
              <Typography component="dt" color="text.secondary">{t('outbox.columns.template')}</Typography>
              <Typography component="dd">{t(`outbox.template.${m.template}`)}</Typography>
              <Typography component="dt" color="text.secondary">{t('outbox.columns.created')}</Typography>
              <Typography component="dd">{formatDateTime(m.createdAt, locale)}</Typography>
              {m.sentAt ? (
                <>
                  <Typography component="dt" color="text.secondary">{t('outbox.columns.sent')}</Typography>
                  <Typography component="dd">{formatDateTime(m.sentAt, locale)}</Typography>
                </>
              ) : null}
              <Typography component="dt" color="text.secondary">{t('outbox.columns.attempts')}</Typography>
              <Typography component="dd">{m.attempts}</Typography>
              {m.nextAttemptAt ? (
                <>
                  <Typography component="dt" color="text.secondary">{t('outbox.columns.nextAttempt')}</Typography>
                  <Typography component="dd">{formatDateTime(m.nextAttemptAt, locale)}</Typography>
                </>
              ) : null}
            </Box>
            {m.lastError ? <Alert severity="warning">{t('outbox.lastError', { error: m.lastError })}</Alert> : null}
            {m.linkHidden ? <Alert severity="info">{t('outbox.linkHidden')}</Alert> : null}
            {/* sandbox="" : the mail's HTML runs no script and cannot navigate this page. */}
            <Box
              component="iframe"
              title={t('outbox.preview')}
              sandbox=""
              srcDoc={m.htmlBody}
              sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
            />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * `/admin-controls/outbox` (`outbox_read`): every mail the portal sent, is sending, failed to send, or — with no SMTP
 * server configured — kept, newest first (docs/mail.md).
 */
export function OutboxScreen() {
  const { t } = useTranslation(['mail', 'common']);
  const { locale } = useRouter();
  const [openId, setOpenId] = useState<string | null>(null);

  const columns: DataTableColumn<OutboxListItem, OutboxSortField>[] = useMemo(
    () => [
      { key: 'createdAt', header: t('outbox.columns.created'), sortable: true, render: (r) => formatDateTime(r.createdAt, locale) },
      { key: 'to', header: t('outbox.columns.to'), render: (r) => <Box sx={{ wordBreak: 'break-all' }}>{r.toAddress}</Box> },
      // The desktop's main column: on a phone's card too (it was left out, so a card said when and to whom, not what).
      { key: 'subject', header: t('outbox.columns.subject'), render: (r) => r.subject },
      { key: 'template', header: t('outbox.columns.template'), hideOnMobile: true, render: (r) => t(`outbox.template.${r.template}`) },
      { key: 'attempts', header: t('outbox.columns.attempts'), align: 'right', hideOnMobile: true, render: (r) => r.attempts },
      { key: 'status', header: t('outbox.columns.status'), sortable: true, render: (r) => <OutboxStatusChip status={r.status} /> },
    ],
    [t, locale],
  );

  return (
    <ListScreen<OutboxListItem, OutboxSortField>
      endpoint={mailContract.endpoints.listOutbox}
      header={{ title: t('outbox.title'), subtitle: t('outbox.subtitle'), breadcrumbs: [{ label: t('common:nav.admin') }, { label: t('outbox.title') }] }}
      columns={columns}
      onRowClick={(r) => setOpenId(r.id)}
      label={t('outbox.listLabel')}
      // The server's own order (newest first), named so the phone's sort select shows it.
      defaults={{ sort: { field: 'createdAt', direction: 'desc' } }}
      filterConfig={{
        q: { label: t('outbox.filters.search') },
        status: { label: t('outbox.filters.status'), single: true, optionLabel: (s: string) => t(`outbox.status.${s}`) },
      }}
      emptyMessage={t('outbox.empty')}
      emptyFilteredMessage={t('outbox.emptyFiltered')}
    >
      {() => (openId ? <OutboxMailDialog id={openId} onClose={() => setOpenId(null)} /> : null)}
    </ListScreen>
  );
}
