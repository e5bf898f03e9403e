import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { StatusChip } from '@/components/common/StatusChip';
import type { Translate } from './format';

/**
 * The states' texts of an order's or a shipment's page (`orders` / `tracking` in the orders namespace): the list's
 * title while loading, the way back to the list, not found, failed to load; `back` is the loaded page's way back too.
 */
export function orderAreaDetailTexts(t: Translate, area: 'orders' | 'tracking', listHref: string) {
  return {
    title: t(`orders:${area}.title`),
    back: { href: listHref, label: t(`orders:${area}.detail.backToList`) },
    notFoundTitle: t(`orders:${area}.detail.notFoundTitle`),
    notFoundBody: t(`orders:${area}.detail.notFoundBody`),
    errorTitle: t(`orders:${area}.detail.loadErrorTitle`),
  };
}

/** The subtitle of an order's or a shipment's page: its status, then a line about it. */
export function StatusSubtitle({ status, children }: { status: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <StatusChip status={status} />
      <span>{children}</span>
    </Box>
  );
}
