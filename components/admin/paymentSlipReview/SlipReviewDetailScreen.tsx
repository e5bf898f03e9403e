import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'next-i18next/pages';
import { PageHeader } from '@/components/common/PageHeader';
import { PlainTable } from '@/components/common/PlainTable';
import { StatusChip } from '@/components/common/StatusChip';
import { formatFileSize } from '@/components/common/FileUploadField';
import { DetailScreen, useRouteRecord } from '@/components/common/DetailScreen';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';
import { formatDate, formatDateTime, formatMoney, pickLocalized } from '@/lib/i18n/locales';
import type { ReviewDetail } from '@/lib/paymentSlips/schemas';
import { NOTICE_FOCUS } from '@/components/common/noticeFocus';
import { FilePreview } from './FilePreview';
import { SlipReviewActions } from './SlipReviewActions';
import { REVIEW_PAGE } from './SlipReviewListScreen';

/** `/admin-controls/payment-slip-review/[id]`: one slip, its bills as they stand, the file, approve / reject. */
export function SlipReviewDetailScreen() {
  const { t } = useTranslation(['slipReview', 'bills', 'common', 'error']);
  const slip = useRouteRecord(paymentSlipsContract.endpoints.getForReview, { request: { silent: true } });
  return (
    <DetailScreen query={slip} title={t('slipReview.detail.loadingTitle')} back={{ href: REVIEW_PAGE, label: t('slipReview.detail.back') }}>
      {(s) => <SlipReview slip={s} />}
    </DetailScreen>
  );
}

function SlipReview({ slip }: { slip: ReviewDetail }) {
  const { t } = useTranslation(['slipReview', 'bills', 'common', 'error']);
  const { locale } = useRouter();
  const [notice, setNotice] = useState<'approved' | 'reject' | null>(null);
  // The decision's confirmation takes focus: the dialog gave it back to "Approve" / "Reject", which the refreshed slip
  // no longer shows, so a keyboard user was left on the page's body (as after the slip upload, SlipUploadForm).
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });

  const fact = (label: string, value: string) => (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      {/* keep-all: a Chinese date breaks at a space, not inside ("2026年 / 11月26日" under "uploaded by" on a phone,
          QA walk); overflow-wrap still breaks a reference too long for the column. */}
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere', wordBreak: 'keep-all' }}>
        {value || '—'}
      </Typography>
    </Box>
  );

  return (
    <>
      <PageHeader
        title={t('slipReview.detail.title', { slipNo: slip.slipNo })}
        back={{ href: REVIEW_PAGE, label: t('slipReview.detail.back') }}
        subtitle={<StatusChip status={slip.status} />}
        actions={<SlipReviewActions slip={slip} onDone={(decision) => setNotice(decision === 'approved' ? 'approved' : 'reject')} />}
      />
      {notice ? (
        <Alert severity="success" role="status" sx={{ mb: 2, ...NOTICE_FOCUS }} onClose={() => setNotice(null)} closeText={t('common:close')} data-testid="review-done" ref={noticeRef} tabIndex={-1}>
          {t(`slipReview.done.${notice}`)}
        </Alert>
      ) : null}
      <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 6 }} sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
                {fact(t('slipReview.columns.customer'), `${pickLocalized(locale, slip.customerNameEn, slip.customerNameZh)} (${slip.ucpId})`)}
                {fact(t('slipReview.columns.amount'), formatMoney(slip.amountCents, locale))}
                {fact(t('slipReview.columns.paymentDate'), formatDate(slip.paymentDate, locale))}
                {fact(t('slipReview.columns.method'), t(`bills:paymentSlips.method.${slip.paymentMethod}`))}
                {fact(t('slipReview.detail.reference'), slip.reference)}
                {fact(t('slipReview.detail.uploadedBy'), `${slip.uploadedByName ?? '—'} · ${formatDateTime(slip.createdAt, locale)}`)}
                {slip.reviewedAt ? fact(t('slipReview.detail.reviewedBy'), `${slip.reviewedByName ?? '—'} · ${formatDateTime(slip.reviewedAt, locale)}`) : null}
                {slip.reviewComment ? fact(t('slipReview.detail.comment'), slip.reviewComment) : null}
              </Box>
            </Paper>
            <Paper variant="outlined">
              {/* On a phone the due date and status go under the bill number: three columns fit a 390 px card
                  (five were cut off at Status, with no sign that the table scrolled). */}
              <PlainTable
                label={t('slipReview.detail.billsLabel')}
                testId="slip-review-bills"
                head={
                  narrow
                    ? [t('slipReview.detail.billNo'), { label: t('slipReview.detail.balance'), align: 'right' }, { label: t('slipReview.detail.applied'), align: 'right' }]
                    : [
                        t('slipReview.detail.billNo'),
                        t('slipReview.detail.dueDate'),
                        { label: t('slipReview.detail.balance'), align: 'right' },
                        { label: t('slipReview.detail.applied'), align: 'right' },
                        t('slipReview.columns.status'),
                      ]
                }
              >
                {slip.bills.map((b) => (
                  <TableRow key={b.billId}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {b.billNo}
                      {narrow ? (
                        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start', mt: 0.5 }}>
                          <Typography variant="body2" color="text.secondary">
                            {t('slipReview.detail.dueOn', { date: formatDate(b.dueDate, locale) })}
                          </Typography>
                          <StatusChip status={b.status} />
                        </Box>
                      ) : null}
                    </TableCell>
                    {narrow ? null : <TableCell>{formatDate(b.dueDate, locale)}</TableCell>}
                    <TableCell align="right">{formatMoney(b.balanceCents, locale)}</TableCell>
                    <TableCell align="right">{formatMoney(b.appliedCents, locale)}</TableCell>
                    {narrow ? null : (
                      <TableCell>
                        <StatusChip status={b.status} />
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </PlainTable>
            </Paper>
            {slip.status === 'pending' && slip.amountCents !== slip.outstandingCents ? (
              <Alert severity="warning">
                {t('slipReview.detail.mismatch', { amount: formatMoney(slip.amountCents, locale), outstanding: formatMoney(slip.outstandingCents, locale) })}
              </Alert>
            ) : null}
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {t('slipReview.detail.file', { name: slip.file.fileName, size: formatFileSize(slip.file.sizeBytes, locale) })}
            </Typography>
            <FilePreview slipId={slip.id} mimeType={slip.file.mimeType} fileName={slip.file.fileName} />
          </Grid>
        </Grid>
    </>
  );
}
