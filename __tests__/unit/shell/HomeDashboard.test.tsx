import { screen, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { HomeDashboard } from '@/components/home/HomeDashboard';
import { createQueryClient } from '@/lib/api/query';
import { billsContract } from '@/lib/bills/contract';
import { ordersContract } from '@/lib/orders/contract';
import { adminContract, type AdminLandingCounts } from '@/lib/admin/contract';
import type { FunctionCode } from '@/lib/permissions/codes';
import { inboxContract } from '@/lib/inbox/contract';
import { apiDeferred, endpointError, endpointSuccess, sessionDataHandlers } from '../testUtils/handlers';
import { server } from '../testUtils/server';
import { renderWithProviders, testSession } from '../testUtils/render';

/** Issue 10 item 15: the home cards explain their numbers; staff see how much waits in the queues they may open. */
const staffCounts = (counts: Partial<AdminLandingCounts>) =>
  endpointSuccess(adminContract.endpoints.landingCounts, { pendingPaymentSlips: null, pendingApprovals: null, renewalsThisMonth: null, serviceRequestsAtRisk: null, ...counts });

function renderHome(codes: FunctionCode[], isProviderStaff: boolean, queryClient?: QueryClient) {
  const base = testSession(codes, { ucpId: isProviderStaff ? 'PROVIDER' : 'UCP-TEST' });
  return renderWithProviders(<HomeDashboard />, { session: { ...base, profile: { ...base.profile, isProviderStaff } }, ...(queryClient ? { queryClient } : {}) });
}

describe('HomeDashboard cards', () => {
  it('the bills card says what its figure counts and what its amounts are', async () => {
    server.use(
      ...sessionDataHandlers({}),
      endpointSuccess(billsContract.endpoints.getBillSummary, { outstandingCents: 335_763, overdueCents: 262_806, overdueCount: 2, underReviewCents: 0, underReviewCount: 0 }),
    );
    renderHome(['home', 'mgt_bills_read'], false);
    const card = await screen.findByTestId('home-card-bills');
    expect(await within(card).findByText(/You owe HK\$3,357\.63 in all; 2 bills are past their due date \(HK\$2,628\.06 of it\)/)).toBeInTheDocument();
    expect(within(card).getByTestId('home-card-bills-figure')).toHaveTextContent('2overdue');
  });

  it('the orders and bills cards open their lists filtered to what the figure counts (open orders, overdue bills)', async () => {
    server.use(
      ...sessionDataHandlers({}),
      endpointSuccess(ordersContract.endpoints.getOrderSummary, { openOrders: 7, inTransit: 0 }),
      endpointSuccess(billsContract.endpoints.getBillSummary, { outstandingCents: 100, overdueCents: 100, overdueCount: 2, underReviewCents: 0, underReviewCount: 0 }),
    );
    renderHome(['home', 'mgt_order_read', 'mgt_bills_read'], false);
    const orders = await screen.findByTestId('home-card-orders');
    expect(await within(orders).findByText('7 open orders')).toBeInTheDocument();
    expect(orders).toHaveAttribute('href', '/my-orders/manage?status=open');
    expect(screen.getByTestId('home-card-bills')).toHaveAttribute('href', '/my-account/manage-my-bills?status=overdue');
  });

  // A figure whose call failed waited on its placeholder for ever: the card now says it could not load, and the
  // other cards keep their figures.
  it.each([
    ['en', 'Could not load', '7 open orders'],
    ['tc', '未能載入', null],
  ] as const)('%s: a card whose figure failed to load says so instead of a placeholder for ever', async (locale, text, ordersText) => {
    server.use(
      ...sessionDataHandlers({}),
      endpointSuccess(ordersContract.endpoints.getOrderSummary, { openOrders: 7, inTransit: 0 }),
      endpointError(billsContract.endpoints.getBillSummary, 'INTERNAL', { status: 500 }),
    );
    const base = testSession(['home', 'mgt_order_read', 'mgt_bills_read'], { ucpId: 'UCP-TEST' });
    renderWithProviders(<HomeDashboard />, { session: base, locale });
    const bills = await screen.findByTestId('home-card-bills-unavailable');
    expect(bills).toHaveTextContent(text);
    expect(within(screen.getByTestId('home-card-bills')).queryByTestId('home-card-bills-figure')).toBeNull();
    expect(await screen.findByTestId('home-card-orders-figure')).toHaveTextContent('7');
    if (ordersText) expect(screen.getByTestId('home-card-orders')).toHaveTextContent(ordersText);
  });

  it('a 5xx, which the portal retries every 5 s, says so while it is retried', async () => {
    server.use(...sessionDataHandlers({}), endpointError(adminContract.endpoints.landingCounts, 'INTERNAL', { status: 500 }));
    const client = createQueryClient();
    try {
      renderHome(['home', 'payslip_review_read'], true, client);
      expect(await screen.findByTestId('home-card-slipReview-unavailable')).toHaveTextContent('Could not load');
    } finally {
      client.clear();
    }
  });

  it('staff who review payment slips get a card with the number awaiting review, and no customer cards', async () => {
    server.use(
      ...sessionDataHandlers({}),
      staffCounts({ pendingPaymentSlips: 3 }),
    );
    renderHome(['home', 'payslip_review_read'], true);
    const card = await screen.findByTestId('home-card-slipReview');
    expect(card).toHaveAttribute('href', '/admin-controls/payment-slip-review');
    expect(await within(card).findByText('3 payment slips awaiting review')).toBeInTheDocument();
    expect(within(card).getByTestId('home-card-slipReview-figure')).toHaveTextContent('3awaiting review');
    expect(screen.queryByTestId('home-card-bills')).toBeNull();
    expect(screen.queryByTestId('home-card-orders')).toBeNull();
    // Queues the user may not open have no card.
    expect(screen.queryByTestId('home-card-approvals')).toBeNull();
    expect(screen.queryByTestId('home-card-serviceDesk')).toBeNull();
  });

  it('staff who approve account changes and run the service desk see what waits there, linked to the queue (en and tc)', async () => {
    server.use(...sessionDataHandlers({}), staffCounts({ pendingApprovals: 4, serviceRequestsAtRisk: 1 }));
    const codes: FunctionCode[] = ['home', 'apv_chg_comp_name_read', 'service_req_admin_read'];
    const first = renderHome(codes, true);
    const approvals = await screen.findByTestId('home-card-approvals');
    expect(approvals).toHaveAttribute('href', '/admin-controls/approve-account-info-update?status=pending');
    expect(await within(approvals).findByText('4 requests waiting for approval')).toBeInTheDocument();
    expect(within(approvals).getByTestId('home-card-approvals-figure')).toHaveTextContent('4to approve');
    const desk = screen.getByTestId('home-card-serviceDesk');
    expect(desk).toHaveAttribute('href', '/admin-controls/service-desk');
    expect(within(desk).getByText('1 service request breached or at risk of breaching its SLA')).toBeInTheDocument();
    expect(screen.queryByTestId('home-card-slipReview')).toBeNull();
    first.unmount();

    const base = testSession(codes, { ucpId: 'PROVIDER' });
    renderWithProviders(<HomeDashboard />, { session: { ...base, profile: { ...base.profile, isProviderStaff: true } }, locale: 'tc' });
    const tc = await screen.findByTestId('home-card-approvals');
    expect(await within(tc).findByText('4 項申請待審批')).toBeInTheDocument();
    expect(within(screen.getByTestId('home-card-serviceDesk')).getByText('1 宗維修申請未達或快將未達服務水平')).toBeInTheDocument();
  });

  it('a provider user holding `all` sees the provider cards, not empty customer cards (HK$0.00 bills, no orders)', async () => {
    server.use(...sessionDataHandlers({}), staffCounts({ pendingPaymentSlips: 0, pendingApprovals: 0, renewalsThisMonth: 0, serviceRequestsAtRisk: 0 }));
    renderHome(['all' as FunctionCode], true);
    const card = await screen.findByTestId('home-card-slipReview');
    expect(await within(card).findByText('No payment slips awaiting review')).toBeInTheDocument();
    expect(within(screen.getByTestId('home-card-approvals')).getByText('No requests waiting for approval')).toBeInTheDocument();
    expect(within(screen.getByTestId('home-card-serviceDesk')).getByText('No service request is at risk of missing its SLA')).toBeInTheDocument();
    expect(screen.queryByTestId('home-card-bills')).toBeNull();
    expect(screen.queryByTestId('home-card-orders')).toBeNull();
  });
});

describe('HomeDashboard inbox card', () => {
  it('shows no figure until the unread count is known (it said "0 unread messages" while the count loaded), then the count', async () => {
    const unread = apiDeferred(inboxContract.endpoints.getEmailUnreadCount.path as `/api/${string}`, 5);
    server.use(unread.handler, ...sessionDataHandlers({}));
    renderHome(['home'], false);
    const card = await screen.findByTestId('home-card-inbox');
    // Give the other session answers time to arrive: the card still waits for its own.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(card).queryByText(/unread message/)).toBeNull();
    expect(within(card).getByText('Messages and notices we send you')).toBeInTheDocument();
    expect(within(card).queryByTestId('home-card-inbox-figure')).toBeNull();
    unread.release();
    expect(await within(card).findByText('5 unread messages')).toBeInTheDocument();
    expect(within(card).getByTestId('home-card-inbox-figure')).toHaveTextContent('5unread');
  });
});
