/**
 * What the portal shows after a change request is submitted: the submission delivers an inbox message to the
 * submitter (docs/account-changes.md, "Audit and notice"), so the unread count in the header follows at once, as it
 * does after a contract renewal or a service request, instead of staying at the old number until the next sign-in.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUnreadCount } from '@/components/auth/useSessionData';
import { ReceiveHardcopyScreen } from '@/components/accountChanges/ChangeForms';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import type { CurrentValues } from '@/lib/accountChanges/schemas';
import { inboxContract } from '@/lib/inbox/contract';
import { endpointSuccess, testCustomer } from '../testUtils/handlers';
import { renderWithProviders, text } from '../testUtils/render';
import { alertLinkClipping } from '../common/viewport';
import { server } from '../testUtils/server';

function current(): CurrentValues {
  const { ucpId: _u, isProvider: _p, customerNos: _c, ...customer } = testCustomer({ receiveHardcopyBill: false });
  return { customer, machines: [], contracts: [], writable: ['rec_hardcopy'] };
}

/** The header's unread count (the same query the inbox button reads). */
function UnreadProbe() {
  return <output data-testid="unread">{useUnreadCount()}</output>;
}

it('the unread count is fetched again after a submission (the request’s inbox message counts at once)', async () => {
  const user = userEvent.setup();
  let unread = 5;
  server.use(
    endpointSuccess(C.endpoints.getCurrent, current()),
    endpointSuccess(C.endpoints.listRequests, { items: [], total: 0 }),
    endpointSuccess(inboxContract.endpoints.getEmailUnreadCount, () => unread),
    endpointSuccess(C.endpoints.submitReceiveHardcopy, () => {
      unread += 1; // the server delivered the "request received" message
      return { id: '00000000-0000-4000-8000-000000000001', requestNo: 'ACR-2026-001234', status: 'pending' as const, replayed: false };
    }),
  );
  renderWithProviders(
    <>
      <UnreadProbe />
      <ReceiveHardcopyScreen />
    </>,
    { functionCodes: ['home', 'ac_chg_rec_hardcopy_write'], router: { pathname: '/customer-support/account-info-update/add-changes/change-of-receive-hardcopy', query: { accepted: '1' } } },
  );
  await waitFor(() => expect(screen.getByTestId('unread')).toHaveTextContent('5'));
  await user.click(await screen.findByRole('radio', { name: text('en', 'accountChanges:fields.hardcopyOn') }));
  await user.click(screen.getByRole('button', { name: text('en', 'accountChanges:form.submit') }));
  expect(await screen.findByText(/ACR-2026-001234 was submitted/)).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('unread')).toHaveTextContent('6'));
});

it('the confirmation links to the new request and to the list under its text, not in a narrow action column (QA, 390 px)', async () => {
  const user = userEvent.setup();
  const id = '00000000-0000-4000-8000-000000000002';
  server.use(
    endpointSuccess(C.endpoints.getCurrent, current()),
    endpointSuccess(C.endpoints.listRequests, { items: [], total: 0 }),
    endpointSuccess(inboxContract.endpoints.getEmailUnreadCount, 0),
    endpointSuccess(C.endpoints.submitReceiveHardcopy, { id, requestNo: 'ACR-2026-001235', status: 'pending' as const, replayed: false }),
  );
  renderWithProviders(<ReceiveHardcopyScreen />, {
    locale: 'tc',
    functionCodes: ['home', 'ac_chg_rec_hardcopy_write'],
    router: { pathname: '/customer-support/account-info-update/add-changes/change-of-receive-hardcopy', query: { accepted: '1' } },
  });
  await user.click(await screen.findByRole('radio', { name: text('tc', 'accountChanges:fields.hardcopyOn') }));
  await user.click(screen.getByRole('button', { name: text('tc', 'accountChanges:form.submit') }));
  const done = await screen.findByRole('status');
  expect(done).toHaveTextContent(/ACR-2026-001235/);
  const view = within(done).getByRole('link', { name: '查看 ACR-2026-001235' });
  expect(view.getAttribute('href')).toContain(`request=${id}`);
  expect(within(done).getByRole('link', { name: text('tc', 'accountChanges:title') })).toBeInTheDocument();
  expect(done.querySelector('.MuiAlert-action')).toBeNull();
  // QA (390 px): the links were text buttons pulled left by a negative margin, and the alert clipped the "查" / "V".
  // Plain links now, their labels starting where the text above does, unclipped (focus ring too).
  for (const link of within(done).getAllByRole('link')) expect(alertLinkClipping(link)).toEqual([]);
});

it('a submission drops ?accepted from the URL and keeps its other parameters', async () => {
  const user = userEvent.setup();
  server.use(
    endpointSuccess(C.endpoints.getCurrent, current()),
    endpointSuccess(C.endpoints.listRequests, { items: [], total: 0 }),
    endpointSuccess(inboxContract.endpoints.getEmailUnreadCount, 0),
    endpointSuccess(C.endpoints.submitReceiveHardcopy, { id: '00000000-0000-4000-8000-000000000003', requestNo: 'ACR-2026-001236', status: 'pending' as const, replayed: false }),
  );
  const { memoryRouter } = renderWithProviders(<ReceiveHardcopyScreen />, {
    functionCodes: ['home', 'ac_chg_rec_hardcopy_write'],
    route: '/customer-support/account-info-update/add-changes/change-of-receive-hardcopy?accepted=1&ucpid=UCP100001',
  });
  await user.click(await screen.findByRole('radio', { name: text('en', 'accountChanges:fields.hardcopyOn') }));
  await user.click(screen.getByRole('button', { name: text('en', 'accountChanges:form.submit') }));
  expect(await screen.findByText(/ACR-2026-001236 was submitted/)).toBeInTheDocument();
  expect(memoryRouter!.query).toEqual({ ucpid: 'UCP100001' });
  expect(memoryRouter!.pathname).toBe('/customer-support/account-info-update/add-changes/change-of-receive-hardcopy');
});
