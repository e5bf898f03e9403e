/** The customer selection list (issue 10 item 13): valid list markup (axe `list`: a <ul> holds only <li>). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SelectUcpScreen } from '@/components/auth/SelectUcpScreen';
import { NEXT_AUTH_ROUTES } from '@/lib/api/session';
import { loginContract } from '@/lib/auth/contract';
import { endpointSuccess } from '../testUtils/handlers';
import { server } from '../testUtils/server';
import { renderWithProviders, sessionWith } from '../testUtils/render';

it('lists each customer as a list item holding its button', async () => {
  server.use(
    endpointSuccess(loginContract.endpoints.getUcpList, [
      { ucpId: 'UCP100002', nameEn: 'Lung Cheong Logistics Limited', nameZh: '龍昌物流有限公司', isProvider: false },
      { ucpId: 'UCP100003', nameEn: 'Sunrise Dental Clinic Limited', nameZh: '旭日牙科診所有限公司', isProvider: false },
    ]),
  );
  renderWithProviders(<SelectUcpScreen />, { functionCodes: ['home'] });
  await screen.findByTestId('ucp-UCP100003');
  const list = screen.getByRole('list');
  expect([...list.children].map((c) => c.tagName)).toEqual(['LI', 'LI']);
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(within(items[1]!).getByRole('button', { name: /Sunrise Dental Clinic Limited/ })).toBe(screen.getByTestId('ucp-UCP100003'));
});

it('with no active customer left it says so, without the "choose one of several" heading and intro', async () => {
  server.use(endpointSuccess(loginContract.endpoints.getUcpList, []));
  renderWithProviders(<SelectUcpScreen />, { functionCodes: [] });
  expect(await screen.findByText('Your user is not linked to any active customer account. Please contact your account manager.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('No customer account to use');
  expect(screen.queryByText(/you can act for more than one customer account/)).not.toBeInTheDocument();
  expect(screen.queryByRole('list')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
});

describe('switching customer from the header (returnTo: the page it was on)', () => {
  const OPTIONS = [
    { ucpId: 'UCP100002', nameEn: 'Lung Cheong Logistics Limited', nameZh: '龍昌物流有限公司', isProvider: false },
    { ucpId: 'UCP100003', nameEn: 'Sunrise Dental Clinic Limited', nameZh: '旭日牙科診所有限公司', isProvider: false },
  ];
  const CODES = ['home', 'mgt_order_read', 'mgt_bills_read'];
  const before = sessionWith(CODES, { currentUser: { userAcUuid: 'u-1', ucpId: 'UCP100002' }, profile: { customerCount: 2 } });

  /** next-auth's session route: the update for `ucpId` answers the session of that customer. */
  function nextAuthSwitch() {
    server.use(
      endpointSuccess(loginContract.endpoints.getUcpList, OPTIONS),
      http.get(NEXT_AUTH_ROUTES.csrf, () => HttpResponse.json({ csrfToken: 'csrf-1' })),
      http.post(NEXT_AUTH_ROUTES.session, async ({ request }) => {
        const { data } = (await request.json()) as { data: { ucpId: string } };
        return HttpResponse.json(sessionWith(CODES, { currentUser: { userAcUuid: 'u-1', ucpId: data.ucpId }, profile: { customerCount: 2 } }));
      }),
    );
  }

  it.each([
    ['a list page: stays on it (its filters dropped)', '/my-orders/manage?status=pending', 'UCP100003', '/my-orders/manage'],
    ['a record of the previous customer: that area’s list', '/my-orders/manage/ORD-2026-0001', 'UCP100003', '/my-orders/manage'],
    ['the same customer again: the very page', '/my-orders/manage/ORD-2026-0001', 'UCP100002', '/my-orders/manage/ORD-2026-0001'],
    ['no page given (at sign-in): home', null, 'UCP100003', '/'],
  ])('%s', async (_, returnTo, choice, expected) => {
    nextAuthSwitch();
    const route = returnTo ? `/login/select-ucp?${new URLSearchParams({ returnTo })}` : '/login/select-ucp';
    const { memoryRouter } = renderWithProviders(<SelectUcpScreen />, { session: before, route });
    await userEvent.click(await screen.findByTestId(`ucp-${choice}`));
    await waitFor(() => expect(memoryRouter!.asPath).toBe(expected));
  });
});
