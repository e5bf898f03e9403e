/**
 * Contact us (docs/support.md): the provider's hotlines, e-mail, office and hours (texts of the `support` namespace,
 * not data), and the enquiry form, which files an enquiry and shows its reference; the acknowledgement arrives in
 * the inbox (and by e-mail).
 */
import { useState } from 'react';
import NextLink from 'next/link';
import { useSession } from '@/lib/api/query';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import LocationOnOutlinedIcon from '@mui/icons-material/LocationOnOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { EntityForm } from '@/components/common/EntityForm';
import { SelectElement, TextFieldElement } from '@/components/common/form';
import { PageHeader } from '@/components/common/PageHeader';
import { ENQUIRY_TOPICS, SUPPORT_EMAIL } from '@/lib/support/constants';
import { supportContract } from '@/lib/support/contract';
import { enquiryFormSchema, LIMITS, type EnquiryReceipt } from '@/lib/support/schemas';
import { SupportTabs } from './parts';
import { pathTo } from '@/lib/paths';

const HOTLINES = ['customerService', 'serviceRepair', 'tonerOrders'] as const;

function InfoBlock({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ color: 'primary.main', mt: 0.25 }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        {children}
      </Box>
    </Stack>
  );
}

function ContactDetails() {
  const { t } = useTranslation('support');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="contact-details" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="contact-details" variant="h6" component="h2" gutterBottom>
        {t('contact.detailsTitle')}
      </Typography>
      <Stack spacing={2.5}>
        <InfoBlock icon={<PhoneOutlinedIcon />} title={t('contact.hotlinesTitle')}>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.5, justifyContent: 'start' }}>
            {HOTLINES.map((h) => (
              <Box key={h} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(`contact.hotlines.${h}.label`)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  <Link href={`tel:${t(`contact.hotlines.${h}.number`).replace(/\s/g, '')}`}>{t(`contact.hotlines.${h}.number`)}</Link>
                </Typography>
              </Box>
            ))}
          </Box>
        </InfoBlock>
        <InfoBlock icon={<EmailOutlinedIcon />} title={t('contact.emailTitle')}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>
          </Typography>
        </InfoBlock>
        <InfoBlock icon={<LocationOnOutlinedIcon />} title={t('contact.addressTitle')}>
          <Typography variant="body2" component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
            {t('contact.address')}
          </Typography>
        </InfoBlock>
        <InfoBlock icon={<AccessTimeIcon />} title={t('contact.hoursTitle')}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {t('contact.hours')}
          </Typography>
        </InfoBlock>
      </Stack>
    </Paper>
  );
}

function EnquiryForm({ onDone }: { onDone: (receipt: EnquiryReceipt) => void }) {
  const { t } = useTranslation('support');
  const { data: session } = useSession();
  const profile = session?.profile;
  const defaults = {
    topic: null,
    subject: '',
    message: '',
    contactName: profile?.name ?? '',
    contactEmail: profile?.loginId?.includes('@') ? profile.loginId : '',
    contactPhone: '',
  };
  return (
    <EntityForm
      endpoint={supportContract.endpoints.submitEnquiry}
      schema={enquiryFormSchema}
      defaultValues={defaults}
      toBody={(v, { idempotencyKey }) => ({ ...v, idempotencyKey })}
      submitLabel={t('contact.form.submit')}
      onSuccess={(receipt) => onDone(receipt)}
      aria-label={t('contact.form.title')}
    >
      {(form) => (
        <Stack spacing={2}>
          <SelectElement
            control={form.control}
            name="topic"
            label={t('contact.form.topic')}
            required
            options={ENQUIRY_TOPICS.map((v) => ({ value: v, label: t(`enquiryTopics.${v}`) }))}
          />
          <TextFieldElement control={form.control} name="subject" label={t('contact.form.subject')} required maxLength={LIMITS.subject} />
          <TextFieldElement control={form.control} name="message" label={t('contact.form.message')} required multiline minRows={5} maxLength={LIMITS.message} helperText={t('contact.form.messageHelp')} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextFieldElement control={form.control} name="contactName" label={t('contact.form.contactName')} required maxLength={LIMITS.name} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextFieldElement control={form.control} name="contactPhone" label={t('contact.form.contactPhone')} maxLength={LIMITS.phone} type="tel" />
            </Grid>
          </Grid>
          <TextFieldElement control={form.control} name="contactEmail" label={t('contact.form.contactEmail')} required type="email" maxLength={254} />
        </Stack>
      )}
    </EntityForm>
  );
}

export function ContactUsScreen() {
  const { t } = useTranslation('support');
  const [receipt, setReceipt] = useState<EnquiryReceipt | null>(null);
  return (
    <>
      <PageHeader title={t('contact.title')} subtitle={t('contact.subtitle')} />
      <SupportTabs current="contactUs" />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }} sx={{ order: { xs: 2, md: 1 } }}>
          <ContactDetails />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }} sx={{ order: { xs: 1, md: 2 } }}>
          <Paper variant="outlined" component="section" aria-labelledby="enquiry-title" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography id="enquiry-title" variant="h6" component="h2" gutterBottom>
              {t('contact.form.title')}
            </Typography>
            {receipt ? (
              <Alert severity="success" role="status" data-testid="enquiry-receipt">
                <AlertTitle>{t('contact.sent.title', { reference: receipt.reference })}</AlertTitle>
                <Typography variant="body2" sx={{ mb: 1.5 }}>
                  {t('contact.sent.body')}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <Button component={NextLink} href={pathTo('/inbox')} variant="outlined" size="small">
                    {t('contact.sent.openInbox')}
                  </Button>
                  <Button size="small" onClick={() => setReceipt(null)}>
                    {t('contact.sent.another')}
                  </Button>
                </Stack>
              </Alert>
            ) : (
              <>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {t('contact.form.intro')}
                </Typography>
                <EnquiryForm onDone={setReceipt} />
              </>
            )}
          </Paper>
        </Grid>
      </Grid>
    </>
  );
}
