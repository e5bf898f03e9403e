import type { ReactNode } from 'react';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { DetailSection, Facts } from '@/components/common/DetailParts';
import { StatusChip } from '@/components/common/StatusChip';
import type { Endpoint } from '@/lib/contract';
import type { ServiceRequestDetail } from '@/lib/serviceRequests/schemas';
import { EngineerFacts, RequestFacts, RequestPhoto, slaFacts, Timeline } from './parts';
import { useSuspensionText } from './suspensionText';

export type RequestOverviewProps = {
  /** The customer's or the desk's view of the request (the desk's timeline also names who acted). */
  r: ServiceRequestDetail;
  /** The screen's steps on the request (the customer's or the desk's), under the status. */
  actions: ReactNode;
  /** The contract download of the request's photo (the customer's or the desk's endpoint). */
  photoEndpoint: Endpoint<'download'>;
  /** Title of the fault section (the desk's also names the customer). */
  faultTitle: string;
  /** Facts shown before the fault's own (the desk: customer and who reported it). */
  faultLead?: [string, ReactNode][];
  /** Shown under the SLA facts. */
  slaNote?: ReactNode;
  /** Label of the contract's response time; default the customer's wording ("under your contract"). */
  responseTimeLabel?: string;
  /** The customer's view: the contract number links to its page when the user may open it (the desk's stays text). */
  linkContract?: boolean;
  /**
   * The desk's wording where the customer's speaks to the customer: no engineer yet ("We will tell you in your
   * inbox…") and the rating ("Your rating"). Default the customer's.
   */
  noEngineerText?: string;
  ratingLabel?: string;
};

/**
 * A service request as the customer and the desk both see it: status with engineer, resolution and rating, the
 * screen's actions, the timeline; beside it the SLA clock and the fault with its photo.
 */
export function RequestOverview({ r, actions, photoEndpoint, faultTitle, faultLead, slaNote, responseTimeLabel, linkContract, noEngineerText, ratingLabel }: RequestOverviewProps) {
  const { t } = useTranslation('serviceRequests');
  const { locale } = useRouter();
  const suspension = useSuspensionText();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <DetailSection title={t('sections.status')}>
          <Box>
            <StatusChip status={r.status} />
          </Box>
          <EngineerFacts r={r} noneText={noEngineerText} />
          {r.resolutionNotes ? <Facts rows={[[t('fields.resolutionNotes'), r.resolutionNotes]]} /> : null}
          {r.rating ? <Facts rows={[[ratingLabel ?? t('fields.rating'), `${t(`rating.${r.rating}`)}${r.ratingComment ? ` · ${r.ratingComment}` : ''}`]]} /> : null}
        </DetailSection>
        {actions}
        <DetailSection title={t('sections.timeline')}>
          <Timeline events={r.timeline} />
        </DetailSection>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <DetailSection title={t('sections.sla')}>
          <Facts rows={slaFacts(r.sla, t, locale, responseTimeLabel)} />
          {r.clockSuspensions.length > 0 ? (
            <Box data-testid="clock-suspensions">
              <Typography variant="body2">{t('suspension.stoodStill')}</Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {r.clockSuspensions.map((s) => (
                  <Typography component="li" variant="body2" key={`${s.kind}-${s.startsAt}`}>
                    {t('suspension.item', { kind: suspension.kind(s), span: suspension.span(s) })}
                  </Typography>
                ))}
              </Box>
            </Box>
          ) : null}
          {slaNote}
        </DetailSection>
        <DetailSection title={faultTitle}>
          {faultLead ? <Facts rows={faultLead} /> : null}
          <RequestFacts r={r} linkContract={linkContract} />
          {r.photo ? <RequestPhoto endpoint={photoEndpoint} id={r.id} alt={t('fields.photoAlt', { reference: r.reference })} /> : null}
        </DetailSection>
      </Box>
    </Box>
  );
}
