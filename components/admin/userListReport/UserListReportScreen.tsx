import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import type { DataTableColumn } from '@/components/common/DataTable';
import { DownloadError, EndpointDownloadButton } from '@/components/common/DownloadButton';
import { ListScreen } from '@/components/common/ListScreen';
import { StatusChip } from '@/components/common/StatusChip';
import { useDownload } from '@/components/common/useDownload';
import { formatDateTime } from '@/lib/i18n/locales';
import { userListReportContract } from '@/lib/userListReport/contract';
import type { ReportResult, ReportRow } from '@/lib/userListReport/schemas';

const E = userListReportContract.endpoints;
type SortField = 'loginId' | 'createdAt' | 'lastLoginAt';
/** The report's files, in the order of their buttons: the format is the run key, the file's extension and the label's key. */
const EXPORTS = { csv: E.exportCsv, xlsx: E.exportXlsx } as const;
const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** `/admin-controls/user-list-report`: users per customer with their groups, filters, CSV and XLSX of the whole filtered set. */
export function UserListReportScreen() {
  const { t, i18n } = useTranslation(['userListReport', 'common', 'error']);
  const locale = i18n.language;
  const zh = locale === 'tc';
  const lang = zh ? 'tc' : 'en';
  const download = useDownload();

  const columns: DataTableColumn<ReportRow, SortField>[] = [
    { key: 'loginId', header: t('columns.loginId'), sortable: true, render: (r) => r.loginId },
    { key: 'name', header: t('columns.name'), render: (r) => r.name },
    {
      key: 'customer',
      header: t('columns.customer'),
      // The user's status is the account's own: a user linked to a deactivated customer stays "Active", so the
      // customer's state is said here, beside its name.
      render: (r) =>
        r.ucpId ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
            <span>{`${r.ucpId} · ${(zh ? r.customerNameZh : r.customerNameEn) ?? ''}`}</span>
            {r.customerStatus === 'inactive' ? <StatusChip status="inactive" label={t('customerDeactivated')} /> : null}
          </Box>
        ) : (
          t('noCustomer')
        ),
    },
    {
      key: 'groups',
      header: t('columns.groups'),
      hideOnMobile: true,
      render: (r) =>
        r.groups.length ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {r.groups.map((g) => (
              <Chip key={g.code} size="small" variant="outlined" label={zh ? g.nameZh : g.nameEn} title={g.code} />
            ))}
          </Box>
        ) : (
          '—'
        ),
    },
    { key: 'status', header: t('columns.status'), render: (r) => <StatusChip status={r.status} label={t(`status.${r.status}`)} /> },
    { key: 'mfa', header: t('columns.mfa'), render: (r) => t(r.mfaEnabled ? 'mfa.on' : 'mfa.off') },
    { key: 'createdAt', header: t('columns.created'), sortable: true, hideOnMobile: true, render: (r) => formatDateTime(r.createdAt, locale) },
    { key: 'lastLoginAt', header: t('columns.lastLogin'), sortable: true, render: (r) => (r.lastLoginAt ? formatDateTime(r.lastLoginAt, locale) : t('never')) },
  ];

  return (
    <ListScreen<ReportRow, SortField, Record<string, never>, ReportResult>
      endpoint={E.listReport}
      header={{ title: t('title'), subtitle: t('subtitle') }}
      columns={columns}
      defaults={{ sort: { field: 'loginId', direction: 'asc' } }}
      filterConfig={{
        q: { label: t('filters.q') },
        customer: { label: t('filters.customer') },
        group: { label: t('filters.group') },
        status: { label: t('filters.status'), optionLabel: (s: string) => t(`status.${s}`) },
        mfa: { label: t('filters.mfa'), optionLabel: (s: string) => t(`mfa.${s}`) },
        createdFrom: { fromLabel: t('filters.createdFrom'), toLabel: t('filters.createdTo') },
      }}
      emptyMessage={t('empty')}
      emptyFilteredMessage={t('emptyFiltered')}
      aboveTable={(list) => {
        const body = { filter: list.query.filter as never, ...(list.query.sort ? { sort: list.query.sort } : {}), lang } as const;
        const name = zh ? '用戶列表' : 'user-list';
        return (
          <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              {EXPORT_FORMATS.map((format) => (
                <EndpointDownloadButton
                  key={format}
                  download={download}
                  label={t(`export.${format}`)}
                  runKey={format}
                  endpoint={EXPORTS[format]}
                  body={body}
                  fileName={`${name}.${format}`}
                  icon={<DownloadIcon aria-hidden />}
                  testId={`export-${format}`}
                />
              ))}
              {list.data ? (
                <Typography variant="body2" color="text.secondary" data-testid="report-scope">
                  {t(list.data.scope === 'all' ? 'scope.all' : 'scope.assigned', { count: list.data.total })}
                </Typography>
              ) : null}
            </Box>
            <DownloadError download={download} />
          </Box>
        );
      }}
    />
  );
}
