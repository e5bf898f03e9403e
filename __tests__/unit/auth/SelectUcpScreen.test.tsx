/** The customer selection list (issue 10 item 13): valid list markup (axe `list`: a <ul> holds only <li>). */
import { screen, within } from '@testing-library/react';
import { SelectUcpScreen } from '@/components/auth/SelectUcpScreen';
import { loginContract } from '@/lib/auth/contract';
import { endpointSuccess } from '../testUtils/handlers';
import { server } from '../testUtils/server';
import { renderWithProviders } from '../testUtils/render';

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
