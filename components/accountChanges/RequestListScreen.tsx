import { useMemo } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useDownload } from '@/components/common/useDownload';
import type { DataTableColumn } from '@/components/common/DataTable';
import { DetailScreen } from '@/components/common/DetailScreen';
import { ListScreen } from '@/components/common/ListScreen';
import { StatusChip } from '@/components/common/StatusChip';
import { useCanOpen } from '@/components/common/Can';
import { useUrlParam } from '@/components/common/useUrlParam';
import { useEndpointQuery } from '@/lib/api/query';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import { customerReadableTypes } from '@/lib/accountChanges/constants';
import type { ChangeListItem, ChangeSortField, ListRequestsFilter } from '@/lib/accountChanges/schemas';
import { errorKey } from '@/lib/errors';
import { formatDateTime } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { changeFilters } from './listFilters';
import { Attachments, BeforeAfter, History, RequestFacts } from './ValuesView';
import { useCodes } from './useCodes';

const REQUEST_PARAM = 'request';

/**
 * `/customer-support/account-info-update`: the customer's change requests (only the types the user may read),
 * filterable; a row opens the request (what was asked, before and after, attachments, history) in a dialog whose id
 * is in the URL (`?request=<id>`), so it can be linked to and survives a reload. Deep-linkable with `?ucpid=`.
 */
const CLAMP_3 = { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' } as const;

export function RequestListScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { locale } = useRouter();
  const codes = useCodes();
  const readable = customerReadableTypes(codes);
  const canAdd = useCanOpen('/customer-support/account-info-update/add-changes');
  const [openId, setOpen] = useUrlParam(REQUEST_PARAM);

  const columns: DataTableColumn<ChangeListItem, ChangeSortField>[] = useMemo(
    () => [
      { key: 'requestNo', header: t('list.columns.requestNo'), sortable: true, render: (r) => r.requestNo },
      { key: 'type', header: t('list.columns.type'), sortable: true, render: (r) => t(`types.${r.type}`) },
      { key: 'submittedBy', header: t('list.columns.submittedBy'), hideOnMobile: true, render: (r) => r.submittedByName ?? '—' },
      { key: 'submittedAt', header: t('list.columns.submittedAt'), sortable: true, render: (r) => formatDateTime(r.submittedAt, locale) },
      { key: 'status', header: t('list.columns.status'), sortable: true, render: (r) => <StatusChip status={r.status} /> },
      {
        key: 'comment',
        header: t('list.columns.comment'),
        hideOnMobile: 'whenEmpty',
        // At most three lines in the list (a 500-character reason made a phone's card a screen tall); the whole text is
        // in the request's dialog, and in the cell's tooltip.
        render: (r) =>
          r.reviewerComment ? (
            <Box component="span" title={r.reviewerComment} data-testid="comment-clamped" sx={CLAMP_3}>
              {r.reviewerComment}
            </Box>
          ) : (
            ''
          ),
      },
    ],
    [t, locale],
  );

  return (
    <ListScreen<ChangeListItem, ChangeSortField, ListRequestsFilter>
      endpoint={C.endpoints.listRequests}
      header={{
        title: t('title'),
        subtitle: t('subtitle'),
        actions: canAdd ? (
          <Button component={Link} href={pathTo('/customer-support/account-info-update/add-changes')} variant="contained" startIcon={<AddIcon />}>
            {t('list.add')}
          </Button>
        ) : undefined,
      }}
      columns={columns}
      onRowClick={(r) => setOpen(r.id)}
      defaults={{ sort: { field: 'submittedAt', direction: 'desc' } }}
      filterConfig={changeFilters(t, readable, t('list.filters.q'))}
      emptyMessage={t('list.empty')}
      emptyFilteredMessage={t('list.emptyFiltered')}
    >
      {() => (openId ? <RequestDialog id={openId} onClose={() => setOpen(null)} /> : null)}
    </ListScreen>
  );
}

function RequestDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation(['accountChanges', 'common', 'error']);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const query = useEndpointQuery(C.endpoints.getRequest, { id });
  const download = useDownload();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="request-dialog-title">
      <DialogTitle id="request-dialog-title">{query.data ? t('detail.title', { requestNo: query.data.requestNo }) : t('title')}</DialogTitle>
      <DialogContent dividers>
        <DetailScreen query={query} variant="inline" title="" notFoundTitle={t('detail.notFoundTitle')} notFoundBody={t('detail.notFoundBody')}>
          {(r) => (
            <Stack spacing={2}>
              {/* A rejection's reason once, in the warning: it was also a row of the facts (and is in the history), so the
                  customer read it three times (QA). */}
              <RequestFacts request={r} withComment={r.status !== 'reject'} />
              {r.status === 'reject' && r.reviewerComment ? <Alert severity="warning">{r.reviewerComment}</Alert> : null}
              <BeforeAfter values={r} />
              <Attachments
                items={r.attachments}
                onDownload={(a) => void download.run(a.fileId, C.endpoints.getAttachment, { id: r.id, fileId: a.fileId }, a.fileName)}
              />
              {download.error ? <Alert severity="error">{t(errorKey(download.error.code))}</Alert> : null}
              <History events={r.history} />
            </Stack>
          )}
        </DetailScreen>
      </DialogContent>
      <DialogActions>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{t('detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
