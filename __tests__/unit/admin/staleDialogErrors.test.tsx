/**
 * QA desk review: a refused confirmation (the connection dropped) stayed in its mutation, so the dialog opened next
 * showed it before anything was tried: a group's next member's "Remove", a customer's "Deactivate" opened again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CustomerStatusAction } from '@/components/admin/customers/CustomerStatusAction';
import { GroupMembers } from '@/components/admin/userGroups/GroupMembers';
import { customersContract } from '@/lib/customers/contract';
import type { CustomerDetail } from '@/lib/customers/schemas';
import { userGroupsContract } from '@/lib/userGroups/contract';
import type { GroupDetail } from '@/lib/userGroups/schemas';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';

const member = (n: number, loginId: string) => ({ userId: `5eed0001-0000-4000-8000-00000000000${n}`, loginId, name: `User ${n}`, userStatus: 'active', ucpId: 'UCP100001', customerNameEn: 'Harbour View Trading', customerNameZh: '海景貿易' });
const group: GroupDetail = {
  id: '5eed0002-0000-4000-8000-000000000001',
  code: 'CUST_ADMIN',
  nameEn: 'Customer administrator',
  nameZh: '客戶管理員',
  kind: 'customer',
  status: 'active',
  createdAt: '2026-01-05T01:00:00.000Z',
  description: '',
  codes: [],
  members: [member(1, 'first@demo.hk'), member(2, 'second@demo.hk')],
  updatedAt: '2026-01-05T01:00:00.000Z',
};

describe('a group’s members', () => {
  it.each([
    ['en', 'Remove', 'We could not reach the portal'],
    ['tc', '移除', '未能連接'],
  ] as const)('%s: a refused removal does not show again in the next member’s dialog', async (locale, remove, text) => {
    server.use(endpointError(userGroupsContract.endpoints.removeGroupMember, 'NETWORK', { status: 503 }));
    renderWithProviders(<GroupMembers group={group} />, { locale, functionCodes: ['user_group_main_write', 'user_group_main_read'] });
    await userEvent.click(screen.getByRole('button', { name: /first@demo\.hk/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: remove }));
    expect(await within(dialog).findByText(new RegExp(text))).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: /second@demo\.hk/ }));
    const next = await screen.findByRole('dialog');
    expect(within(next).getByRole('heading', { name: /second@demo\.hk/ })).toBeInTheDocument();
    expect(within(next).queryByText(new RegExp(text))).not.toBeInTheDocument();
  }, 30_000);

  it.each([
    ['en', 'Remove', 'first@demo.hk (UCP100001) was removed from this group.'],
    ['tc', '移除', '已將 first@demo.hk（UCP100001）從此群組移除。'],
  ] as const)('%s: a removal is confirmed and the confirmation takes focus (the row went away without a word)', async (locale, remove, done) => {
    server.use(endpointSuccess(userGroupsContract.endpoints.removeGroupMember, { id: group.id }));
    renderWithProviders(<GroupMembers group={group} />, { locale, functionCodes: ['user_group_main_write', 'user_group_main_read'] });
    await userEvent.click(screen.getByRole('button', { name: /first@demo\.hk/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: remove }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent(done);
    expect(screen.getByRole('status')).toHaveFocus();
  }, 30_000);
});

describe('a customer’s deactivation', () => {
  const DEACTIVATE = 'Deactivate';
  const CONFIRM = 'Deactivate';
  it('a refused attempt does not show when the dialog is opened again', async () => {
    server.use(endpointError(customersContract.endpoints.setCustomerStatus, 'NETWORK', { status: 503 }));
    const customer = { id: 'UCP100001', nameEn: 'Harbour View Trading', nameZh: '海景貿易', status: 'active', users: [] } as unknown as CustomerDetail;
    renderWithProviders(<CustomerStatusAction customer={customer} />, { functionCodes: ['ucp_cust_main_write'] });
    const open = screen.getByRole('button', { name: DEACTIVATE });
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: CONFIRM }));
    expect(await within(dialog).findByText(/We could not reach the portal/)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: DEACTIVATE }));
    expect(within(await screen.findByRole('dialog')).queryByText(/We could not reach the portal/)).not.toBeInTheDocument();
  }, 30_000);
});
