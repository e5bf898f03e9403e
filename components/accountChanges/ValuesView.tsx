import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import { DetailSection, Facts, FactsSection } from '@/components/common/DetailParts';
import { StatusChip } from '@/components/common/StatusChip';
import type { ChangeAttachment, ChangeDetail, ChangeEvent, ChangeValues } from '@/lib/accountChanges/schemas';
import { formatDate, formatDateTime, formatHkPhone, pickLocalized } from '@/lib/i18n/locales';

type Row = readonly [string, ReactNode];

/** What the records said and what was asked, as label/value rows per side, for each type. */
function sides(v: ChangeValues, t: (k: string, o?: Record<string, unknown>) => string, locale: string | undefined): { before: Row[]; after: Row[] } {
  const yesNo = (b: boolean) => (b ? t('fields.hardcopyOn') : t('fields.hardcopyOff'));
  const addr = (en: string, zh: string) => pickLocalized(locale, en, zh) || t('form.none');
  switch (v.type) {
    case 'comp_name':
      return {
        before: [[t('fields.nameEn'), v.oldValue.nameEn], [t('fields.nameZh'), v.oldValue.nameZh], [t('fields.brNo'), v.oldValue.brNo ?? t('form.none')]],
        after: [[t('fields.nameEn'), v.newValue.nameEn], [t('fields.nameZh'), v.newValue.nameZh], [t('fields.brNo'), v.newValue.brNo], [t('fields.effectiveDate'), formatDate(v.newValue.effectiveDate, locale)]],
      };
    case 'bill_addr':
      return {
        before: [[t('fields.address'), addr(v.oldValue.addressEn, v.oldValue.addressZh)], [t('fields.contactName'), v.oldValue.contactName], [t('fields.contactPhone'), formatHkPhone(v.oldValue.contactPhone)]],
        after: [
          [t('fields.address'), addr(v.newValue.addressEn, v.newValue.addressZh)],
          [t('fields.contactName'), v.newValue.contactName],
          [t('fields.contactPhone'), formatHkPhone(v.newValue.contactPhone)],
          [t('fields.effectiveDate'), formatDate(v.newValue.effectiveDate, locale)],
        ],
      };
    case 'machine_loc':
      return {
        before: v.oldValue.machines.map((m) => [m.serialNo, `${addr(m.addressEn, m.addressZh)} · ${pickLocalized(locale, m.locationEn, m.locationZh)}`] as const),
        after: [
          [t('fields.serialNos'), v.newValue.serialNos.join(', ')],
          [t('fields.address'), addr(v.newValue.addressEn, v.newValue.addressZh)],
          [t('fields.locationDetail'), v.newValue.locationDetail || t('form.none')],
          [t('fields.siteContactName'), `${v.newValue.siteContactName} · ${formatHkPhone(v.newValue.siteContactPhone)}`],
          [t('fields.moveDate'), formatDate(v.newValue.moveDate, locale)],
        ],
      };
    case 'rec_hardcopy':
      return {
        before: [[t('fields.receiveHardcopy'), yesNo(v.oldValue.receiveHardcopy)], [t('fields.ebillEmail'), v.oldValue.ebillEmail || t('form.none')]],
        after: [[t('fields.receiveHardcopy'), yesNo(v.newValue.receiveHardcopy)], [t('fields.ebillEmail'), v.newValue.ebillEmail]],
      };
    case 'toner_addr':
      return {
        before: v.oldValue.machines.map((m) => [m.serialNo, `${addr(m.tonerAddressEn, m.tonerAddressZh)} · ${m.tonerContactName} ${formatHkPhone(m.tonerContactPhone)}`] as const),
        after: [
          [t('fields.serialNos'), v.newValue.serialNos.join(', ')],
          [t('fields.address'), addr(v.newValue.addressEn, v.newValue.addressZh)],
          [t('fields.contactName'), `${v.newValue.contactName} · ${formatHkPhone(v.newValue.contactPhone)}`],
        ],
      };
    case 'trans_agree':
      return {
        // The contract number is the row's label: the value says until when (not the number again).
        before: v.oldValue.contracts.map((c) => [c.contractNo, t('form.contractUntil', { endDate: formatDate(c.endDate, locale) })] as const),
        after: [
          [t('fields.contractNos'), v.newValue.contractNos.join(', ')],
          [t('fields.transfereeNameEn'), v.newValue.transfereeNameEn],
          [t('fields.transfereeNameZh'), v.newValue.transfereeNameZh || t('form.none')],
          [t('fields.transfereeBrNo'), v.newValue.transfereeBrNo],
          [t('fields.transfereeContactName'), `${v.newValue.transfereeContactName} · ${formatHkPhone(v.newValue.transfereeContactPhone)}`],
          [t('fields.transfereeEmail'), v.newValue.transfereeEmail],
          [t('fields.effectiveDate'), formatDate(v.newValue.effectiveDate, locale)],
        ],
      };
  }
}

/** Old and new values side by side (stacked on phones). */
export function BeforeAfter({ values }: { values: ChangeValues }) {
  const { t } = useTranslation('accountChanges');
  const { locale } = useRouter();
  const { before, after } = sides(values, t, locale);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <FactsSection title={t('detail.current')} rows={before} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FactsSection title={t('detail.requested')} rows={after} />
      </Grid>
    </Grid>
  );
}

export function Attachments({ items, onDownload }: { items: readonly ChangeAttachment[]; onDownload: (a: ChangeAttachment) => void }) {
  const { t } = useTranslation('accountChanges');
  return (
    <DetailSection title={t('detail.attachments')}>
      {items.length === 0 ? (
        <Typography variant="body2">{t('detail.noAttachments')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {items.map((a) => (
            <Button key={a.fileId} variant="outlined" startIcon={<DownloadIcon />} onClick={() => onDownload(a)} aria-label={t('detail.download', { name: a.fileName })}>
              {t(`detail.kinds.${a.kind}`)} · {a.fileName}
            </Button>
          ))}
        </Box>
      )}
    </DetailSection>
  );
}

export function History({ events }: { events: readonly ChangeEvent[] }) {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { locale } = useRouter();
  return (
    <DetailSection title={t('detail.history')}>
      <List dense disablePadding>
        {events.map((e, i) => (
          <ListItem key={i} disableGutters sx={{ alignItems: 'flex-start', gap: 1 }}>
            <StatusChip status={e.toStatus} />
            <ListItemText
              primary={`${formatDateTime(e.at, locale)} · ${e.byProvider ? (e.actorName ?? t('detail.byProvider')) : (e.actorName ?? '')}`}
              secondary={e.comment}
              // A reason typed on several lines keeps them.
              slotProps={{ secondary: { sx: { whiteSpace: 'pre-line' } } }}
            />
          </ListItem>
        ))}
      </List>
    </DetailSection>
  );
}

/**
 * The facts of a request (customer and staff views). `withComment: false` leaves out our comment where the screen
 * shows it on its own (the customer's dialog puts a rejection's reason in a warning above).
 */
export function RequestFacts({ request, extra = [], withComment = true }: { request: ChangeDetail; extra?: Row[]; withComment?: boolean }) {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { locale } = useRouter();
  return (
    <Facts
      rows={[
        ...extra,
        [t('detail.facts.type'), t(`types.${request.type}`)],
        [t('detail.facts.status'), <StatusChip key="s" status={request.status} />],
        [t('detail.facts.submittedAt'), formatDateTime(request.submittedAt, locale)],
        [t('detail.facts.submittedBy'), request.submittedByName ?? '—'],
        [t('detail.facts.channel'), t('detail.facts.channelW')],
        ...(request.effectiveDate ? [[t('detail.facts.effectiveDate'), formatDate(request.effectiveDate, locale)] as const] : []),
        ...(withComment && request.reviewerComment ? [[t('detail.facts.comment'), request.reviewerComment] as const] : []),
      ]}
    />
  );
}
