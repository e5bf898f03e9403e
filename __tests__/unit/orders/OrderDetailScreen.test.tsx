import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { OrderDetailScreen } from '@/components/orders/OrderDetailScreen';
import { ShipmentDetailScreen } from '@/components/tracking/ShipmentDetailScreen';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { ordersContract, trackingContract } from '@/lib/orders/contract';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { orderDetail, shipmentDetail } from './orderFixtures';

const GET = ordersContract.endpoints.getOrder;
const CANCEL = ordersContract.endpoints.cancelOrder;
const ID = '5eed0030-0000-4000-8000-000000000001';
const route = { pathname: '/my-orders/manage/[id]', query: { id: ID, ucpid: 'UCP100001' }, asPath: `/my-orders/manage/${ID}?ucpid=UCP100001` };

describe('OrderDetailScreen', () => {
  it('shows items with totals, the status history, the machine and the delivery details', async () => {
    server.use(endpointSuccess(GET, orderDetail()));
    renderWithProviders(<OrderDetailScreen />, { router: route, functionCodes: ['mgt_order_read'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order SO-2026-001294' })).toBeInTheDocument();
    const items = screen.getByRole('table', { name: 'Items' });
    expect(within(items).getAllByRole('row')).toHaveLength(4);
    expect(within(items).getByTestId('order-total')).toHaveTextContent('HK$2,390.00');
    expect(screen.getByText('Order placed online · by Chan Tai Man')).toBeInTheDocument();
    expect(screen.getByText('3C4-512784')).toBeInTheDocument();
    expect(screen.getByText('12/F Reception')).toBeInTheDocument();
    expect(screen.getByText('Nothing has been shipped for this order yet.')).toBeInTheDocument();
    // Read-only users see no cancel button.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('breaks the items’ Chinese headings only at a space (QA walk: "數量" stood as 數 / 量 on a phone)', async () => {
    server.use(endpointSuccess(GET, orderDetail()));
    renderWithProviders(<OrderDetailScreen />, { router: route, functionCodes: ['mgt_order_read'], locale: 'tc' });
    const items = await screen.findByRole('table', { name: '貨品' });
    expect(within(items).getByRole('columnheader', { name: '數量' })).toHaveStyle({ wordBreak: 'keep-all' });
  });

  it('cancels a pending order after confirmation and shows the new status', async () => {
    const user = userEvent.setup();
    let cancelled = false;
    const bodies: unknown[] = [];
    server.use(
      http.post(GET.path, () => HttpResponse.json({ status: 'success', data: cancelled ? orderDetail({ status: 'cancelled', canCancel: false, cancelledAt: '2026-11-01T02:00:00.000Z', cancelReason: 'Found spare toner' }) : orderDetail(), traceId: 't' })),
      http.post(CANCEL.path, async ({ request }) => {
        bodies.push(await request.json());
        cancelled = true;
        return HttpResponse.json({ status: 'success', data: { id: ID, status: 'cancelled' }, traceId: 't' });
      }),
    );
    renderWithProviders(<OrderDetailScreen />, { router: route, functionCodes: ['mgt_order_read', 'mgt_order_write'] });
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order SO-2026-001294?' });
    await user.type(within(dialog).getByRole('textbox'), 'Found spare toner');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByText('Order SO-2026-001294 was cancelled.')).toBeInTheDocument();
    expect(bodies).toEqual([{ id: ID, reason: 'Found spare toner' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument());
    expect(screen.getByText(/Reason: Found spare toner/)).toBeInTheDocument();
    // The outcome has the focus: the dialog gave it back to "Cancel order", which the cancelled order no longer shows.
    expect(screen.getByRole('status')).toHaveTextContent('Order SO-2026-001294 was cancelled.');
    expect(screen.getByRole('status')).toHaveFocus();
  });

  it('explains a cancel the server refused because the order moved on', async () => {
    const user = userEvent.setup();
    server.use(endpointSuccess(GET, orderDetail()), endpointError(CANCEL, 'CONFLICT', { status: 409 }));
    renderWithProviders(<OrderDetailScreen />, { router: route, functionCodes: ['mgt_order_read', 'mgt_order_write'], locale: 'tc' });
    await user.click(await screen.findByRole('button', { name: '取消訂單' }));
    // Full-width brackets as every other optional field's label (QA, tc: the dialog read 「原因 (選填)」).
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: '原因（選填）' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取消訂單' }));
    expect(await screen.findByText('此訂單已開始處理，無法取消。')).toBeInTheDocument();
  });

  it('confirms a just-placed order with its number on the page it lands on (issue 10 item 7)', async () => {
    server.use(endpointSuccess(GET, orderDetail()));
    const orderNo = orderDetail().orderNo;
    renderWithProviders(<OrderDetailScreen />, {
      router: { ...route, query: { id: ID, placed: orderNo }, asPath: `/my-orders/manage/${ID}?placed=${orderNo}` },
      functionCodes: ['mgt_order_read'],
    });
    expect(await screen.findByTestId('order-placed')).toHaveTextContent(`Order ${orderNo} is placed.`);
  });

  it('closing the confirmation drops ?placed= and keeps the rest of the URL, on the same page', async () => {
    server.use(endpointSuccess(GET, orderDetail()));
    const orderNo = orderDetail().orderNo;
    const { router } = renderWithProviders(<OrderDetailScreen />, {
      router: { ...route, query: { id: ID, ucpid: 'UCP100001', placed: orderNo }, asPath: `/my-orders/manage/${ID}?ucpid=UCP100001&placed=${orderNo}` },
      functionCodes: ['mgt_order_read'],
    });
    const placed = await screen.findByTestId('order-placed');
    await userEvent.setup().click(within(placed).getByRole('button', { name: 'Close' }));
    expect(router.replace).toHaveBeenCalledWith({ pathname: '/my-orders/manage/[id]', query: { id: ID, ucpid: 'UCP100001' } }, undefined, { shallow: true, scroll: false });
  });

  // QA (tc): the close button of every closable notice was labelled (and titled, shown on hover) "Close", MUI's default.
  it('tc: the confirmation’s close button is named in Chinese', async () => {
    server.use(endpointSuccess(GET, orderDetail()));
    const orderNo = orderDetail().orderNo;
    renderWithProviders(<OrderDetailScreen />, {
      router: { ...route, query: { id: ID, placed: orderNo }, asPath: `/my-orders/manage/${ID}?placed=${orderNo}` },
      functionCodes: ['mgt_order_read'],
      locale: 'tc',
    });
    const close = within(await screen.findByTestId('order-placed')).getByRole('button', { name: '關閉' });
    expect(close).toHaveAttribute('title', '關閉');
  });

  it('shows no confirmation when opened otherwise', async () => {
    server.use(endpointSuccess(GET, orderDetail()));
    renderWithProviders(<OrderDetailScreen />, { router: route, functionCodes: ['mgt_order_read'] });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('order-placed')).not.toBeInTheDocument();
  });

  it("says not found for another customer's order (404)", async () => {
    server.use(endpointError(GET, 'NOT_FOUND', { status: 404 }));
    renderWithProviders(<OrderDetailScreen />, { router: route, functionCodes: ['mgt_order_read'] });
    expect(await screen.findByText('This order does not exist, or it belongs to another account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my orders' })).toHaveAttribute('href', '/my-orders/manage');
  });
});

describe('ShipmentDetailScreen', () => {
  it('shows the timeline with reached and pending steps, the courier, and a link to the order', async () => {
    server.use(endpointSuccess(trackingContract.endpoints.getShipment, shipmentDetail()));
    const id = shipmentDetail().id;
    renderWithProviders(<ShipmentDetailScreen />, {
      router: { pathname: '/my-orders/track/[id]', query: { id }, asPath: `/my-orders/track/${id}` },
      functionCodes: ['track_order_read', 'mgt_order_read'],
      locale: 'tc',
    });
    expect(await screen.findByRole('heading', { level: 1, name: '送貨 SH-2026-003076' })).toBeInTheDocument();
    expect(screen.getByText(/順豐速運 · 追蹤編號/)).toBeInTheDocument();
    // The tracking number links to the courier's own tracking page.
    expect(screen.getByRole('link', { name: /SF9787006704098/ })).toHaveAttribute('href', expect.stringContaining('sf-express.com'));
    expect(screen.getByTestId('timeline-out_for_delivery')).toHaveAttribute('data-reached', 'true');
    expect(screen.getByTestId('timeline-delivered')).toHaveAttribute('data-reached', 'false');
    expect(within(screen.getByTestId('timeline-delivered')).getByText('尚未進行')).toBeInTheDocument();
    expect(screen.getByText('順豐速運青衣轉運中心')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看訂單 SO-2026-001283' })).toHaveAttribute('href', '/my-orders/manage/5eed0030-0000-4000-8000-000000000083');
  });

  it('marks a failed delivery attempt', async () => {
    const failed = shipmentDetail({
      status: 'failed',
      events: [
        ...shipmentDetail().events,
        { step: 'failed', at: '2026-10-30T09:00:00.000Z', locationEn: 'Wan Chai', locationZh: '灣仔', noteEn: 'Recipient not available', noteZh: '收件人不在' },
      ],
    });
    server.use(endpointSuccess(trackingContract.endpoints.getShipment, failed));
    renderWithProviders(<ShipmentDetailScreen />, { router: { pathname: '/my-orders/track/[id]', query: { id: failed.id } }, functionCodes: ['track_order_read'] });
    expect(await screen.findByText('Delivery attempt failed')).toBeInTheDocument();
    expect(screen.getByText('Recipient not available')).toBeInTheDocument();
    expect(screen.queryByTestId('timeline-delivered')).not.toBeInTheDocument();
    // Without mgt_order_read the order number shows, not a link.
    expect(screen.queryByRole('link', { name: /SO-2026-001283/ })).not.toBeInTheDocument();
    expect(screen.getByText('SO-2026-001283')).toBeInTheDocument();
  });
});
