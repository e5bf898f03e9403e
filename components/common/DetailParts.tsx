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
import useMediaQuery from '@mui/material/useMediaQuery';
import { visuallyHidden } from './visuallyHidden';

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

/**
 * `align: 'right'` for figures (counters, pages, amounts), header and cells alike, as DataTable's columns do; `sx` for
 * the column's header and cells while it is a table (a short value kept on one line, a width), not on a phone's cards.
 */
export type DetailTableColumn<Row> = { header: string; render: (row: Row) => ReactNode; align?: 'left' | 'right' | 'center'; sx?: SxProps<Theme> };

/**
 * A record's related rows inside a `DetailSection` (a customer's contracts, a group's members): a plain table, or
 * `empty` when there are none. On a phone (< sm) each row is a card of "label: value" pairs, as DataTable's rows are
 * (QA, 390 px: the machine page's service and order tables ran off the card's edge, their goods and engineer columns
 * out of sight and squeezed one word per line); a `nowrap` table of short values (readings) scrolls sideways instead.
 * Chinese text breaks only at spaces and punctuation, never one character per line. Also a small report's rows (the
 * renewal report). Not for lists that page: those are DataTable.
 */
export function DetailTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  nowrap = false,
  cardsBelow = 'sm',
}: {
  label: string;
  columns: readonly DetailTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty: string;
  /** Short values (dates, counters): keep each on one line and scroll sideways on a phone instead of wrapping a Chinese date one character per line. */
  nowrap?: boolean;
  /**
   * Below which breakpoint the rows are cards (default `sm`, a phone). `md` for a table too wide for a tablet
   * (the renewal report's nine columns scrolled sideways from 600 to 899 px, its amounts out of sight).
   */
  cardsBelow?: 'sm' | 'md';
}) {
  // noSsr: detail pages render in the browser only (RouteDetailScreen), so the first render already has the width.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down(cardsBelow), { noSsr: true });
  if (rows.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  if (phone && !nowrap) return <DetailCards label={label} columns={columns} rows={rows} rowKey={rowKey} />;
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
              <TableCell key={c.header} align={c.align} sx={c.sx}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell key={c.header} align={c.align} sx={c.sx}>
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

/** A card's "label: value" lines (DataTable's rows below 900 px, DetailTable's below 600 px): a two-column description list. */
export function CardFields({ fields }: { fields: readonly { key: string; label: string; value: ReactNode }[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(96px, 40%) 1fr', columnGap: 1.5, rowGap: 0.75 }}>
      {fields.map((f) => (
        <Box key={f.key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {f.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {f.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** DetailTable's rows on a phone: a list named like the table, each row a card titled by its first column (its number). */
function DetailCards<Row>({ label, columns, rows, rowKey }: { label: string; columns: readonly DetailTableColumn<Row>[]; rows: readonly Row[]; rowKey: (row: Row) => string }) {
  const [first, ...rest] = columns;
  return (
    <Box component="ul" aria-label={label} data-testid="detail-cards" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {rows.map((row) => (
        <Box component="li" key={rowKey(row)} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          {first ? (
            <Typography component="div" sx={{ fontWeight: 600, mb: rest.length ? 1 : 0, overflowWrap: 'anywhere' }}>
              {/* The header is read before the value, as a table cell's would be. */}
              <Box component="span" sx={visuallyHidden}>{`${first.header}: `}</Box>
              {first.render(row)}
            </Typography>
          ) : null}
          <CardFields fields={rest.map((c) => ({ key: c.header, label: c.header, value: c.render(row) }))} />
        </Box>
      ))}
    </Box>
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
