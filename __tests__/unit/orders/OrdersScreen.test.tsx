import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrdersScreen } from '@/components/orders/OrdersScreen';
import { mockViewportWidth } from '../common/viewport';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { ordersContract } from '@/lib/orders/contract';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { machine, orderRow, products } from './orderFixtures';

const LIST = ordersContract.endpoints.listOrders;

const rows = [
  orderRow(),
  orderRow({
    id: '5eed0030-0000-4000-8000-000000000002',
    orderNo: 'SO-2026-001280',
    orderType: 'supplies',
    status: 'delivered',
    itemCount: 1,
    firstItemEn: 'A4 copy paper 80 gsm, box of 5 reams (2,500 sheets)',
    firstItemZh: 'A4 影印紙 80克，每箱5令（2,500張）',
    totalCents: 195_000,
    machine: null,
  }),
];

/** Answers the list and records every request body. */
function answerList(items = rows, total = items.length) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    endpointSuccess(LIST, { items, total }, {
      onRequest: (req) => {
        void req.clone().json().then((b) => bodies.push(b as Record<string, unknown>));
      },
    }),
  );
  return bodies;
}

describe('OrdersScreen', () => {
  it('renders one row per order with number, date, type, machine, items summary, total and status', async () => {
    const bodies = answerList();
    renderWithProviders(<OrdersScreen />, { route: '/my-orders/manage', functionCodes: ['mgt_order_read'] });
    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByText('SO-2026-001294');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'SO-2026-001294' })).toHaveAttribute('href', '/my-orders/manage/5eed0030-0000-4000-8000-000000000001');
    expect(first).toHaveTextContent('Toner');
    expect(first).toHaveTextContent('3C4-512784');
    expect(first).toHaveTextContent('Black toner cartridge (Apeos C3060) and 2 more items');
    expect(first).toHaveTextContent('HK$2,920.00');
    expect(within(first!).getByText('Pending')).toBeInTheDocument();
    expect(second).toHaveTextContent('Supplies');
    expect(second).toHaveTextContent('Delivered');
    expect(second).toHaveTextContent('HK$1,950.00');
    // Newest first, page 1, no filter.
    expect(bodies[0]).toEqual({ page: 1, pageSize: 20, sort: { field: 'createdAt', direction: 'desc' } });
  });

  it('sends the filters from the URL and from the toolbar to the server', async () => {
    const bodies = answerList();
    const user = userEvent.setup();
    const { memoryRouter } = renderWithProviders(<OrdersScreen />, {
      route: '/my-orders/manage?status=pending&dateFrom=2026-10-01',
      functionCodes: ['mgt_order_read'],
    });
    await screen.findByText('SO-2026-001294');
    expect(bodies[0]).toMatchObject({ filter: { status: ['pending'], dateFrom: '2026-10-01' } });

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Supplies' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ page: 1, filter: { status: ['pending'], type: ['supplies'], dateFrom: '2026-10-01' } }));
    expect(memoryRouter!.query).toMatchObject({ status: ['pending'], type: ['supplies'] });

    await user.type(screen.getByRole('searchbox', { name: 'Order no., serial or item' }), '3C4-5127');
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ filter: { q: '3C4-5127' } }));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ page: 1, pageSize: 20, sort: { field: 'createdAt', direction: 'desc' } }));
  });

  it('says so when no order matches the filters, and shows a translated error with retry', async () => {
    answerList([], 0);
    renderWithProviders(<OrdersScreen />, { route: '/my-orders/manage?q=zzz', functionCodes: ['mgt_order_read'] });
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();

    server.use(endpointError(LIST, 'SERVICE_UNAVAILABLE', { status: 503 }));
    renderWithProviders(<OrdersScreen />, { route: '/my-orders/manage', functionCodes: ['mgt_order_read'], locale: 'tc' });
    expect(await screen.findByRole('button', { name: '重試' })).toBeInTheDocument();
  });

  it('offers "place toner order" only to users with mgt_order_write', async () => {
    answerList();
    const { unmount } = renderWithProviders(<OrdersScreen />, { route: '/my-orders/manage', functionCodes: ['mgt_order_read'] });
    await screen.findByText('SO-2026-001294');
    expect(screen.queryByRole('button', { name: 'Place toner order' })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<OrdersScreen />, { route: '/my-orders/manage', functionCodes: ['mgt_order_read', 'mgt_order_write'] });
    expect(await screen.findByRole('button', { name: 'Place toner order' })).toBeInTheDocument();
  });

  it("opens the order form for a machine's ?placeFor= and drops only that parameter when it closes", async () => {
    answerList();
    const m = machine();
    server.use(endpointSuccess(ordersContract.endpoints.listOrderableMachines, [m]), endpointSuccess(ordersContract.endpoints.listProductsForMachine, products));
    const { memoryRouter } = renderWithProviders(<OrdersScreen />, {
      route: `/my-orders/manage?status=pending&placeFor=${m.id}`,
      functionCodes: ['mgt_order_read', 'mgt_order_write'],
    });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: new RegExp(m.serialNo) })).toBeChecked());
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(memoryRouter!.query.placeFor).toBeUndefined());
    expect(memoryRouter!.query).toEqual({ status: 'pending' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows each order as a card on a phone, in Chinese', async () => {
    const restore = mockViewportWidth(390);
    try {
      answerList();
      renderWithProviders(<OrdersScreen />, { route: '/my-orders/manage', functionCodes: ['mgt_order_read'], locale: 'tc' });
      expect(await screen.findByRole('link', { name: 'SO-2026-001294' })).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getByText('黑色碳粉盒（Apeos C3060） 及另外 2 項')).toBeInTheDocument();
      expect(screen.getAllByText('待處理').length).toBeGreaterThan(0);
    } finally {
      restore();
    }
  });
});
