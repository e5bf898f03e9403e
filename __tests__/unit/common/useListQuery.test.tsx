import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { z } from 'zod';
import { DataTable } from '@/components/common/DataTable';
import { FilterBar, SEARCH_DEBOUNCE_MS } from '@/components/common/FilterBar';
import { useListQuery } from '@/components/common/useListQuery';
import { defineContract, output, query } from '@/lib/contract';
import { isoDateSchema, listQuerySchema, searchTextSchema, type ListResult } from '@/lib/listQuery';
import { useLoadingStore } from '@/store/loadingStore';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';

type Item = { id: string; name: string; status: string };

const SORT_FIELDS = ['name', 'createdAt'] as const;
const filterSchema = z.strictObject({
  status: z.array(z.enum(['pending', 'paid'])).max(2).optional(),
  q: searchTextSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  minQty: z.number().int().min(1).optional(),
});
/** What the server would validate the body with: every request the hook sends must pass it. */
const bodySchema = listQuerySchema(SORT_FIELDS, filterSchema);
type Body = z.infer<typeof bodySchema>;
type Filter = NonNullable<Body['filter']>;

const listItems = (body: Body): ListResult<Item> => ({
  items: Array.from({ length: 2 }, (_, i) => ({ id: `${body.page}-${i}`, name: `Item p${body.page} #${i} ${body.filter?.q ?? ''}`.trim(), status: 'pending' })),
  total: 45,
});

/** Records every body and answers after `delayFor(body)` ms. */
function listHandler(delayFor: (body: Body) => number = () => 0) {
  const bodies: Body[] = [];
  server.use(
    http.post(testContract.endpoints.list.path, async ({ request }) => {
      const body = bodySchema.parse(await request.json());
      bodies.push(body);
      await delay(delayFor(body));
      return HttpResponse.json({ status: 'success', data: listItems(body), traceId: 't' });
    }),
  );
  return bodies;
}

/** A contract endpoint like a feature's list. */
const testContract = defineContract('test', {
  list: query({ summary: 'test list', permission: 'authenticated', body: bodySchema, output: output<ListResult<Item>>() }),
});

function ListScreen() {
  const list = useListQuery<Item, (typeof SORT_FIELDS)[number], Filter>(testContract.endpoints.list, {
    sort: { field: 'createdAt', direction: 'desc' },
    sortFields: SORT_FIELDS,
    filterSchema,
  });
  return (
    <DataTable
      {...list.tableProps}
      label="Things"
      getRowId={(r) => r.id}
      columns={[
        { key: 'name', header: 'Name', render: (r) => r.name, sortable: true },
        { key: 'status', header: 'Status', render: (r) => r.status },
      ]}
      filters={
        <FilterBar
          value={list.query.filter}
          onChange={list.setFilter}
          onClear={list.clearFilter}
          onInvalidChange={list.setFilterInvalid}
          filters={[
            { type: 'search', key: 'q' },
            { type: 'multiSelect', key: 'status', label: 'Status', options: [{ value: 'pending', label: 'Pending' }, { value: 'paid', label: 'Paid' }] },
            { type: 'dateRange', fromKey: 'from', toKey: 'to' },
          ]}
        />
      }
    />
  );
}

describe('useListQuery', () => {
  it('loads the list described by the URL, dropping values the list does not allow', async () => {
    const bodies = listHandler();
    renderWithProviders(<ListScreen />, { route: '/things?page=3&pageSize=50&sort=name&status=paid&q=toner&minQty=2&bogus=1&from=2026-02-31' });
    expect(await screen.findByText('Item p3 #0 toner')).toBeInTheDocument();
    expect(bodies).toEqual([{ page: 3, pageSize: 50, sort: { field: 'name', direction: 'asc' }, filter: { status: ['paid'], q: 'toner', minQty: 2 } }]);
  });

  it('a page past the end of a list that has rows goes to its last page (not "no records" under "1961–45 of 45")', async () => {
    const bodies: Body[] = [];
    server.use(
      http.post(testContract.endpoints.list.path, async ({ request }) => {
        const body = bodySchema.parse(await request.json());
        bodies.push(body);
        const data = body.page > 3 ? { items: [], total: 45 } : listItems(body);
        return HttpResponse.json({ status: 'success', data, traceId: 't' });
      }),
    );
    const { memoryRouter } = renderWithProviders(<ListScreen />, { route: '/things?page=99' });
    expect(await screen.findByText('Item p3 #0')).toBeInTheDocument();
    expect(bodies.map((b) => b.page)).toEqual([99, 3]);
    expect(memoryRouter!.query.page).toBe('3');
  });

  it('uses the defaults with a bare URL and ignores an unknown sort field or a bad page', async () => {
    const bodies = listHandler();
    renderWithProviders(<ListScreen />, { route: '/things?sort=-password&page=0&status=shipped' });
    await screen.findByText('Item p1 #0');
    expect(bodies).toEqual([{ page: 1, pageSize: 20, sort: { field: 'createdAt', direction: 'desc' } }]);
  });

  it('keeps paging, sorting and filters in the URL (replace, shallow) and resets to page 1 on a filter', async () => {
    const user = userEvent.setup();
    const bodies = listHandler();
    const { memoryRouter } = renderWithProviders(<ListScreen />, { route: '/things?keep=me' });
    await screen.findByText('Item p1 #0');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('Item p2 #0');
    expect(memoryRouter!.query).toEqual({ keep: 'me', page: '2' });

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(memoryRouter!.query).toEqual({ keep: 'me', sort: 'name' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Paid' }));
    await waitFor(() => expect(memoryRouter!.query).toEqual({ keep: 'me', sort: 'name', status: ['paid'] }));

    fireDate(screen.getByLabelText('From'), '2026-10-01');
    await waitFor(() => expect(memoryRouter!.query).toMatchObject({ from: '2026-10-01' }));

    await waitFor(() => expect(bodies.at(-1)).toEqual({ page: 1, pageSize: 20, sort: { field: 'name', direction: 'asc' }, filter: { status: ['paid'], from: '2026-10-01' } }));

    // An array filter: a second status joins the first, in the URL and in the body.
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(memoryRouter!.query).toMatchObject({ status: ['paid', 'pending'] }));
    await waitFor(() => expect(bodies.at(-1)?.filter?.status).toEqual(['paid', 'pending']));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(memoryRouter!.query).toEqual({ keep: 'me', sort: 'name' }));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('an inverted date range asks nothing and claims no empty result: only the date field says what is wrong', async () => {
    const bodies = listHandler();
    const { memoryRouter } = renderWithProviders(<ListScreen />, { route: '/things?status=paid&from=2026-11-01&to=2026-01-01' });
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(bodies).toEqual([]);
    expect(screen.queryByText('No records found.')).toBeNull();
    expect(screen.queryByRole('alert', { name: /error/i })).toBeNull();
    // Not an empty table under its header: the list says why it shows nothing.
    expect(screen.getByText('Correct the dates in the filters to see results.')).toBeInTheDocument();

    // The range put right: the list is asked with it.
    await act(async () => {
      await memoryRouter!.replace('/things?status=paid&from=2026-01-01&to=2026-11-01');
    });
    expect(await screen.findByText('Item p1 #0')).toBeInTheDocument();
    expect(bodies).toEqual([{ page: 1, pageSize: 20, sort: { field: 'createdAt', direction: 'desc' }, filter: { status: ['paid'], from: '2026-01-01', to: '2026-11-01' } }]);
    expect(screen.queryByText('The end date is before the start date.')).toBeNull();

    // Inverted again: the rows of the earlier range are not shown as if they matched.
    await act(async () => {
      await memoryRouter!.replace('/things?status=paid&from=2026-11-02&to=2026-11-01');
    });
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(screen.queryByText('Item p1 #0')).toBeNull();
    expect(bodies).toHaveLength(1);
  });

  it('a date box left with text that is not a date says so, asks nothing and replaces a stale "end before start"', async () => {
    const user = userEvent.setup();
    const bodies = listHandler();
    renderWithProviders(<ListScreen />, { route: '/things?from=2026-11-30&to=2026-01-01' });
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(screen.getByText('Correct the dates in the filters to see results.')).toBeInTheDocument();

    const fromBox = screen.getByLabelText<HTMLInputElement>('From');
    // Typed over the whole date (selected), as a user changes it.
    await user.type(fromBox, '99/99/9999', { initialSelectionStart: 0, initialSelectionEnd: fromBox.value.length });
    await user.tab();
    expect(await screen.findByText('Enter a valid date.')).toBeInTheDocument();
    expect(fromBox).toHaveAttribute('aria-invalid', 'true');
    // The other box's message was about the date no longer shown.
    expect(screen.queryByText('The end date is before the start date.')).toBeNull();
    expect(screen.getByText('Correct the dates in the filters to see results.')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(bodies).toEqual([]);

    // A real date: the list is asked with the corrected range.
    await user.clear(fromBox);
    await user.type(fromBox, '1/1/2025');
    await user.tab();
    expect(await screen.findByText('Item p1 #0')).toBeInTheDocument();
    expect(screen.queryByText('Enter a valid date.')).toBeNull();
    expect(bodies.at(-1)?.filter).toEqual({ from: '2025-01-01', to: '2026-01-01' });
  });

  it('garbage typed into an empty date box holds the list back too, instead of showing it unfiltered', async () => {
    const user = userEvent.setup();
    const bodies = listHandler();
    renderWithProviders(<ListScreen />, { route: '/things' });
    await screen.findByText('Item p1 #0');
    await user.type(screen.getByLabelText('From'), 'hello');
    await user.tab();
    expect(await screen.findByText('Enter a valid date.')).toBeInTheDocument();
    expect(await screen.findByText('Correct the dates in the filters to see results.')).toBeInTheDocument();
    expect(screen.queryByText('Item p1 #0')).toBeNull();
    expect(bodies).toHaveLength(1);

    // "Clear filters" empties the box and brings the list back.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Item p1 #0')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.queryByText('Enter a valid date.')).toBeNull();
  });

  it('debounces the text search: one request after typing pauses', async () => {
    const user = userEvent.setup();
    const bodies = listHandler();
    const { memoryRouter } = renderWithProviders(<ListScreen />, { route: '/things' });
    await screen.findByText('Item p1 #0');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'toner');
    expect(bodies).toHaveLength(1);
    await act(() => new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 50)));
    await screen.findByText('Item p1 #0 toner');
    expect(memoryRouter!.query).toEqual({ q: 'toner' });
    expect(bodies.map((b) => b.filter?.q)).toEqual([undefined, 'toner']);
  });

  it('ignores a stale answer that arrives after a newer one', async () => {
    const user = userEvent.setup();
    // Page 1 answers slowly, page 2 at once: the slow page-1 answer must not overwrite page 2.
    const bodies = listHandler((body) => (body.page === 2 ? 0 : 400));
    const { memoryRouter } = renderWithProviders(<ListScreen />, { route: '/things' });
    await screen.findByText('Item p1 #0', undefined, { timeout: 2000 });

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(memoryRouter!.query).toEqual({ page: '2' });
    await screen.findByText('Item p2 #0');
    // Let every slow answer arrive, then check nothing replaced the newest.
    await act(() => new Promise((r) => setTimeout(r, 600)));
    expect(screen.getByText('Item p2 #0')).toBeInTheDocument();
    expect(screen.queryByText('Item p1 #0')).not.toBeInTheDocument();
    expect(bodies.map((b) => b.page)).toEqual([1, 2, 1, 2]);
  });

  it('reads an array filter from a URL with repeated keys', async () => {
    const bodies = listHandler();
    renderWithProviders(<ListScreen />, { route: '/things?status=paid&status=pending' });
    await screen.findByText('Item p1 #0');
    expect(bodies[0]?.filter).toEqual({ status: ['paid', 'pending'] });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Paid, Pending');
  });

  it('shows no pager while the first page loads (never "0–0 of 0")', async () => {
    listHandler(() => 200);
    renderWithProviders(<ListScreen />, { route: '/things' });
    expect(screen.getAllByTestId('data-table-skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByText(/0–0 of 0/)).not.toBeInTheDocument();
    await screen.findByText('Item p1 #0');
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
  });

  it('loads silently: the global loading overlay stays off (the table shows its own state)', async () => {
    listHandler(() => 100);
    renderWithProviders(<ListScreen />, { route: '/things' });
    expect(screen.getAllByTestId('data-table-skeleton').length).toBeGreaterThan(0);
    expect(useLoadingStore.getState().pending).toBe(0);
    await screen.findByText('Item p1 #0');
  });

  it('shows an error and loads again on retry', async () => {
    const user = userEvent.setup();
    const bodies = listHandler();
    // Added last, so it answers first (msw prepends), once.
    server.use(http.post(testContract.endpoints.list.path, () => HttpResponse.json({ status: 'error', error: { code: 'SERVICE_UNAVAILABLE', message: 'db down' }, traceId: 't' }, { status: 503 }), { once: true }));
    renderWithProviders(<ListScreen />, { route: '/things' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The list could not be loaded')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Item p1 #0')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });
});

/** Native date inputs take a value, not keystrokes, in jsdom. */
function fireDate(input: HTMLElement, value: string) {
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
