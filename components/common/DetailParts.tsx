import type { ReactNode } from 'react';
import NextLink from 'next/link';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/** A titled card of a detail page (order, shipment, a maintenance record); its h2 names the section for screen readers too. */
export function DetailSection({ title, headingId, children }: { title: string; /** The title's id, for a control inside that it names. */ headingId?: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Label / value pairs as a description list; values keep their line breaks (addresses). */
export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A titled card of label / value pairs (a record's terms, an order's summary): `DetailSection` holding `Facts`. */
export function FactsSection({ title, rows }: { title: string; rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <DetailSection title={title}>
      <Facts rows={rows} />
    </DetailSection>
  );
}

/** `align: 'right'` for figures (counters, pages, amounts), header and cells alike, as DataTable's columns do. */
export type DetailTableColumn<Row> = { header: string; render: (row: Row) => ReactNode; align?: 'left' | 'right' | 'center' };

/**
 * A record's related rows inside a `DetailSection` (a customer's contracts, a group's members): a plain table that
 * scrolls sideways on a phone (Chinese text breaks only at spaces and punctuation, never one character per line),
 * or `empty` when there are none. Not for lists that page: those are DataTable.
 */
export function DetailTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  nowrap = false,
}: {
  label: string;
  columns: readonly DetailTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty: string;
  /** Short values (dates, counters): keep each on one line and scroll sideways on a phone instead of wrapping a Chinese date one character per line. */
  nowrap?: boolean;
}) {
  if (rows.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    // Focusable: a table wider than a phone scrolls sideways, and a keyboard must be able to scroll it too. A group,
    // not a region: its section (DetailSection) is already the region of that name.
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={label}>
      {/* keep-all: a Chinese word or date breaks only at a space or punctuation. Without it, a phone's auto-sized
          columns broke "故障類別", "生效中" or "2026年11月25日" one character per line (QA, machine and customer pages). */}
      {/* The first column is the row's identifier and stays on one line, as in DataTable ("CT-2024-00118" broke at its hyphens). */}
      <Table
        size="small"
        aria-label={label}
        sx={{ '& th, & td': nowrap ? { whiteSpace: 'nowrap' } : { wordBreak: 'keep-all' }, '& td:first-of-type': { whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.header} align={c.align}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell key={c.header} align={c.align}>
                  {c.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * A record's name linking to its page when the user may open it (`useCanOpen`), else the plain name: a table cell
 * or fact of a detail page that points at another record.
 */
export function LinkIf({ show, href, sx, testId, children }: { show: boolean; href: string; sx?: SxProps<Theme>; testId?: string; children: ReactNode }) {
  if (!show) return <>{children}</>;
  return (
    <Link component={NextLink} href={href} sx={sx} data-testid={testId}>
      {children}
    </Link>
  );
}

/**
 * The first column of a `DetailTable` (a machine's orders, its service requests): the row's number on one line,
 * linking to the row's own page when the user may open it (`useCanOpen`).
 */
export function linkColumn<Row>(header: string, show: boolean, href: (row: Row) => string, text: (row: Row) => ReactNode): DetailTableColumn<Row> {
  return {
    header,
    render: (row) => (
      <LinkIf show={show} href={href(row)} sx={{ whiteSpace: 'nowrap' }}>
        {text(row)}
      </LinkIf>
    ),
  };
}

/** A section that is one table of related rows (a customer's contracts, a machine's orders), titled by `title`, which names the table too; `children` follow the table (a "see all" link). */
export function TableSection<Row>({ title, children, ...table }: Omit<Parameters<typeof DetailTable<Row>>[0], 'label'> & { title: string; children?: ReactNode }) {
  return (
    <DetailSection title={title}>
      <DetailTable<Row> label={title} {...table} />
      {children}
    </DetailSection>
  );
}
