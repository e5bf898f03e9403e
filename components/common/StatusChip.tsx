import Chip, { type ChipProps } from '@mui/material/Chip';
import { alpha, darken } from '@mui/material/styles';
import { useTranslation } from 'next-i18next/pages';
import { STATUS_COLORS, type StatusColor } from '@/lib/theme/theme';

/**
 * Every domain status the portal shows, mapped to one of the theme's status colours (spec §4) or `neutral`.
 * One table for all features, so the same word always has the same colour. Later features add their statuses here
 * (and `common:status.<status>` in both locales).
 */
export const STATUS_TONES = {
  // orders
  pending: 'pending',
  confirmed: 'inProgress',
  processing: 'inProgress',
  shipped: 'inProgress',
  delivered: 'approved',
  completed: 'completed',
  cancelled: 'neutral',
  // bills (display status derived by the server)
  unpaid: 'pending',
  partly_paid: 'inProgress',
  paid: 'approved',
  overdue: 'reject',
  under_review: 'completed',
  // payment slips (pending as above)
  approved: 'approved',
  reject: 'reject',
  // shipments (delivered as above)
  received: 'pending',
  picked: 'inProgress',
  dispatched: 'inProgress',
  out_for_delivery: 'inProgress',
  failed: 'reject',
  // account-information change requests (pending, approved, reject, completed as above)
  inProgress: 'inProgress',
  // generic
  active: 'approved',
  inactive: 'neutral',
  expired: 'reject',
  // machines (active as above)
  removed: 'neutral',
  // offers (docs/offers.md; expired as above)
  draft: 'neutral',
  published: 'approved',
  // service requests (docs/service-requests.md; cancelled as above) and their SLA clock
  submitted: 'pending',
  acknowledged: 'inProgress',
  engineer_assigned: 'inProgress',
  on_site: 'inProgress',
  resolved: 'approved',
  closed: 'completed',
  sla_breached: 'reject',
  sla_at_risk: 'pending',
  sla_running: 'inProgress',
  sla_met: 'approved',
} as const satisfies Record<string, StatusTone>;

export type StatusTone = StatusColor | 'neutral';
export type KnownStatus = keyof typeof STATUS_TONES;

export const isKnownStatus = (status: string): status is KnownStatus => Object.prototype.hasOwnProperty.call(STATUS_TONES, status);

/** The colour family of a status; unknown statuses are neutral rather than an error (a newer server may add one). */
export const statusTone = (status: string): StatusTone => (isKnownStatus(status) ? STATUS_TONES[status] : 'neutral');

/**
 * Soft filled chip: the background is the status colour at low opacity, with a border; the text is the status
 * colour, darkened a little in the light scheme, where the theme's green and amber alone are just under 4.5:1 on
 * their own tint. Keeps text contrast ≥ 4.5:1 on the paper and page backgrounds of both schemes (checked in
 * __tests__/unit/common/StatusChip.test.tsx against lib/theme/theme.ts).
 */
export const SOFT_BG_OPACITY = { light: 0.1, dark: 0.16 } as const;
const LIGHT_TEXT_DARKEN = 0.2;

export function statusChipColors(tone: StatusColor, mode: 'light' | 'dark'): { text: string; background: string; border: string } {
  const base = STATUS_COLORS[tone][mode];
  return {
    text: mode === 'light' ? darken(base, LIGHT_TEXT_DARKEN) : base,
    background: alpha(base, SOFT_BG_OPACITY[mode]),
    border: alpha(base, 0.5),
  };
}

export type StatusChipProps = {
  status: string;
  /** Overrides the translated label (e.g. "Paid 12 Mar"); the colour still comes from `status`. */
  label?: string;
  size?: ChipProps['size'];
  sx?: ChipProps['sx'];
};

/** A status as a coloured, translated chip: `<StatusChip status="overdue" />`. */
export function StatusChip({ status, label, size = 'small', sx }: StatusChipProps) {
  const { t } = useTranslation('common');
  const tone = statusTone(status);
  const text = label ?? t(`status.${status}`, { defaultValue: status });
  return (
    <Chip
      size={size}
      label={text}
      data-status={status}
      data-tone={tone}
      sx={[
        { fontWeight: 600 },
        (theme) =>
          tone === 'neutral'
            ? {
                color: (theme.vars ?? theme).palette.text.secondary,
                bgcolor: (theme.vars ?? theme).palette.action.hover,
                border: '1px solid',
                borderColor: (theme.vars ?? theme).palette.divider,
              }
            : {
                color: statusChipColors(tone, 'light').text,
                bgcolor: statusChipColors(tone, 'light').background,
                border: '1px solid',
                borderColor: statusChipColors(tone, 'light').border,
                ...theme.applyStyles('dark', {
                  color: statusChipColors(tone, 'dark').text,
                  bgcolor: statusChipColors(tone, 'dark').background,
                  borderColor: statusChipColors(tone, 'dark').border,
                }),
              },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
