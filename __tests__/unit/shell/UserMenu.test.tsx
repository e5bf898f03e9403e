import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { signOut } from '@/lib/api/session';
import { UserMenu } from '@/components/shell/UserMenu';
import { formatDateTime } from '@/lib/i18n/locales';
import type { FunctionCode } from '@/lib/permissions/codes';
import { usePortalStore } from '@/store/portalStore';
import { loginContract } from '@/lib/auth/contract';
import { endpointError, sessionDataHandlers, testCustomer } from '../testUtils/handlers';
import { userContract } from '@/lib/customer/contract';
import { server } from '../testUtils/server';
import { renderWithProviders, testSession, type ProviderOptions } from '../testUtils/render';

// Only signOut is replaced: the SessionProvider and useSession the helper renders with stay real.
jest.mock('@/lib/api/session', () => ({
  ...jest.requireActual<typeof import('@/lib/api/session')>('@/lib/api/session'),
  signOut: jest.fn(async () => undefined),
}));
const signOutMock = jest.mocked(signOut);

const CUSTOMER = testCustomer({ ucpId: 'UCP-TEST', nameEn: 'Acme Printing Ltd', nameZh: '艾克美印刷有限公司' });
const LAST_LOGIN = '2025-03-04T05:06:07.000Z';

type MenuOptions = {
  codes?: readonly FunctionCode[];
  customerCount?: number;
  isProviderStaff?: boolean;
  ucpId?: string | null;
} & Omit<ProviderOptions, 'session' | 'functionCodes'>;

function renderMenu({ codes = ['home', 'ac_pref_read'], customerCount = 1, isProviderStaff = false, ucpId = 'UCP-TEST', ...options }: MenuOptions = {}) {
  const base = testSession(codes, { name: 'Chan Tai Man', loginId: 'tm.chan@acme.example', ucpId });
  const session = { ...base, profile: { ...base.profile, customerCount, isProviderStaff } };
  return renderWithProviders(<UserMenu />, { session, ...options });
}

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('user-menu-button'));
  return within(await screen.findByRole('menu'));
}

beforeEach(() => {
  window.sessionStorage.clear();
  signOutMock.mockClear();
  // The customer and a first sign-in, unless a test answers otherwise.
  server.use(...sessionDataHandlers({ customer: CUSTOMER }));
});

describe('UserMenu', () => {
  it('shows the first character of a name that starts outside the BMP whole (𨋢, a Hong Kong character of CJK extension B)', () => {
    const base = testSession(['home'], { name: '𨋢記 Lift Co', loginId: 'lift@acme.example', ucpId: 'UCP-TEST' });
    renderWithProviders(<UserMenu />, { session: base });
    const avatar = screen.getByTestId('user-menu-button').querySelector('.MuiAvatar-root');
    expect(avatar).toHaveTextContent(/^𨋢$/u);
  });

  it('shows the user name and the current customer the session bootstrap loaded', async () => {
    const user = userEvent.setup();
    renderMenu();
    const button = screen.getByTestId('user-menu-button');
    expect(button).toHaveTextContent('Chan Tai Man');
    await waitFor(() => expect(button).toHaveTextContent('Acme Printing Ltd'));
    // Its name does not depend on the visible text, which is hidden on phones and at 1200–1365 px (only the avatar).
    expect(button).toHaveAccessibleName('Account menu: Chan Tai Man, Acme Printing Ltd');
    const menu = await openMenu(user);
    expect(menu.getByText('tm.chan@acme.example')).toBeInTheDocument();
    expect(screen.getByTestId('current-customer')).toHaveTextContent('Account: Acme Printing Ltd');
  });

  it('shows the customer name in Chinese in tc', async () => {
    const user = userEvent.setup();
    renderMenu({ locale: 'tc' });
    await waitFor(() => expect(screen.getByTestId('user-menu-button')).toHaveTextContent('艾克美印刷有限公司'));
    expect(screen.getByTestId('user-menu-button')).toHaveAccessibleName('帳戶選單：Chan Tai Man，艾克美印刷有限公司');
    await openMenu(user);
    expect(screen.getByTestId('current-customer')).toHaveTextContent('帳戶：艾克美印刷有限公司');
  });

  it('falls back to the customer id while (or when) the customer cannot be loaded', async () => {
    // The session bootstrap could not load the customer.
    server.use(...sessionDataHandlers({ customer: null }));
    const user = userEvent.setup();
    renderMenu();
    await openMenu(user);
    expect(screen.getByTestId('current-customer')).toHaveTextContent('Account: UCP-TEST');
  });

  it('keeps the customer’s name when the session has ended and the customer can no longer be loaded (issue 10 minor)', async () => {
    const first = renderMenu();
    await waitFor(() => expect(screen.getByTestId('user-menu-button')).toHaveTextContent('Acme Printing Ltd'));
    first.unmount();
    // The token has expired: every query answers 401 (the session-expired dialog shows over the page).
    server.use(endpointError(userContract.endpoints.getUcpCustByUcpId, 'TOKEN_EXPIRED', { status: 401 }));
    const user = userEvent.setup();
    renderMenu();
    expect(screen.getByTestId('user-menu-button')).toHaveTextContent('Acme Printing Ltd');
    expect(screen.getByTestId('user-menu-button')).not.toHaveTextContent('UCP-TEST');
    await openMenu(user);
    expect(screen.getByTestId('current-customer')).toHaveTextContent('Account: Acme Printing Ltd');
  });

  it('labels provider staff without a customer as staff, and loads no customer', async () => {
    const user = userEvent.setup();
    // No handler for getUcpCustByUcpId: a call would fail the test (onUnhandledRequest: 'error').
    renderMenu({ codes: ['apv_chg_bill_addr_read'], ucpId: null, isProviderStaff: true });
    await openMenu(user);
    expect(screen.getByTestId('current-customer')).toHaveTextContent(/^Pacific Imaging staff$/);
  });

  it('shows the last sign-in time, formatted for the locale', async () => {
    server.use(...sessionDataHandlers({ customer: CUSTOMER, lastLoginTime: LAST_LOGIN }));
    const user = userEvent.setup();
    renderMenu();
    await openMenu(user);
    expect(screen.getByTestId('last-login')).toHaveTextContent(`Last sign-in: ${formatDateTime(LAST_LOGIN, 'en')}`);
    // 05:06 UTC is 13:06 in Hong Kong.
    expect(screen.getByTestId('last-login')).toHaveTextContent(/4 Mar 2025/);
    expect(screen.getByTestId('last-login')).toHaveTextContent(/1:06/);
  });

  it('says it is the first sign-in when there is no last sign-in', async () => {
    const user = userEvent.setup();
    renderMenu();
    await openMenu(user);
    expect(screen.getByTestId('last-login')).toHaveTextContent('This is your first sign-in');
  });

  describe('"Switch account"', () => {

    it('is offered when showSwitchCustomer is on and the user has more than one customer, and goes to select-ucp', async () => {
      usePortalStore.getState().setShowSwitchCustomer(true);
      const user = userEvent.setup();
      const { router } = renderMenu({ customerCount: 2 });
      const menu = await openMenu(user);
      await user.click(menu.getByRole('menuitem', { name: 'Switch account' }));
      expect(router.push).toHaveBeenCalledWith({ pathname: '/login/select-ucp', query: { returnTo: '/' } });
    });

    it('takes the page it was chosen on along (returnTo), so the user comes back to it after choosing', async () => {
      usePortalStore.getState().setShowSwitchCustomer(true);
      const user = userEvent.setup();
      const { router } = renderMenu({ customerCount: 2, router: { pathname: '/my-orders/manage/[id]', asPath: '/my-orders/manage/ORD-2026-0001?tab=items' } });
      const menu = await openMenu(user);
      await user.click(menu.getByRole('menuitem', { name: 'Switch account' }));
      expect(router.push).toHaveBeenCalledWith({ pathname: '/login/select-ucp', query: { returnTo: '/my-orders/manage/ORD-2026-0001?tab=items' } });
    });

    it.each([
      ['showSwitchCustomer is off', false, 3],
      ['the user has one customer', true, 1],
      ['the user has no customer', true, 0],
    ])('is not offered when %s', async (_label, show, customerCount) => {
      usePortalStore.getState().setShowSwitchCustomer(show);
      const user = userEvent.setup();
      renderMenu({ customerCount });
      const menu = await openMenu(user);
      expect(menu.queryByRole('menuitem', { name: 'Switch account' })).not.toBeInTheDocument();
      expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    });
  });

  it('links to the account page for every user (its own password is always theirs to change)', async () => {
    const user = userEvent.setup();
    const { router, unmount } = renderMenu({ codes: ['home', 'ac_pref_read'] });
    let menu = await openMenu(user);
    await user.click(menu.getByRole('menuitem', { name: 'Account and preferences' }));
    expect(router.push).toHaveBeenCalledWith('/account');
    unmount();
    const second = renderMenu({ codes: ['home'] });
    menu = await openMenu(user);
    await user.click(menu.getByRole('menuitem', { name: 'Account and preferences' }));
    expect(second.router.push).toHaveBeenCalledWith('/account');
  });

  describe('sign-out', () => {
    function recordSignOutSteps(logout: 'ok' | 'fails') {
      const steps: string[] = [];
      server.use(
        http.post(loginContract.endpoints.logout.path, () => {
          steps.push('logout');
          return logout === 'ok'
            ? HttpResponse.json({ status: 'success', data: null, traceId: 't' })
            : HttpResponse.json({ status: 'error', error: { code: 'INTERNAL', message: 'x' }, traceId: 't' }, { status: 500 });
        }),
      );
      signOutMock.mockImplementation(async () => {
        steps.push('signOut');
        return undefined as never;
      });
      const replace = jest.fn(async () => {
        steps.push('replace');
        return true;
      });
      return { steps, replace };
    }

    it.each(['ok', 'fails'] as const)('calls /api/login/logout, then next-auth signOut, then goes to /weblogin (logout %s)', async (logout) => {
      const { steps, replace } = recordSignOutSteps(logout);
      usePortalStore.getState().setShowSwitchCustomer(false);
      const user = userEvent.setup();
      renderMenu({ router: { replace } });
      const menu = await openMenu(user);
      await user.click(menu.getByRole('menuitem', { name: 'Sign out' }));
      await waitFor(() => expect(steps).toEqual(['logout', 'signOut', 'replace']));
      expect(signOutMock).toHaveBeenCalledWith({ redirect: false });
      expect(replace).toHaveBeenCalledWith({ pathname: '/weblogin', query: {} });
      // What belonged to the signed-in user is forgotten.
      // What belonged to the signed-in user is forgotten (its server data goes with the session: QueryProvider).
      expect(usePortalStore.getState().showSwitchCustomer).toBe(true);
    });
  });

  it('renders nothing without a session', () => {
    const { container } = renderWithProviders(<UserMenu />, { session: null });
    expect(container).toBeEmptyDOMElement();
  });
});
