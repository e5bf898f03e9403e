import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableColumn, type DataTableQuery } from '@/components/common/DataTable';
import { renderWithProviders } from '../testUtils/render';
import { mockViewportWidth } from './viewport';

type Row = { id: string; orderNo: string; machine: string; amount: string; note: string };

const rows: Row[] = Array.from({ length: 3 }, (_, i) => ({
  id: `id-${i + 1}`,
  orderNo: `ORD-2026-00${i + 1}`,
  machine: `SN-${1000 + i}`,
  amount: `HK$${(i + 1) * 100}.00`,
  note: `note ${i + 1}`,
}));

const columns: DataTableColumn<Row, 'orderNo' | 'createdAt'>[] = [
  { key: 'orderNo', header: 'Order no.', render: (r) => r.orderNo, sortable: true },
  { key: 'date', header: 'Date', render: () => '1 Nov 2026', sortable: 'createdAt' },
  { key: 'machine', header: 'Machine', render: (r) => r.machine },
  { key: 'amount', header: 'Amount', render: (r) => r.amount, align: 'right' },
  { key: 'note', header: 'Note', render: (r) => r.note, hideOnMobile: true },
];

const baseQuery: DataTableQuery<'orderNo' | 'createdAt'> = { page: 1, pageSize: 20 };

function setup(props: Partial<Parameters<typeof DataTable<Row, 'orderNo' | 'createdAt'>>[0]> = {}, locale: 'en' | 'tc' = 'en') {
  const onQueryChange = jest.fn();
  const utils = renderWithProviders(
    <DataTable<Row, 'orderNo' | 'createdAt'> columns={columns} rows={rows} total={135} query={baseQuery} onQueryChange={onQueryChange} getRowId={(r) => r.id} label="Orders" {...props} />,
    { locale },
  );
  return { ...utils, onQueryChange };
}

describe('DataTable', () => {
  let restoreViewport: (() => void) | null = null;
  afterEach(() => {
    restoreViewport?.();
    restoreViewport = null;
  });

  it.each(['table', 'cards'] as const)(
    'renders a row again only when its data or the columns change, and a click calls the screen’s latest handler (%s)',
    async (layout) => {
      restoreViewport = mockViewportWidth(layout === 'cards' ? 390 : 1280);
      const user = userEvent.setup();
      const renderNote = jest.fn((r: Row) => r.note);
      const cols: DataTableColumn<Row, 'orderNo' | 'createdAt'>[] = [...columns.slice(0, 4), { key: 'note', header: 'Note', render: renderNote }];
      const table = (onRowClick: (r: Row) => void, list: readonly Row[] = rows) => (
        <DataTable<Row, 'orderNo' | 'createdAt'> columns={cols} rows={list} total={3} query={baseQuery} onQueryChange={jest.fn()} getRowId={(r) => r.id} label="Orders" onRowClick={onRowClick} />
      );
      const first = jest.fn();
      const { rerender } = renderWithProviders(table(first));
      const renders = renderNote.mock.calls.length;
      expect(renders).toBeGreaterThan(0);

      // The screen re-renders with a new handler (as an inline arrow does), same rows and columns: no cell renders again.
      const latest = jest.fn();
      rerender(table(latest));
      expect(renderNote.mock.calls.length).toBe(renders);
      await user.click(screen.getByText('SN-1001'));
      expect(latest).toHaveBeenCalledWith(rows[1]);
      expect(first).not.toHaveBeenCalled();

      // One row's data changes: that row renders again, the others do not.
      renderNote.mockClear();
      rerender(table(latest, rows.map((r, i) => (i === 2 ? { ...r, note: 'changed' } : r))));
      expect(renderNote.mock.calls.map(([r]) => r.id)).toEqual(['id-3']);
      expect(screen.getByText('changed')).toBeInTheDocument();
    },
  );

  it('renders the headers and one row per item', () => {
    setup();
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Order no.', 'Date', 'Machine', 'Amount', 'Note']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('ORD-2026-002')).toBeInTheDocument();
  });

  it('sorts by a column: first ascending from page 1, then descending, with aria-sort on the header', async () => {
    const user = userEvent.setup();
    const { onQueryChange, rerender } = setup({ query: { page: 3, pageSize: 20 } });
    expect(screen.getByRole('columnheader', { name: 'Order no.' })).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: 'Order no.' }));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, sort: { field: 'orderNo', direction: 'asc' } });

    // A column may sort by another field of the allow-list than its key.
    await user.click(screen.getByRole('button', { name: 'Date' }));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, sort: { field: 'createdAt', direction: 'asc' } });

    rerender(
      <DataTable columns={columns} rows={rows} total={135} query={{ page: 1, pageSize: 20, sort: { field: 'orderNo', direction: 'asc' } }} onQueryChange={onQueryChange} getRowId={(r) => r.id} label="Orders" />,
    );
    expect(screen.getByRole('columnheader', { name: /Order no\./ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Order no\./ }));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, sort: { field: 'orderNo', direction: 'desc' } });

    rerender(
      <DataTable columns={columns} rows={rows} total={135} query={{ page: 1, pageSize: 20, sort: { field: 'orderNo', direction: 'desc' } }} onQueryChange={onQueryChange} getRowId={(r) => r.id} label="Orders" />,
    );
    expect(screen.getByRole('columnheader', { name: /Order no\./ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('sorted descending')).toBeInTheDocument();
    // Columns without `sortable` have no sort button.
    expect(screen.queryByRole('button', { name: 'Machine' })).not.toBeInTheDocument();
  });

  it('pages on the server: shows the range, moves pages and changes the page size back to page 1', async () => {
    const user = userEvent.setup();
    const { onQueryChange, rerender } = setup();
    expect(screen.getByText('1–20 of 135')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 2, pageSize: 20 });

    rerender(<DataTable columns={columns} rows={rows} total={135} query={{ page: 7, pageSize: 20 }} onQueryChange={onQueryChange} getRowId={(r) => r.id} />);
    expect(screen.getByText('121–135 of 135')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(screen.getByRole('option', { name: '50' }));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 50 });
  });

  it('translates the pager in Traditional Chinese', () => {
    setup({}, 'tc');
    expect(screen.getByText('第 1–20 項，共 135 項')).toBeInTheDocument();
    expect(screen.getByText('每頁行數')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下一頁' })).toBeInTheDocument();
  });

  it('shows skeleton rows on the first load and marks the table busy', () => {
    setup({ rows: [], total: 0, loading: true, query: { page: 1, pageSize: 10 } });
    expect(screen.getAllByTestId('data-table-skeleton')).toHaveLength(5);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('keeps the current rows with a progress bar while a later page loads', () => {
    setup({ loading: true });
    expect(screen.queryByTestId('data-table-skeleton')).not.toBeInTheDocument();
    expect(screen.getByText('ORD-2026-001')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('shows the empty message (default or given) and no pager', () => {
    const { rerender, onQueryChange } = setup({ rows: [], total: 0 });
    expect(screen.getByRole('status')).toHaveTextContent('No records found.');
    expect(screen.queryByText(/of 0/)).not.toBeInTheDocument();
    rerender(<DataTable columns={columns} rows={[]} total={0} query={baseQuery} onQueryChange={onQueryChange} getRowId={(r) => r.id} emptyMessage="No orders match these filters." />);
    expect(screen.getByText('No orders match these filters.')).toBeInTheDocument();
  });

  it('shows a translated error with a retry button', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    setup({ rows: [], total: 0, error: { status: 0, code: 'NETWORK', message: 'Network Error' }, onRetry }, 'tc');
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('無法載入列表')).toBeInTheDocument();
    expect(alert).not.toHaveTextContent('Network Error');
    await user.click(within(alert).getByRole('button', { name: '重試' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('falls back to the generic error text for a code outside the catalogue', () => {
    setup({ error: { status: 500, code: 'SOMETHING_NEW', message: 'x' } });
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded');
  });

  it('links each row to its page: a real link in the first cell, and a click anywhere on the row', async () => {
    const user = userEvent.setup();
    const { router } = setup({ rowHref: (r) => `/my-orders/manage/${r.id}` });
    const link = screen.getByRole('link', { name: 'ORD-2026-002' });
    expect(link).toHaveAttribute('href', '/my-orders/manage/id-2');
    await user.click(screen.getByText('SN-1001'));
    expect(router.push).toHaveBeenCalledWith('/my-orders/manage/id-2');
  });

  it.each([
    ['en', '/my-orders/manage/id-2'],
    ['tc', '/tc/my-orders/manage/id-2'],
  ] as const)('a Ctrl-click on a row opens its page in a new tab, in the reader’s language (%s)', async (locale, opened) => {
    const user = userEvent.setup();
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    try {
      const { router } = setup({ rowHref: (r) => `/my-orders/manage/${r.id}` }, locale);
      await user.keyboard('{Control>}');
      await user.click(screen.getByText('SN-1001'));
      await user.keyboard('{/Control}');
      expect(open).toHaveBeenCalledWith(opened, '_blank', 'noopener');
      expect(router.push).not.toHaveBeenCalled();
    } finally {
      open.mockRestore();
    }
  });

  it('with onRowClick, the identifier is a button styled as a link that opens the row (keyboard too)', async () => {
    const user = userEvent.setup();
    const onRowClick = jest.fn();
    setup({ onRowClick });
    const button = screen.getByRole('button', { name: 'ORD-2026-003' });
    expect(button.closest('tr')).not.toHaveAttribute('tabindex');
    button.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick).toHaveBeenCalledWith(rows[2]);
  });

  it('identifiers stay on one line', () => {
    setup({ rowHref: (r) => `/my-orders/manage/${r.id}` });
    expect(screen.getByRole('link', { name: 'ORD-2026-001' })).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('a first column marked wrap (a title, not an identifier) may wrap', () => {
    setup({ rowHref: (r) => `/my-orders/manage/${r.id}`, columns: columns.map((c, i) => (i === 0 ? { ...c, wrap: true } : c)) });
    expect(screen.getByRole('link', { name: 'ORD-2026-001' })).toHaveStyle({ whiteSpace: 'normal', overflowWrap: 'anywhere' });
  });

  it('a click on an icon inside a button of a row does not open the row as well (one click, one action)', async () => {
    const user = userEvent.setup();
    const onRowClick = jest.fn();
    const onPdf = jest.fn();
    const withIcon: DataTableColumn<Row, 'orderNo' | 'createdAt'>[] = [
      ...columns,
      {
        key: 'pdf',
        header: 'PDF',
        render: () => (
          <button type="button" onClick={onPdf} aria-label="PDF">
            <svg data-testid="pdf-icon" width="10" height="10">
              <path d="M0 0h10v10H0z" />
            </svg>
          </button>
        ),
      },
    ];
    setup({ onRowClick, columns: withIcon, rows: rows.slice(0, 1) });
    await user.click(screen.getByTestId('pdf-icon'));
    expect(onPdf).toHaveBeenCalledTimes(1);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('renders filters and a summary in the toolbar', () => {
    setup({ filters: <input aria-label="Search orders" />, summary: <span>Outstanding HK$1,200.00</span> });
    expect(within(screen.getByRole('search')).getByRole('textbox', { name: 'Search orders' })).toBeInTheDocument();
    expect(screen.getByText('Outstanding HK$1,200.00')).toBeInTheDocument();
  });

  describe('on a phone', () => {
    let restore: () => void;
    beforeEach(() => {
      restore = mockViewportWidth(390);
    });
    afterEach(() => restore());

    it('shows a card per row with "label: value" pairs instead of a table', () => {
      setup({ rowHref: (r) => `/my-orders/manage/${r.id}` });
      expect(screen.getByTestId('data-table')).toHaveAttribute('data-layout', 'cards');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const list = screen.getByRole('list', { name: 'Orders' });
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(3);
      const second = cards[1]!;
      expect(within(second).getByRole('link', { name: 'ORD-2026-002' })).toHaveAttribute('href', '/my-orders/manage/id-2');
      const terms = within(second).getAllByRole('term').map((el) => el.textContent);
      const values = within(second).getAllByRole('definition').map((el) => el.textContent);
      expect(terms).toEqual(['Date', 'Machine', 'Amount']);
      expect(values).toEqual(['1 Nov 2026', 'SN-1001', 'HK$200.00']);
      // hideOnMobile columns are left out of the card.
      expect(within(second).queryByText('note 2')).not.toBeInTheDocument();
    });

    it("shows a `hideOnMobile: 'whenEmpty'` column on the cards of rows that have a value (QA: a rejection's reason was hidden on phones)", () => {
      const withComment: DataTableColumn<Row, 'orderNo' | 'createdAt'>[] = [
        ...columns,
        { key: 'comment', header: 'Our comment', hideOnMobile: 'whenEmpty', render: (r) => (r.id === 'id-2' ? 'The address proof is unreadable.' : r.id === 'id-3' ? '—' : '') },
      ];
      setup({ columns: withComment });
      const [first, second, third] = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');
      const termsOf = (card: HTMLElement) => within(card).getAllByRole('term').map((el) => el.textContent);
      expect(termsOf(second!)).toEqual(['Date', 'Machine', 'Amount', 'Our comment']);
      expect(within(second!).getAllByRole('definition').at(-1)).toHaveTextContent('The address proof is unreadable.');
      // No empty "Our comment" line on the cards of rows without one ('' or a dash).
      expect(termsOf(first!)).toEqual(['Date', 'Machine', 'Amount']);
      expect(termsOf(third!)).toEqual(['Date', 'Machine', 'Amount']);
      // `true` still leaves a column out of every card.
      expect(within(second!).queryByText('note 2')).not.toBeInTheDocument();
    });

    it('puts the status beside the identifier at the top of the card', () => {
      const withStatus: DataTableColumn<Row, 'orderNo' | 'createdAt'>[] = [...columns, { key: 'status', header: 'Status', render: () => 'Overdue' }];
      setup({ columns: withStatus, rowHref: (r) => `/my-orders/manage/${r.id}` });
      const card = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem')[0]!;
      const header = card.querySelector('[data-card-header="status"]');
      expect(header).toHaveTextContent('Status: Overdue');
      expect(within(card).getAllByRole('term').map((el) => el.textContent)).not.toContain('Status');
    });

    it('offers sorting through a select', async () => {
      const user = userEvent.setup();
      const { onQueryChange } = setup();
      await user.click(screen.getByRole('combobox', { name: 'Sort order' }));
      await user.click(screen.getByRole('option', { name: /Date ↓/ }));
      expect(onQueryChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, sort: { field: 'createdAt', direction: 'desc' } });
    });

    it('says "Default order" in the sort select when the list has no sort of its own (it showed an empty box)', () => {
      setup();
      const select = screen.getByRole('combobox', { name: 'Sort order' });
      expect(select).toHaveTextContent('Default order');
    });

    it('says "Default order" too when the sort is not one the columns offer', () => {
      setup({ query: { page: 1, pageSize: 20, sort: { field: 'status' as never, direction: 'desc' } } });
      expect(screen.getByRole('combobox', { name: 'Sort order' })).toHaveTextContent('Default order');
    });

    it('shows the current sort in the select, with full-width brackets in Chinese (QA walk: "Date ↓ (降序排列)")', () => {
      const { unmount } = setup({ query: { page: 1, pageSize: 20, sort: { field: 'createdAt', direction: 'desc' } } }, 'tc');
      expect(screen.getByRole('combobox', { name: '排序' })).toHaveTextContent(/^Date ↓（降序排列）$/);
      unmount();
      setup({ query: { page: 1, pageSize: 20, sort: { field: 'createdAt', direction: 'asc' } } });
      expect(screen.getByRole('combobox', { name: 'Sort order' })).toHaveTextContent(/^Date ↑ \(sorted ascending\)$/);
    });

    it('keeps cards up to 900 px (tablets, 200 % zoom), the table from 900 px', () => {
      restore();
      restore = mockViewportWidth(683);
      const { unmount } = setup();
      expect(screen.getByTestId('data-table')).toHaveAttribute('data-layout', 'cards');
      unmount();
      restore();
      restore = mockViewportWidth(900);
      setup();
      expect(screen.getByTestId('data-table')).toHaveAttribute('data-layout', 'table');
    });

    it('shows loading, empty and error states in the card layout too', () => {
      const { rerender, onQueryChange } = setup({ rows: [], total: 0, loading: true });
      expect(screen.getAllByTestId('data-table-skeleton').length).toBeGreaterThan(0);
      rerender(<DataTable columns={columns} rows={[]} total={0} query={baseQuery} onQueryChange={onQueryChange} getRowId={(r) => r.id} />);
      expect(screen.getByRole('status')).toHaveTextContent('No records found.');
      rerender(<DataTable columns={columns} rows={[]} total={0} query={baseQuery} onQueryChange={onQueryChange} getRowId={(r) => r.id} error={{ status: 503, code: 'SERVICE_UNAVAILABLE', message: '' }} />);
      expect(screen.getByRole('alert')).toBeInTheDocument();
    });
  });
});
