import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';

/** A head cell: its label, or the label with the cell's own props (`align: 'right'` for amounts, `sx` for a column hidden on phones). */
export type PlainTableHead = string | ({ label?: ReactNode } & Pick<TableCellProps, 'align' | 'sx' | 'padding'>);

/**
 * A small table whose rows the screen draws itself (a report, a file's preview, a schedule): the head row from
 * `head`, `children` as the body, inside a box that scrolls sideways on a phone. Not for lists that page (DataTable)
 * nor for a record's related rows (DetailTable).
 */
export function PlainTable({
  label,
  head,
  testId,
  sx,
  tableSx,
  children,
}: {
  /** The table's accessible name. */
  label: string;
  head: readonly PlainTableHead[];
  testId?: string;
  /** Of the scrolling box (a margin). */
  sx?: SxProps<Theme>;
  /** Of the table (stacking its cells on a phone). */
  tableSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box sx={[{ overflowX: 'auto' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Table size="small" aria-label={label} data-testid={testId} sx={tableSx}>
        <TableHead>
          <TableRow>
            {head.map((h, i) => {
              const { label: text, ...cell } = typeof h === 'string' ? { label: h } : h;
              return (
                <TableCell key={i} {...cell}>
                  {text}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
}
