import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { useCanAccess, useCanOpen } from '@/components/common/Can';
import { BILLS_PAGE } from '@/components/bills/access';
import { PageHeader } from '@/components/common/PageHeader';
import { SlipHistory } from './SlipHistory';
import { SlipUploadForm } from './SlipUploadForm';
import { pathTo } from '@/lib/paths';

/**
 * `/my-account/manage-my-bills/payment-slip-upload`: upload a slip (with `payslip_upload_write`) and the slip
 * history (`payslip_upload_read` own slips, `payslip_upload_read_all` every slip of the customer).
 */
export function PaymentSlipUploadScreen() {
  const { t } = useTranslation('bills');
  // The form picks from the customer's bills (bills.listBills needs mgt_bills_read).
  const mayUpload = useCanAccess(['payslip_upload_write']);
  const mayReadBills = useCanAccess(['mgt_bills_read']);
  const canUpload = mayUpload && mayReadBills;
  const canOpenBills = useCanOpen(BILLS_PAGE);

  return (
    <>
      <PageHeader
        title={t('paymentSlips.title')}
        subtitle={t('paymentSlips.subtitle')}
        breadcrumbs={[{ label: t('bills.title'), href: canOpenBills ? pathTo(BILLS_PAGE) : undefined }, { label: t('paymentSlips.title') }]}
      />
      {canUpload ? (
        <Paper variant="outlined" component="section" aria-labelledby="slip-upload-title" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
          <Typography id="slip-upload-title" variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('paymentSlips.upload.title')}
          </Typography>
          <SlipUploadForm />
        </Paper>
      ) : null}
      <section aria-labelledby="slip-history-title">
        <Typography id="slip-history-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('paymentSlips.history.title')}
        </Typography>
        <SlipHistory />
      </section>
    </>
  );
}
