import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { signOut } from '@/lib/api/session';
import { SessionExpiredDialog } from '@/components/auth/SessionExpiredDialog';
import { loginContract } from '@/lib/auth/contract';
import { useSessionErrorStore } from '@/store/sessionErrorStore';
import { server } from '../testUtils/server';
import { renderWithProviders, testSession } from '../testUtils/render';

jest.mock('@/lib/api/session', () => ({
  ...jest.requireActual<typeof import('@/lib/api/session')>('@/lib/api/session'),
  signOut: jest.fn(async () => undefined),
}));

describe('SessionExpiredDialog (issue 10 minor)', () => {
  beforeEach(() => {
    jest.mocked(signOut).mockClear();
    server.use(http.post(loginContract.endpoints.logout.path, () => HttpResponse.json({ status: 'success', data: null, traceId: 't' })));
  });

  it('"Sign in again" goes to sign-in carrying the page it was on (and the customer of a multi-customer user)', async () => {
    useSessionErrorStore.getState().raise('TOKEN_EXPIRED');
    const replace = jest.fn(async () => true);
    const base = testSession(['home', 'mgt_order_read'], { ucpId: 'UCP100002' });
    const session = { ...base, profile: { ...base.profile, customerCount: 2 } };
    renderWithProviders(<SessionExpiredDialog />, { session, router: { pathname: '/my-orders/manage', asPath: '/my-orders/manage?page=2', replace } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in again' }));
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith({ pathname: '/weblogin', query: { error: 'TOKEN_EXPIRED', returnTo: '/my-orders/manage?page=2&ucpid=UCP100002' } }),
    );
    expect(signOut).toHaveBeenCalledWith({ redirect: false });
  });
});
