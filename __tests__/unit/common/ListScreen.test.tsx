import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListScreen, listBodySchema } from '@/components/common/ListScreen';
import { inferFilters } from '@/components/common/listSchema';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { W1, W2, widgetFilterSchema, widgetListSchema, widgetsContract, type Widget } from './widgetContract';

const list = widgetsContract.endpoints.listWidgets;

function Widgets() {
  return (
    <ListScreen<Widget>
      endpoint={list}
      header={{ title: 'Widgets' }}
      columns={[
        { key: 'name', header: 'Name', sortable: true, render: (r) => r.name },
        { key: 'code', header: 'Code', render: (r) => r.code },
      ]}
      getRowId={(r) => r.id}
      filterConfig={{ status: { label: 'Status', optionLabel: (s) => s.toUpperCase() }, ownerId: false }}
      emptyMessage="No widgets yet."
    />
  );
}

describe('inferFilters', () => {
  it('reads the controls from the filter schema: search first, enum arrays as multi-selects, date pairs as ranges', () => {
    const defs = inferFilters(widgetFilterSchema, { status: { label: 'Status' } });
    expect(defs.map((d) => d.type)).toEqual(['search', 'multiSelect', 'dateRange']);
    expect(defs[1]).toMatchObject({ key: 'status', options: [{ value: 'draft' }, { value: 'active' }, { value: 'retired' }] });
    expect(defs[2]).toMatchObject({ fromKey: 'dateFrom', toKey: 'dateTo' });
    // `false` leaves a key without a control; `single` offers an array filter as one choice.
    expect(inferFilters(widgetFilterSchema, { q: false, dateFrom: false, status: { label: 'S', single: true } }).map((d) => d.type)).toEqual(['select']);
  });
});

describe('ListScreen', () => {
  it('shows skeletons and no pager while loading (never "0–0 of 0"), then the rows', async () => {
    server.use(endpointSuccess(list, { items: [W1, W2], total: 2 }, { delayMs: 150 }));
    renderWithProviders(<Widgets />, { route: '/widgets' });
    expect(screen.getByRole('heading', { level: 1, name: 'Widgets' })).toBeInTheDocument();
    expect(screen.getAllByTestId('data-table-skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByText(/of 0/)).not.toBeInTheDocument();
    expect(await screen.findByText('Duplex unit')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('says the list is empty, and differently when filters hide everything', async () => {
    server.use(endpointSuccess(list, { items: [], total: 0 }));
    const first = renderWithProviders(<Widgets />, { route: '/widgets' });
    expect(await screen.findByText('No widgets yet.')).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<Widgets />, { route: '/widgets?status=retired' });
    expect(await screen.findByText('No records match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('shows a failure with "try again", which loads the list', async () => {
    const user = userEvent.setup();
    server.use(endpointError(list, 'SERVICE_UNAVAILABLE', { status: 503 }));
    renderWithProviders(<Widgets />, { route: '/widgets' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The list could not be loaded')).toBeInTheDocument();
    server.use(endpointSuccess(list, { items: [W1], total: 1 }));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Duplex unit')).toBeInTheDocument();
  });

  it('keeps an array filter in the URL (one key per value) and sends it as a list', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(endpointSuccess(list, (body) => (bodies.push(body), { items: [W1], total: 1 })));
    const { memoryRouter } = renderWithProviders(<Widgets />, { route: '/widgets?status=draft' });
    await screen.findByText('Duplex unit');
    expect(bodies.at(-1)).toMatchObject({ filter: { status: ['draft'] } });
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(status).toHaveTextContent('DRAFT');
    await user.click(status);
    await user.click(screen.getByRole('option', { name: 'ACTIVE' }));
    await waitFor(() => expect(memoryRouter!.query).toEqual({ status: ['draft', 'active'] }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ filter: { status: ['draft', 'active'] } }));
    // No control for the hidden key, and the search and date range are inferred.
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /owner/i })).not.toBeInTheDocument();
  });

  it('a list whose contract declares its body lazily reads its filters and sort from the schema the screen gives', async () => {
    const lazyList = widgetsContract.endpoints.listLazyWidgets;
    const bodies: unknown[] = [];
    server.use(endpointSuccess(lazyList, (body) => (bodies.push(body), { items: [W1], total: 1 })));
    renderWithProviders(
      <ListScreen<Widget>
        endpoint={lazyList}
        schema={widgetListSchema}
        header={{ title: 'Widgets' }}
        columns={[{ key: 'name', header: 'Name', sortable: true, render: (r) => r.name }]}
        filterConfig={{ status: { label: 'Status', optionLabel: (s) => s.toUpperCase() }, ownerId: false }}
        defaults={{ sort: { field: 'name', direction: 'asc' } }}
        emptyMessage="No widgets yet."
      />,
      { route: '/widgets?status=retired&sort=-password' },
    );
    await screen.findByText('Duplex unit');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('RETIRED');
    // `password` is not among the schema's sort fields: the default sort is sent.
    expect(bodies.at(-1)).toMatchObject({ filter: { status: ['retired'] }, sort: { field: 'name', direction: 'asc' } });
  });

  it('refuses a lazily declared list body without its schema, naming the endpoint (its filters would vanish silently)', () => {
    expect(() => listBodySchema(widgetsContract.endpoints.listLazyWidgets)).toThrow('widgets.listLazyWidgets declares its body lazily');
    expect(listBodySchema(widgetsContract.endpoints.listLazyWidgets, widgetListSchema)).toBe(widgetListSchema);
    expect(listBodySchema(list)).toBe(list.body);
  });
});
