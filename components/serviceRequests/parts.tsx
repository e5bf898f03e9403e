import { useEffect, useMemo, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { useCanOpen } from '@/components/common/Can';
import { Facts, LinkIf } from '@/components/common/DetailParts';
import { RetryAlert } from '@/components/common/RetryAlert';
import { StatusChip } from '@/components/common/StatusChip';
import type { Endpoint } from '@/lib/contract';
import { useEndpointFile } from '@/lib/api/query';
import { formatDate, formatDateTime, pickLocalized } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { OPEN_STATUSES, type SlaState } from '@/lib/serviceRequests/constants';
import type { ServiceRequestDetail, ServiceRequestEvent, SlaInfo } from '@/lib/serviceRequests/schemas';

const SLA_TONE: Record<SlaState, string> = { breached: 'sla_breached', at_risk: 'sla_at_risk', running: 'sla_running', met: 'sla_met', stopped: 'sla_stopped' };

/** The SLA clock: "Due by …", "Met", "Breached", "At risk". */
export function SlaChip({ sla }: { sla: SlaInfo }) {
  const { t } = useTranslation('serviceRequests');
  return <StatusChip status={SLA_TONE[sla.state]} label={t(`sla.state.${sla.state}`)} />;
}

/** The SLA as facts: response time, due by, state and when the response came. */
/** The SLA's facts; `responseTimeLabel` names whose contract it is (the desk: the customer's; default: "your"). */
export function slaFacts(sla: SlaInfo, t: (k: string, v?: Record<string, unknown>) => string, locale: string | undefined, responseTimeLabel?: string): [string, ReactNode][] {
  return [
    [responseTimeLabel ?? t('sla.responseTime'), t('sla.hours', { count: sla.responseHours })],
    [t('sla.dueBy'), formatDateTime(sla.dueAt, locale)],
    [t('sla.stateLabel'), <SlaChip key="sla" sla={sla} />],
    ...(sla.respondedAt ? [[t('sla.respondedAt'), formatDateTime(sla.respondedAt, locale)] as [string, ReactNode]] : []),
  ];
}

export function machineText(m: ServiceRequestDetail['machine'] | { serialNo: string; modelNameEn: string; modelNameZh: string }, locale: string | undefined): string {
  return `${pickLocalized(locale, m.modelNameEn, m.modelNameZh)} · ${m.serialNo}`;
}

/**
 * The request's facts as the customer and the desk both see them. `linkContract`: the contract number links to the
 * contract's page when the user may open it (the customer's view, as on the machine page); the desk's stays text.
 */
export function RequestFacts({ r, linkContract = false }: { r: ServiceRequestDetail; linkContract?: boolean }) {
  const { t } = useTranslation('serviceRequests');
  const { locale } = useRouter();
  const mayOpenContract = useCanOpen('/my-account/contract-billing-schedule/[id]') && linkContract && r.contractId !== null;
  return (
    <Facts
      rows={[
        [t('fields.machine'), machineText(r.machine, locale)],
        [t('fields.location'), [pickLocalized(locale, r.machine.locationEn, r.machine.locationZh), pickLocalized(locale, r.machine.addressEn, r.machine.addressZh)].filter(Boolean).join('\n')],
        [t('fields.category'), t(`category.${r.category}`)],
        ...(r.errorCode ? [[t('fields.errorCode'), r.errorCode] as [string, string]] : []),
        [t('fields.description'), r.description],
        [t('fields.contact'), `${r.contactName} · ${r.contactPhone}`],
        [
          t('fields.visitWindows'),
          r.visitWindows.length ? r.visitWindows.map((w) => `${formatDate(w.date, locale)} · ${t(`slot.${w.slot}`)}`).join('\n') : t('fields.anyTime'),
        ],
        [t('fields.reported'), formatDateTime(r.createdAt, locale)],
        ...(r.contractNo
          ? [
              [
                t('fields.contract'),
                <LinkIf key="contract" show={mayOpenContract} href={pathTo('/my-account/contract-billing-schedule/[id]', { id: r.contractId ?? '' })} testId="contract-link">
                  {r.contractNo}
                </LinkIf>,
              ] as [string, ReactNode],
            ]
          : []),
      ]}
    />
  );
}

/** Engineer and ETA (or that none is assigned yet: `noneText`, default the customer's wording). */
export function EngineerFacts({ r, noneText }: { r: ServiceRequestDetail; noneText?: string }) {
  const { t } = useTranslation('serviceRequests');
  const { locale } = useRouter();
  if (!r.engineerName) {
    // "We will tell you" only while one may still be sent: a cancelled request, or one fixed or closed without a visit, had none.
    const text = OPEN_STATUSES.includes(r.status) ? (noneText ?? t('engineer.none')) : t('engineer.noneSent');
    return <Typography color="text.secondary">{text}</Typography>;
  }
  return (
    <Facts
      rows={[
        [t('engineer.name'), r.engineerName],
        ...(r.engineerPhone ? [[t('engineer.phone'), r.engineerPhone] as [string, string]] : []),
        [t('engineer.eta'), r.etaAt ? formatDateTime(r.etaAt, locale) : '—'],
      ]}
    />
  );
}

/** The timeline, oldest first, as an ordered list. */
export function Timeline({ events }: { events: readonly (ServiceRequestEvent & { actorLoginId?: string | null })[] }) {
  const { t } = useTranslation('serviceRequests');
  const { locale } = useRouter();
  return (
    <Box component="ol" aria-label={t('sections.timeline')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {events.map((e) => (
        <Box component="li" key={e.id} sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{t(`event.${e.kind}`)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(e.at, locale)} · {e.actor === 'staff' ? (e.actorName ?? t('actor.desk')) : (e.actorName ?? t('actor.customer'))}
          </Typography>
          {e.engineerName ? (
            <Typography variant="body2">
              {e.etaAt ? t('event.engineerLine', { name: e.engineerName, eta: formatDateTime(e.etaAt, locale) }) : t('event.engineerNamed', { name: e.engineerName })}
            </Typography>
          ) : null}
          {e.note ? (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {e.note}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

/** The request's photo, read through its contract download (never a hand-built URL). */
export function RequestPhoto<E extends Endpoint<'download'>>({ endpoint, id, alt }: { endpoint: E; id: string; alt: string }) {
  const file = useEndpointFile(endpoint, { id } as never);
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data) : null), [file.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (file.apiError) return <RetryAlert error={file.apiError} onRetry={() => void file.refetch()} />;
  if (!url) return null;
  return <Box component="img" src={url} alt={alt} sx={{ maxWidth: '100%', maxHeight: 320, borderRadius: 1, border: 1, borderColor: 'divider' }} />;
}
