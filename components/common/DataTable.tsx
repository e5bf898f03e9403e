import { visuallyHidden } from './visuallyHidden';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'next-i18next/pages';
import type { ApiError } from '@/lib/api/types';
import { errorKey } from '@/lib/errors';
import { PAGE_SIZE_OPTIONS, type ListSort, type SortDirection } from '@/lib/listQuery';
import { CardFields } from './DetailParts';
import { StateMessage } from './StateMessage';
import { withLocale } from '@/lib/paths';

export type DataTableColumn<T, S extends string = string> = {
  /** Unique within the table; also the sort field when `sortable` is `true`. */
  key: string;
  /** Column heading, already translated. */
  header: string;
  render: (row: T) => ReactNode;
  /** `true` sorts by `key`; a string sorts by that field of the endpoint's sort allow-list. */
  sortable?: boolean | S;
  width?: number | string;
  /**
   * On the phone card: `true` leaves the column out (secondary details); `'whenEmpty'` shows it only on the cards of
   * rows that have a value for it (a rejection's reason, a reviewer's comment: what a customer must see without
   * opening the row, but an empty "Comment" line on every other card would be noise). Empty: `render` gives nothing,
   * `''`, or a dash (`—`, `–`, `-`).
   */
  hideOnMobile?: boolean | 'whenEmpty';
  align?: 'left' | 'right' | 'center';
  /**
   * Shown beside the card's title on phones and narrow windows (a status chip, so it is seen first). Defaults to
   * `true` for the column keyed `status`.
   */
  inCardHeader?: boolean;
  /**
   * First column only: it is prose (a message's title) rather than an identifier, so it wraps instead of staying on
   * one line. A long title kept on one line pushed the other columns (status, send time) off the screen.
   */
  wrap?: boolean;
};

/** The part of a list query the table controls. */
export type DataTableQuery<S extends string = string> = { page: number; pageSize: number; sort?: ListSort<S> };

export type DataTableProps<T, S extends string = string> = {
  columns: readonly DataTableColumn<T, S>[];
  rows: readonly T[];
  /** All matches on the server (for the pager). */
  total: number;
  query: DataTableQuery<S>;
  onQueryChange: (next: DataTableQuery<S>) => void;
  getRowId: (row: T) => string;
  loading?: boolean;
  error?: ApiError | null;
  onRetry?: () => void;
  /** Shown when there are no rows (default `ui.table.empty`); say "no matches" when filters are set. */
  emptyMessage?: string;
  /**
   * The list was not asked: its filter cannot match or cannot be read (a date range that ends before it starts, a date
   * box holding no date, which the filter bar says on its field). No rows and no "no matches" message, which would
   * claim that nothing matched: "Correct the dates to see results." instead.
   */
  notAsked?: boolean;
  /** Detail page of a row: the first column becomes a link, and a click anywhere on the row follows it. */
  rowHref?: (row: T) => string;
  /** Alternative to `rowHref` for rows that open something in place (a dialog). */
  onRowClick?: (row: T) => void;
  /** Filter controls (usually a <FilterBar/>), shown in a toolbar above the table. */
  filters?: ReactNode;
  /** Totals or notes about the whole result, shown between the toolbar and the rows. */
  summary?: ReactNode;
  /** Accessible name of the table (e.g. the page title). */
  label?: string;
  pageSizeOptions?: readonly number[];
};

/** A rendered cell with nothing to say: left out of a phone card by `hideOnMobile: 'whenEmpty'`. */
const isEmptyCell = (content: ReactNode): boolean =>
  content === null || content === undefined || content === false || (typeof content === 'string' && ['', '—', '–', '-'].includes(content.trim()));

const sortFieldOf = <T, S extends string>(column: DataTableColumn<T, S>): S | null => {
  if (!column.sortable) return null;
  return column.sortable === true ? (column.key as S) : column.sortable;
};

/** Clicks on links, buttons and form controls inside a row do their own thing, not the row's. */
const isFromInteractive = (target: EventTarget | null, row: Element): boolean => {
  // An icon's <svg>/<path> is an Element, not an HTMLElement: start from any element (the PDF icon opened the row too).
  let el = target instanceof Element ? target : null;
  while (el && el !== row) {
    if (el.matches('a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [role="menuitem"]')) return true;
    el = el.parentElement;
  }
  return false;
};

/** How a row opens: a link to its page (`href`, computed per row by the table) or a click handler. */
type RowOpen<T> = { kind: 'href' } | { kind: 'click'; clickRow: (row: T) => void };

type RowProps<T, S extends string> = {
  row: T;
  rowId: string;
  /** The row's page, when rows are links. */
  href: string | undefined;
  columns: readonly DataTableColumn<T, S>[];
  open: RowOpen<T> | null;
  onOpen: (row: T, event: MouseEvent<HTMLElement>) => void;
};

/**
 * The first column is the row's identifier: on one line, and a link to the row's page (or a link-styled button that
 * opens it in place), so every row has a real, focusable control for keyboards and readers and looks clickable.
 */
function renderCell<T, S extends string>(column: DataTableColumn<T, S>, row: T, index: number, href: string | undefined, open: RowOpen<T> | null): ReactNode {
  const content = column.render(row);
  if (index !== 0) return content;
  const whiteSpace = column.wrap ? ({ whiteSpace: 'normal', overflowWrap: 'anywhere' } as const) : ({ whiteSpace: 'nowrap' } as const);
  if (href !== undefined) {
    return (
      <Link component={NextLink} href={href} underline="hover" sx={{ fontWeight: 600, ...whiteSpace }}>
        {content}
      </Link>
    );
  }
  if (open?.kind === 'click') {
    return (
      <Link component="button" type="button" underline="hover" onClick={() => open.clickRow(row)} sx={{ fontWeight: 600, ...whiteSpace, textAlign: 'left', font: 'inherit', verticalAlign: 'baseline' }}>
        {content}
      </Link>
    );
  }
  return <Box component="span" sx={whiteSpace}>{content}</Box>;
}

const inCardHeader = <T, S extends string>(c: DataTableColumn<T, S>) => c.inCardHeader ?? c.key === 'status';

/**
 * One row of the desktop table. Memoised: the screen around a list re-renders for its own reasons (another query's
 * answer, a dialog's URL parameter), and re-rendering every cell of every row each time doubled a list page's work
 * while it loaded (docs/performance.md "Re-renders while a page loads"). It renders again when its row object (the
 * query layer keeps unchanged rows' objects across refetches), the columns, its link or the way rows open change.
 */
const DataTableRow = memo(function DataTableRow<T, S extends string>({ row, rowId, href, columns, open, onOpen }: RowProps<T, S>) {
  const isClickable = open !== null;
  return (
    <TableRow data-row-id={rowId} hover={isClickable} onClick={isClickable ? (e) => onOpen(row, e) : undefined} sx={{ cursor: isClickable ? 'pointer' : undefined }}>
      {columns.map((column, i) => (
        <TableCell key={column.key} align={column.align} sx={{ width: column.width }}>
          {renderCell(column, row, i, href, open)}
        </TableCell>
      ))}
    </TableRow>
  );
}) as <T, S extends string>(props: RowProps<T, S>) => ReactNode;

/** One row as a phone card of "label: value" pairs; memoised like DataTableRow. */
const DataTableCard = memo(function DataTableCard<T, S extends string>({ row, rowId, href, columns, open, onOpen }: RowProps<T, S>) {
  const isClickable = open !== null;
  const [first, ...rest] = columns;
  return (
    <Paper
      component="li"
      variant="outlined"
      data-row-id={rowId}
      onClick={isClickable ? (e: MouseEvent<HTMLElement>) => onOpen(row, e) : undefined}
      sx={{ p: 2, cursor: isClickable ? 'pointer' : undefined, '&:hover': isClickable ? { bgcolor: 'action.hover' } : undefined }}
    >
      {first ? (
        <Box sx={{ mb: 1, fontWeight: 600, display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          {renderCell(first, row, 0, href, open)}
          {rest.filter(inCardHeader).map((c) => (
            <Box key={c.key} data-card-header={c.key}>
              <Box component="span" sx={visuallyHidden}>{`${c.header}: `}</Box>
              {c.render(row)}
            </Box>
          ))}
        </Box>
      ) : null}
      <CardFields
        fields={rest
          .filter((c) => c.hideOnMobile !== true && !inCardHeader(c))
          .map((c) => ({ c, content: c.render(row) }))
          .filter(({ c, content }) => c.hideOnMobile !== 'whenEmpty' || !isEmptyCell(content))
          .map(({ c, content }) => ({ key: c.key, label: c.header, value: content }))}
      />
    </Paper>
  );
}) as <T, S extends string>(props: RowProps<T, S>) => ReactNode;

/**
 * The one list component (DESIGN.md convention 7: lists are configuration). Server paging and sorting are driven by
 * `query` / `onQueryChange` (keep them in the URL with `useListQuery`); the table renders loading, empty and error
 * states itself, and on phones (< sm) shows each row as a card of "label: value" pairs.
 */
export function DataTable<T, S extends string = string>({
  columns,
  rows,
  total,
  query,
  onQueryChange,
  getRowId,
  loading = false,
  error = null,
  onRetry,
  emptyMessage,
  notAsked = false,
  rowHref,
  onRowClick,
  filters,
  summary,
  label,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
}: DataTableProps<T, S>) {
  const { t } = useTranslation(['common', 'error']);
  const theme = useTheme();
  // noSsr: read the real width on the first render (no table→cards flash on phones). Safe because screens render only
  // in the browser, after the _app guard has the session; prerendered HTML never contains a list.
  // Cards below md (900 px): phones, tablets and a desktop window at 200 % zoom, where columns would scroll off-screen.
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const isNarrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const router = useRouter();

  const isInitialLoad = loading && rows.length === 0 && !error;
  const isEmpty = !loading && !error && rows.length === 0 && !notAsked;
  const skeletonCount = Math.min(query.pageSize, 5);

  // The latest row handlers, for the memoised rows: their clicks call what the screen passed on its last render (a
  // handler closing over an older URL query would put that query back), while the rows themselves re-render only when
  // their data, the columns or the layout change.
  const handlers = useRef({ rowHref, onRowClick, router });
  useLayoutEffect(() => {
    handlers.current = { rowHref, onRowClick, router };
  });
  const openRow = useCallback((row: T, event: MouseEvent<HTMLElement>) => {
    if (isFromInteractive(event.target, event.currentTarget)) return;
    // A text selection is not a click on the row.
    if (typeof window !== 'undefined' && window.getSelection()?.toString()) return;
    const { rowHref: hrefOf, onRowClick: onClick, router: r } = handlers.current;
    if (hrefOf) {
      const href = hrefOf(row);
      // A new tab is opened by the browser, not Next's router: it needs the locale's prefix (a tc reader got the en page).
      if (event.ctrlKey || event.metaKey) window.open(withLocale(href, r.locale, r.defaultLocale), '_blank', 'noopener');
      else void r.push(href);
      return;
    }
    onClick?.(row);
  }, []);
  const clickRow = useCallback((row: T) => handlers.current.onRowClick?.(row), []);
  const openKind = rowHref ? 'href' : onRowClick ? 'click' : null;
  const rowOpen = useMemo<RowOpen<T> | null>(() => (openKind === 'href' ? { kind: 'href' } : openKind === 'click' ? { kind: 'click', clickRow } : null), [openKind, clickRow]);

  const changeSort = (field: S) => {
    const direction: SortDirection = query.sort?.field === field && query.sort.direction === 'asc' ? 'desc' : 'asc';
    onQueryChange({ ...query, page: 1, sort: { field, direction } });
  };

  const sortOptions = useMemo(
    () =>
      columns.flatMap((c) => {
        const field = sortFieldOf(c);
        return field ? [{ field, header: c.header }] : [];
      }),
    [columns],
  );

  const pager = (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, query.page - 1)}
      rowsPerPage={query.pageSize}
      rowsPerPageOptions={[...pageSizeOptions]}
      onPageChange={(_e, page) => onQueryChange({ ...query, page: page + 1 })}
      onRowsPerPageChange={(e) => onQueryChange({ ...query, page: 1, pageSize: Number(e.target.value) })}
      labelRowsPerPage={t('ui.table.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        count === -1 ? t('ui.table.displayedRowsMore', { from, to }) : t('ui.table.displayedRows', { from, to, count })
      }
      getItemAriaLabel={(type) => t(`ui.table.${type}Page`)}
      showFirstButton={!isNarrow}
      showLastButton={!isNarrow}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: { xs: 1, sm: 2 } } }}
    />
  );

  const stateMessage = error ? (
    <StateMessage
      role="alert"
      variant="inline"
      headingComponent="h2"
      title={t('ui.table.errorTitle')}
      action={
        onRetry ? (
          <Button variant="outlined" onClick={onRetry}>
            {t('ui.retry')}
          </Button>
        ) : undefined
      }
    >
      {t(errorKey(error.code))}
    </StateMessage>
  ) : isEmpty ? (
    <StateMessage variant="inline" headingComponent="p" title={emptyMessage ?? t('ui.table.empty')} />
  ) : notAsked && !loading ? (
    <StateMessage variant="inline" headingComponent="p" title={t('ui.table.notAsked')} />
  ) : null;

  // No sort of the list's own (the server's default order, e.g. "pending first"), or one no column offers: the
  // select says "Default order". A value that is not among its items left the box empty on phones.
  const sortValue = query.sort && sortOptions.some((o) => o.field === query.sort!.field) ? `${query.sort.field}:${query.sort.direction}` : '';

  const phoneList = (
    <Box>
      {sortOptions.length > 0 ? (
        <Box sx={{ px: 2, pt: 2 }}>
          <TextField
            select
            size="small"
            fullWidth
            label={t('ui.table.sort')}
            value={sortValue}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            onChange={(e) => {
              const [field, direction] = e.target.value.split(':') as [S, SortDirection];
              onQueryChange({ ...query, page: 1, sort: { field, direction } });
            }}
          >
            {sortValue === '' ? <MenuItem value="">{t('ui.table.noSort')}</MenuItem> : null}
            {sortOptions.flatMap(({ field, header }) => [
              // The translation writes the brackets: full-width in Chinese (QA walk: "訂購日期 ↓ (降序排列)").
              <MenuItem key={`${field}:asc`} value={`${field}:asc`}>{t('ui.table.sortOption', { column: header, arrow: '↑', direction: t('ui.table.sortedAscending') })}</MenuItem>,
              <MenuItem key={`${field}:desc`} value={`${field}:desc`}>{t('ui.table.sortOption', { column: header, arrow: '↓', direction: t('ui.table.sortedDescending') })}</MenuItem>,
            ])}
          </TextField>
        </Box>
      ) : null}
      {stateMessage ?? (
        <Box component="ul" aria-label={label ?? t('ui.table.listLabel')} aria-busy={loading || undefined} data-testid="data-table-cards" sx={{ listStyle: 'none', m: 0, p: 2, display: 'grid', gap: 1.5 }}>
          {isInitialLoad
            ? Array.from({ length: skeletonCount }, (_, i) => (
                <Box component="li" key={`skeleton-${i}`} data-testid="data-table-skeleton">
                  <Skeleton variant="rounded" height={96} />
                </Box>
              ))
            : rows.map((row) => (
                <DataTableCard<T, S>
                  key={getRowId(row)}
                  row={row}
                  rowId={getRowId(row)}
                  href={rowHref?.(row)}
                  columns={columns}
                  open={rowOpen}
                  onOpen={openRow}
                />
              ))}
        </Box>
      )}
    </Box>
  );

  const desktopTable = (
    <TableContainer>
      <Table size="medium" aria-label={label} aria-busy={loading || undefined}>
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const field = sortFieldOf(column);
              const isSorted = field !== null && query.sort?.field === field;
              const direction = isSorted ? query.sort!.direction : 'asc';
              return (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sx={{ width: column.width, fontWeight: 600, whiteSpace: 'nowrap' }}
                  sortDirection={isSorted ? direction : false}
                >
                  {field ? (
                    <TableSortLabel active={isSorted} direction={direction} onClick={() => changeSort(field)}>
                      {column.header}
                      {isSorted ? (
                        <Box component="span" sx={visuallyHidden}>
                          {direction === 'desc' ? t('ui.table.sortedDescending') : t('ui.table.sortedAscending')}
                        </Box>
                      ) : null}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {stateMessage ? (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ borderBottom: 0 }}>
                {stateMessage}
              </TableCell>
            </TableRow>
          ) : isInitialLoad ? (
            Array.from({ length: skeletonCount }, (_, i) => (
              <TableRow key={`skeleton-${i}`} data-testid="data-table-skeleton">
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align}>
                    <Skeleton variant="text" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : (
            rows.map((row) => (
              <DataTableRow<T, S> key={getRowId(row)} row={row} rowId={getRowId(row)} href={rowHref?.(row)} columns={columns} open={rowOpen} onOpen={openRow} />
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="data-table" data-layout={isPhone ? 'cards' : 'table'}>
      {filters ? (
        <Box role="search" aria-label={t('ui.filter.title')} sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
          {filters}
        </Box>
      ) : null}
      {summary ? <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>{summary}</Box> : null}
      {/* A thin bar while a later page loads over the current rows (the first load shows skeletons instead). */}
      <Box sx={{ height: 4 }}>{loading && !isInitialLoad ? <LinearProgress aria-label={t('ui.table.loading')} /> : null}</Box>
      {isPhone ? phoneList : desktopTable}
      {/* No pager without rows: never "0–0 of 0" while the first page loads. */}
      {error || (rows.length === 0 && total === 0) ? null : pager}
    </Paper>
  );
}
