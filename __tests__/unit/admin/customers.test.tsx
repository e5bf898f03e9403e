import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminLandingScreen } from '@/components/admin/landing/AdminLandingScreen';
import { customersResource } from '@/components/admin/customers/resource';
import { ResourceFormPage, ResourceListPage, ResourceViewPage } from '@/components/common/resource';
import { adminContract } from '@/lib/admin/contract';
import { customersContract } from '@/lib/customers/contract';
import type { CustomerDetail } from '@/lib/customers/schemas';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';

const c = customersContract.endpoints;

const detail: CustomerDetail = {
  id: 'UCP100001',
  nameEn: 'Harbour View Trading Company Limited',
  nameZh: '海景貿易有限公司',
  brNo: '31845620',
  billingAddressEn: '6 Wing Yip Street, Kwun Tong',
  billingAddressZh: '觀塘榮業街6號',
  contactName: 'Chan Tai Man',
  contactPhone: '+852 2345 6789',
  contactEmail: 'accounts@harbourview.example.hk',
  receiveHardcopyBill: true,
  status: 'active',
  createdAt: '2026-01-05T02:00:00.000Z',
  updatedAt: '2026-01-05T02:00:00.000Z',
  customerNumbers: [{ productLine: 'copier', customerNo: 'C-88001' }],
  contracts: [{ id: 'c1', contractNo: 'RC-2024-0001', contractType: 'rental', startDate: '2024-01-01', endDate: '2026-12-31', status: 'active' }],
  machines: [],
  users: [{ id: 'u1', loginId: 'customer@demo.hk', name: 'Chan Tai Man', status: 'active' }],
};

const listAnswer = {
  items: [{ id: 'UCP100001', nameEn: detail.nameEn, nameZh: detail.nameZh, brNo: detail.brNo, status: 'active' as const, userCount: 1, createdAt: detail.createdAt }],
  total: 1,
};

describe('UCP customer maintenance screens', () => {
  it('lists customers with a link to each; "Add customer" only for writers', async () => {
    server.use(endpointSuccess(c.listCustomers, listAnswer));
    const { unmount } = renderWithProviders(<ResourceListPage resource={customersResource} />, { functionCodes: ['ucp_cust_main_read'], route: '/admin-controls/ucp-customer-maintenance' });
    const link = await screen.findByRole('link', { name: 'UCP100001' });
    expect(link).toHaveAttribute('href', '/admin-controls/ucp-customer-maintenance/view/UCP100001');
    expect(screen.queryByRole('link', { name: 'Add customer' })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<ResourceListPage resource={customersResource} />, { functionCodes: ['ucp_cust_main_write'], route: '/admin-controls/ucp-customer-maintenance' });
    expect(await screen.findByRole('link', { name: 'Add customer' })).toHaveAttribute('href', '/admin-controls/ucp-customer-maintenance/add');
  });

  it('shows a customer with its numbers, contracts, machines and users; a reader gets no edit or deactivate control', async () => {
    server.use(endpointSuccess(c.getCustomer, detail));
    renderWithProviders(<ResourceViewPage resource={customersResource} />, { functionCodes: ['ucp_cust_main_read'], router: { query: { id: 'UCP100001' } } });
    expect(await screen.findByRole('heading', { level: 1, name: detail.nameEn })).toBeInTheDocument();
    // The record's facts stand under "Details", not under the area's name (the list page's title).
    expect(within(screen.getByRole('region', { name: 'Details' })).getByText('UCP100001')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'UCP customer maintenance' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Customer numbers' })).getByText('C-88001')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Contracts' })).getByText('RC-2024-0001')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Machines' })).getByText('No machines.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Linked users' })).getByText('customer@demo.hk')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
  });

  // QA (tc): the linked users' states came from the shared words for orders and contracts: 待處理 for an account
  // waiting for activation, 生效中 for an active one, and the raw code "locked" for a locked one.
  it.each([
    ['en', ['Waiting for activation', 'Active', 'Locked', 'Disabled']],
    ['tc', ['等待啟用', '使用中', '已鎖定', '已停用']],
  ] as const)('%s: names each linked user’s state as the user pages do', async (locale, words) => {
    const users = (['pending', 'active', 'locked', 'inactive'] as const).map((status, i) => ({ id: `u${i}`, loginId: `user${i}@demo.hk`, name: `User ${i}`, status }));
    server.use(endpointSuccess(c.getCustomer, { ...detail, users }));
    renderWithProviders(<ResourceViewPage resource={customersResource} />, { locale, functionCodes: ['ucp_cust_main_read'], router: { query: { id: 'UCP100001' } } });
    const region = await screen.findByRole('region', { name: locale === 'tc' ? '已連結用戶' : 'Linked users' });
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').at(-1)?.textContent)).toEqual(words);
  });

  it('names the customer in the page’s language in the view and edit headings (tc: its Chinese name)', async () => {
    server.use(endpointSuccess(c.getCustomer, detail));
    const { unmount } = renderWithProviders(<ResourceViewPage resource={customersResource} />, { locale: 'tc', functionCodes: ['ucp_cust_main_read'], router: { query: { id: 'UCP100001' } } });
    expect(await screen.findByRole('heading', { level: 1, name: detail.nameZh })).toBeInTheDocument();
    unmount();
    renderWithProviders(<ResourceFormPage resource={customersResource} mode="edit" />, { locale: 'tc', functionCodes: ['ucp_cust_main_write'], router: { query: { id: 'UCP100001' } } });
    expect(await screen.findByRole('heading', { level: 1, name: `修改 ${detail.nameZh}` })).toBeInTheDocument();
  });

  // QA (tc): the deactivate dialog asked 「停用 Harbour View Trading Company Limited？」 under a page headed 海景貿易有限公司.
  it('tc: the deactivate dialog names the customer by its Chinese name, as the heading does', async () => {
    server.use(endpointSuccess(c.getCustomer, detail));
    renderWithProviders(<ResourceViewPage resource={customersResource} />, { locale: 'tc', functionCodes: ['ucp_cust_main_write'], router: { query: { id: 'UCP100001' } } });
    await userEvent.click(await screen.findByRole('button', { name: '停用' }));
    expect(within(screen.getByRole('dialog')).getByRole('heading', { name: `停用 ${detail.nameZh}？` })).toBeInTheDocument();
  });

  it('a writer deactivates after confirming what it does to the customer’s users', async () => {
    const bodies: unknown[] = [];
    server.use(
      endpointSuccess(c.getCustomer, detail),
      endpointSuccess(c.setCustomerStatus, (body) => {
        bodies.push(body);
        return { id: body.id, status: body.status };
      }),
    );
    renderWithProviders(<ResourceViewPage resource={customersResource} />, { functionCodes: ['ucp_cust_main_write'], router: { query: { id: 'UCP100001' } } });
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin-controls/ucp-customer-maintenance/edit/UCP100001');
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/Its 1 user will no longer be able to act for this customer/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await screen.findByRole('button', { name: 'Deactivate' });
    expect(bodies).toEqual([{ id: 'UCP100001', status: 'inactive' }]);
  });

  it('the add form shows a taken BR number on its field, in Chinese on the tc site', async () => {
    server.use(endpointError(c.createCustomer, 'CONFLICT', { status: 409, fields: { brNo: ['customers:errors.brNoTaken'] } }));
    renderWithProviders(<ResourceFormPage resource={customersResource} mode="add" />, { locale: 'tc', functionCodes: ['ucp_cust_main_write'] });
    await userEvent.type(screen.getByRole('textbox', { name: /UCP 編號/ }), 'UCP200001');
    await userEvent.type(screen.getByRole('textbox', { name: /名稱（英文）/ }), 'New Co Ltd');
    await userEvent.type(screen.getByRole('textbox', { name: /名稱（中文）/ }), '新公司');
    await userEvent.type(screen.getByRole('textbox', { name: /商業登記號碼/ }), '31845620');
    await userEvent.click(screen.getByRole('button', { name: '新增客戶' }));
    expect((await screen.findAllByText('已有另一客戶使用此商業登記號碼。')).length).toBeGreaterThan(0);
  });
});

describe('admin landing', () => {
  it('shows exactly the areas the codes open, with the pending-slip count', async () => {
    server.use(endpointSuccess(adminContract.endpoints.landingCounts, { pendingPaymentSlips: 3, pendingApprovals: null, renewalsThisMonth: null, serviceRequestsAtRisk: null }));
    renderWithProviders(<AdminLandingScreen />, { functionCodes: ['payslip_review_read', 'ucp_cust_main_read'] });
    expect(screen.getByRole('link', { name: /UCP customer maintenance/ })).toHaveAttribute('href', '/admin-controls/ucp-customer-maintenance');
    expect(screen.getByRole('link', { name: /Payment slip review/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Mail outbox/ })).not.toBeInTheDocument();
    expect(await screen.findByText('3 slips waiting for review')).toBeInTheDocument();
  });

  it('shows no count without the codes of its area', async () => {
    server.use(endpointSuccess(adminContract.endpoints.landingCounts, { pendingPaymentSlips: null, pendingApprovals: null, renewalsThisMonth: null, serviceRequestsAtRisk: null }));
    renderWithProviders(<AdminLandingScreen />, { functionCodes: ['outbox_read'] });
    expect(screen.getByRole('link', { name: /Mail outbox/ })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByText(/waiting for review/)).not.toBeInTheDocument();
  });

  it('shows the approval queue with its pending requests and the renewal logs with this month’s renewals', async () => {
    server.use(endpointSuccess(adminContract.endpoints.landingCounts, { pendingPaymentSlips: null, pendingApprovals: 1, renewalsThisMonth: 4, serviceRequestsAtRisk: null }));
    renderWithProviders(<AdminLandingScreen />, { locale: 'tc', functionCodes: ['apv_chg_comp_name_read', 'contract_renewal_log'] });
    expect(screen.getByRole('link', { name: /審批帳戶資料更新/ })).toHaveAttribute('href', '/admin-controls/approve-account-info-update');
    expect(screen.getByRole('link', { name: /合約續約紀錄/ })).toHaveAttribute('href', '/admin-controls/customer-contract-renewal-logs');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(await screen.findByText('1 項申請待審批')).toBeInTheDocument();
    expect(screen.getByText('本月 4 份續約')).toBeInTheDocument();
  });
});
