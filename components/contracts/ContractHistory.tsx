import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import type { ContractEvent } from '@/lib/contracts/schemas';
import { formatDateTime } from '@/lib/i18n/locales';
import { DetailSection } from '@/components/common/DetailParts';
import { NoBreak } from '@/components/common/NoBreak';

/** A contract's history, newest first: what happened, who, when (renewals name their number and offer, each unbroken). */
export function ContractHistory({ events }: { events: readonly ContractEvent[] }) {
  const { t } = useTranslation(['contracts']);
  const { locale } = useRouter();
  if (events.length === 0) return <Typography variant="body2">{t('contracts:history.empty')}</Typography>;
  return (
    <Box component="ol" sx={{ m: 0, pl: 2, display: 'grid', gap: 1 }} data-testid="contract-history">
      {events.map((e) => (
        <li key={e.id}>
          <Typography variant="body2">
            <strong>{t(`contracts:history.event.${e.eventType}`)}</strong>
            {e.renewalNo ? (
              <>
                {' · '}
                <NoBreak>{e.renewalNo}</NoBreak>
              </>
            ) : null}
            {typeof e.detail?.offerCode === 'string' ? (
              <>
                {' · '}
                <NoBreak>{e.detail.offerCode}</NoBreak>
              </>
            ) : null}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(e.at, locale)}
            {e.actorName ? ` · ${e.actorName}` : ''}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/** The history as a section of a contract's pages (the contract, its renewal). */
export function ContractHistorySection({ events }: { events: readonly ContractEvent[] }) {
  const { t } = useTranslation(['contracts']);
  return (
    <DetailSection title={t('contracts:history.title')}>
      <ContractHistory events={events} />
    </DetailSection>
  );
}
