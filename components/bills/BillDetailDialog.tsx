import NextLink from 'next/link';
import { useRouter } from 'next/router';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'next-i18next/pages';
import { StatusChip } from '@/components/common/StatusChip';
import { BillStatusChips } from './BillStatusChips';
import { DetailScreen } from '@/components/common/DetailScreen';
import { useEndpointQuery } from '@/lib/api/query';
import { billsContract } from '@/lib/bills/contract';
import type { BillLine } from '@/lib/bills/schemas';
import { errorKey } from '@/lib/errors';
import { formatDate, formatMoney, numberFormat, pickLocalized } from '@/lib/i18n/locales';
import { formatDatesIn } from '@/lib/i18n/dateInput';
import { NoBreak } from '@/components/common/NoBreak';
import { useCanAccess, useCanOpen } from '@/components/common/Can';
import { SLIP_PAGE } from './access';
import { DownloadError, EndpointDownloadButton } from '@/components/common/DownloadButton';
import type { DownloadState } from '@/components/common/useDownload';
import { pathTo } from '@/lib/paths';

const int = (n: number | null, locale: string | undefined) => (n === null ? '' : numberFormat(locale).format(n));

const isUsage = (l: BillLine) => l.lineType === 'mono_usage' || l.lineType === 'colour_usage';

/** One line in words: "292,457 → 309,314 = 16,857 pages − 4,500 allowance = 12,357 × HK$0.0380". */
function LineExplanation({ line, locale }: { line: BillLine; locale: string | undefined }) {
  const { t } = useTranslation('bills');
  if (!isUsage(line) || line.openingReading === null || line.closingReading === null) return null;
  const used = line.closingReading - line.openingReading;
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      {t('bills.detail.explain', {
        opening: int(line.openingReading, locale),
        closing: int(line.closingReading, locale),
        used: int(used, locale),
        allowance: int(line.allowance ?? 0, locale),
        billable: int(line.billablePages ?? 0, locale),
        rate: line.rate ?? '0',
      })}
    </Typography>
  );
}

type Props = {
  billId: string | null;
  onClose: () => void;
  download: DownloadState;
};

/** The bill's detail (deep-linkable as `?bill=<id>` on the bills page): what each line was computed from, and totals. */
export function BillDetailDialog({ billId, onClose, download }: Props) {
  const { t } = useTranslation(['bills', 'common', 'error']);
  const { locale } = useRouter();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // Offered only to users who may both upload and open the slip page.
  const mayUpload = useCanAccess(['payslip_upload_write']);
  const mayOpenSlipPage = useCanOpen(SLIP_PAGE);
  const canUpload = mayUpload && mayOpenSlipPage;
  const query = useEndpointQuery(billsContract.endpoints.getBill, billId ? { id: billId } : null, { request: { silent: true } });
  const bill = query.data ?? null;
  const titleId = 'bill-detail-title';

  return (
    <Dialog open={Boolean(billId)} onClose={onClose} fullScreen={fullScreen} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {bill ? t('bills.detail.title', { billNo: bill.billNo }) : t('bills.detail.loadingTitle')}
        {bill ? <BillStatusChips bill={bill} /> : null}
      </DialogTitle>
      <DialogContent dividers>
        <DetailScreen
          query={query}
          variant="inline"
          title={t('bills.detail.loadingTitle')}
          notFoundTitle={t('bills.detail.notFoundTitle')}
          notFoundBody={t(errorKey('NOT_FOUND'))}
        >
          {(bill) => (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
              {[
                [t('bills.columns.contract'), bill.contract?.contractNo ?? '—'],
                [t('bills.columns.period'), `${formatDate(bill.periodStart, locale)} – ${formatDate(bill.periodEnd, locale)}`],
                [t('bills.columns.billDate'), formatDate(bill.billDate, locale)],
                [t('bills.columns.dueDate'), formatDate(bill.dueDate, locale)],
              ].map(([label, value]) => (
                <Box key={label}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  {/* keep-all: a Chinese date breaks at the dash between the two, not inside one ("2026年9\n月30日", QA walk at 390 px). */}
                  <Typography component="dd" sx={{ m: 0, fontWeight: 600, wordBreak: 'keep-all' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Typography variant="body2" data-testid="bill-to">
              {t('bills.detail.billTo', { name: pickLocalized(locale, bill.billTo.nameEn, bill.billTo.nameZh), address: pickLocalized(locale, bill.billTo.addressEn, bill.billTo.addressZh) })}
            </Typography>
            <TableContainer>
              {/* Headings break at a space only: a narrow column broke "上期讀數" as "上期讀 / 數" (QA walk, 1366 px in Chinese). */}
              <Table size="small" aria-label={t('bills.detail.linesLabel')} sx={{ '& th': { wordBreak: 'keep-all' } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('bills.lines.description')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('bills.lines.serial')}</TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('bills.lines.opening')}</TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('bills.lines.closing')}</TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('bills.lines.allowance')}</TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('bills.lines.billable')}</TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('bills.lines.rate')}</TableCell>
                    <TableCell align="right">{t('bills.lines.amount')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {bill.lines.map((line) => (
                    <TableRow key={line.lineNo} data-testid={`bill-line-${line.lineNo}`} data-line-type={line.lineType}>
                      <TableCell>
                        <Typography variant="body2">{formatDatesIn(pickLocalized(locale, line.descriptionEn, line.descriptionZh), locale)}</Typography>
                        <Typography variant="caption" color="text.secondary" component="p">
                          {t(`bills.lineType.${line.lineType}`)}
                          {line.serialNo ? (
                            // The serial has its own column from md up; on phones it goes with the description.
                            <Box component="span" sx={{ display: { md: 'none' } }}>
                              {' · '}
                              <NoBreak>{line.serialNo}</NoBreak>
                            </Box>
                          ) : null}
                        </Typography>
                        <LineExplanation line={line} locale={locale} />
                      </TableCell>
                      {/* A serial stays whole: at 1366 px the column broke '3C4-512784' at its hyphen. */}
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>{line.serialNo ?? ''}</TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>{isUsage(line) ? int(line.openingReading, locale) : ''}</TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>{isUsage(line) ? int(line.closingReading, locale) : ''}</TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>{isUsage(line) ? int(line.allowance, locale) : ''}</TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>{isUsage(line) ? int(line.billablePages, locale) : ''}</TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>{isUsage(line) && line.rate ? `HK$${line.rate}` : ''}</TableCell>
                      <TableCell align="right">{formatMoney(line.amountCents, locale)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {/* The figures end where the Amount column's do: a small table cell's right padding is 16 px (MUI's
                '6px 16px', not a theme spacing); they stood 16 px further right (QA walk). */}
            <Box component="dl" data-testid="bill-totals" sx={{ m: 0, ml: 'auto', pr: '16px', display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 3, rowGap: 0.5, textAlign: 'right' }}>
              <Typography component="dt">{t('bills.detail.total')}</Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid="bill-total">
                {formatMoney(bill.amountCents, locale)}
              </Typography>
              <Typography component="dt">{t('bills.detail.paid')}</Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {formatMoney(bill.paidCents, locale)}
              </Typography>
              <Typography component="dt" sx={{ fontWeight: 700 }}>
                {t('bills.detail.balance')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid="bill-balance">
                {formatMoney(bill.balanceCents, locale)}
              </Typography>
            </Box>
            {bill.payments.length > 0 ? (
              <>
                <Divider />
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {t('bills.detail.payments')}
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {bill.payments.map((p) => (
                    <li key={p.slipNo}>
                      <Typography variant="body2" component="span">
                        {/* Only an approved slip has applied anything: a pending one said "applied HK$0.00", as if it
                            counted for nothing (QA walk); it and a rejected one give the amount the slip says was paid. */}
                        {t(p.status === 'approved' ? 'bills.detail.payment' : 'bills.detail.paymentNotApplied', {
                          slipNo: p.slipNo,
                          date: formatDate(p.paymentDate, locale),
                          method: t(`paymentSlips.method.${p.paymentMethod}`),
                          applied: formatMoney(p.appliedCents, locale),
                          amount: formatMoney(p.amountCents, locale),
                        })}{' '}
                      </Typography>
                      <StatusChip status={p.status} />
                    </li>
                  ))}
                </Box>
              </>
            ) : null}
            {download.busyKey === null ? <DownloadError download={download} /> : null}
          </Box>
          )}
        </DetailScreen>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {/* Closing is the quiet action; uploading a slip for a bill still to pay is the main one (issue 10 item 15). */}
        <Button onClick={onClose} data-testid="bill-detail-close">
          {t('common:close')}
        </Button>
        {bill ? (
          <EndpointDownloadButton
            download={download}
            label={t('bills.actions.downloadPdf')}
            runKey={`pdf:${bill.id}`}
            endpoint={billsContract.endpoints.downloadBillPdf}
            body={{ id: bill.id }}
            fileName={`bill-${bill.billNo}.pdf`}
            icon={<PictureAsPdfIcon aria-hidden />}
            testId="bill-detail-pdf"
          />
        ) : null}
        {bill && canUpload && bill.payableCents > 0 ? (
          <Button component={NextLink} href={pathTo(SLIP_PAGE, undefined, { bills: bill.id })} variant="contained" startIcon={<UploadIcon aria-hidden />}>
            {t('bills.actions.paySlip')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
