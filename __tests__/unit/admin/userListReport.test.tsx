import { screen, within } from '@testing-library/react';
import { UserListReportScreen } from '@/components/admin/userListReport/UserListReportScreen';
import { userListReportContract } from '@/lib/userListReport/contract';
import type { ReportResult, ReportRow } from '@/lib/userListReport/schemas';
import { endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';

const row = (over: Partial<ReportRow>): ReportRow => ({
  id: 'u1:UCP100001',
  userId: 'u1',
  loginId: 'customer@demo.hk',
  name: 'Chan Tai Man',
  email: 'customer@demo.hk',
  ucpId: 'UCP100001',
  customerNameEn: 'Harbour View Trading',
  customerNameZh: '海景貿易',
  customerStatus: 'active',
  groups: [],
  status: 'active',
  isProviderStaff: false,
  mfaEnabled: false,
  createdAt: '2026-01-05T02:00:00.000Z',
  lastLoginAt: null,
  ...over,
});

const answer: ReportResult = {
  items: [row({}), row({ id: 'u2:UCP100009', userId: 'u2', loginId: 'closed@demo.hk', ucpId: 'UCP100009', customerNameEn: 'Closed Co', customerNameZh: '已結業公司', customerStatus: 'inactive' })],
  total: 2,
  scope: 'all',
};

describe('User list report screen', () => {
  it.each([
    ['en', 'Customer deactivated', 'Active'],
    ['tc', '客戶已停用', '使用中'],
  ] as const)('(%s) marks the row of a deactivated customer, whose user is still active, and only that row', async (locale, deactivated, active) => {
    server.use(endpointSuccess(userListReportContract.endpoints.listReport, answer));
    renderWithProviders(<UserListReportScreen />, { locale, functionCodes: ['user_list_rpt_read_all'], route: '/admin-controls/user-list-report' });
    const closedRow = (await screen.findAllByText('closed@demo.hk'))[0]!.closest('tr')!;
    expect(within(closedRow).getByText(deactivated)).toBeInTheDocument();
    expect(within(closedRow).getByText(active)).toBeInTheDocument();
    const openRow = screen.getAllByText('customer@demo.hk')[0]!.closest('tr')!;
    expect(within(openRow).queryByText(deactivated)).not.toBeInTheDocument();
  });
});
