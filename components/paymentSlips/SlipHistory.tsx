import { useMemo } from 'react';
import { useRouter } from 'next/router';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { DownloadError, EndpointDownloadButton } from '@/components/common/DownloadButton';
import { useDownload } from '@/components/common/useDownload';
import type { DataTableColumn } from '@/components/common/DataTable';
import { ListScreen } from '@/components/common/ListScreen';
import type { FilterConfig } from '@/components/common/listSchema';
import { StatusChip } from '@/components/common/StatusChip';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';
import { formatDate, formatDateTime, formatMoney } from '@/lib/i18n/locales';
import { listSlipsSchema, type SlipListItem, type SlipSortField } from '@/lib/paymentSlips/schemas';
import { BillNumberList } from '@/components/bills/BillNumberList';

/**
 * The customer's payment slips (own, or all with `payslip_upload_read_all`), with status and the reviewer's comment.
 * An upload refreshes it (the upload endpoint invalidates the payment slips area).
 */
export function SlipHistory() {
  const { t } = useTranslation(['bills', 'common', 'error']);
  const { locale } = useRouter();
  const download = useDownload();
  const filterConfig: FilterConfig = useMemo(
    () => ({ status: { label: t('paymentSlips.history.status'), optionLabel: (s) => t(`common:status.${s}`) } }),
    [t],
  );

  const columns: DataTableColumn<SlipListItem, SlipSortField>[] = useMemo(
    () => [
      { key: 'slipNo', header: t('paymentSlips.history.slipNo'), sortable: true, render: (r) => r.slipNo },
      { key: 'createdAt', header: t('paymentSlips.history.uploaded'), sortable: true, hideOnMobile: true, render: (r) => formatDateTime(r.createdAt, locale) },
      { key: 'paymentDate', header: t('paymentSlips.history.paymentDate'), sortable: true, render: (r) => formatDate(r.paymentDate, locale) },
      { key: 'method', header: t('paymentSlips.history.method'), hideOnMobile: true, render: (r) => t(`paymentSlips.method.${r.paymentMethod}`) },
      { key: 'amount', header: t('paymentSlips.history.amount'), sortable: true, align: 'right', render: (r) => formatMoney(r.amountCents, locale) },
      { key: 'bills', header: t('paymentSlips.history.bills'), render: (r) => <BillNumberList numbers={r.bills.map((b) => b.billNo)} /> },
      { key: 'status', header: t('paymentSlips.history.status'), render: (r) => <StatusChip status={r.status} /> },
      {
        key: 'comment',
        header: t('paymentSlips.history.comment'),
        // On a phone card only when there is one (a refusal's reason): no empty "Comment" line on every other card.
        hideOnMobile: 'whenEmpty',
        render: (r) =>
          r.reviewComment ? (
            <Typography variant="body2" sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
              {r.reviewComment}
            </Typography>
          ) : (
            ''
          ),
      },
      {
        key: 'file',
        header: t('paymentSlips.history.file'),
        align: 'center',
        render: (r) => (
          <EndpointDownloadButton
            download={download}
            compact
            label={t('paymentSlips.history.downloadFile', { slipNo: r.slipNo })}
            runKey={r.id}
            endpoint={paymentSlipsContract.endpoints.getSlipFile}
            body={{ id: r.id }}
            // The name the server gives it (slip no., uploaded name, extension): a blob is saved under the name given here.
            fileName={r.fileName}
            icon={<AttachFileIcon fontSize="small" aria-hidden />}
          />
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, locale, download.busyKey, download.progress],
  );

  return (
    <ListScreen<SlipListItem, SlipSortField>
      endpoint={paymentSlipsContract.endpoints.listSlips}
      schema={listSlipsSchema}
      aboveTable={() => <DownloadError download={download} sx={{ mb: 2 }} />}
      columns={columns}
      label={t('paymentSlips.history.title')}
      defaults={{ sort: { field: 'createdAt', direction: 'desc' } }}
      filterConfig={filterConfig}
      emptyMessage={t('paymentSlips.history.empty')}
      emptyFilteredMessage={t('paymentSlips.history.emptyFiltered')}
    />
  );
}
