import type { ReactNode } from 'react';
import { useRouter } from 'next/router';
import type { SxProps, Theme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { pickLocalized } from '@/lib/i18n/locales';
import type { DataTableColumn } from './DataTable';

export type CustomerCellProps = { ucpId: string; customerNameEn: string; customerNameZh: string };

/**
 * A customer in a staff queue's table (approvals, payment slips, renewal logs…): its name in the page's language,
 * its UCP id under it.
 */
export function CustomerCell({ ucpId, customerNameEn, customerNameZh }: CustomerCellProps) {
  const { locale } = useRouter();
  return <TwoLineCell primary={pickLocalized(locale, customerNameEn, customerNameZh)} secondary={ucpId} />;
}

/** The customer column of a staff queue (approvals, payment slips, renewal logs): a `CustomerCell` of the row. */
export function customerColumn<Row extends CustomerCellProps, S extends string = string>(header: string): DataTableColumn<Row, S> {
  return { key: 'customer', header, render: (r) => <CustomerCell {...r} /> };
}

/** A table cell's value with a smaller grey line under it (a serial and its model, a contract and when it ends). */
export function TwoLineCell({ primary, secondary, sx }: { primary: ReactNode; secondary: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box sx={sx}>
      <Typography variant="body2">{primary}</Typography>
      <Typography variant="caption" color="text.secondary">
        {secondary}
      </Typography>
    </Box>
  );
}
