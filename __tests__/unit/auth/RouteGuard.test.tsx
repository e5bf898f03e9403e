import type { ReactNode } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from 'next-auth';
import { RouteGuard } from '@/components/auth/RouteGuard';
import { checkTokenContract } from '@/lib/auth/contract';
import { apiDeferred, apiError, apiSuccess } from '../testUtils/handlers';
import { server } from '../testUtils/server';
import { renderWithProviders, sessionWith, text, type Lang } from '../testUtils/render';

type MockRouter = {
  pathname: string;
  asPath: string;
  query: Record<string, string>;
  isReady: boolean;
  locale: string;
  push: jest.Mock;
  replace: jest.Mock;
  back: jest.Mock;
};
let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

type SessionState = { data: Session | null; status: 'loading' | 'authenticated' | 'unauthenticated' };
let mockSession: SessionState;
const mockSignOut = jest.fn(async (_options?: unknown) => undefined);
const mockUpdate = jest.fn(async (_data?: unknown): Promise<Session | null> => null);
// The render helper's session query stays real; what the guard reads and calls is driven by the test.
jest.mock('@/lib/api/session', () => ({
  ...jest.requireActual<typeof import('@/lib/api/session')>('@/lib/api/session'),
  useSession: () => ({ ...mockSession, update: mockUpdate }),
  signOut: (options?: unknown) => mockSignOut(options),
}));

const CHECK = checkTokenContract.endpoints.checkTokenExpiration.path;

/** Sets the route: `pathname` is Next's page pattern, `asPath` the address bar (without the locale prefix). */
function at(pathname: string, asPath: string = pathname, { isReady = true, locale = 'en' }: { isReady?: boolean; locale?: string } = {}) {
  const query = Object.fromEntries(new URLSearchParams(asPath.split('?')[1] ?? ''));
  mockRouter = { pathname, asPath, query, isReady, locale, push: jest.fn(async () => true), replace: jest.fn(async () => true), back: jest.fn() };
}

const signedOut = (): SessionState => ({ data: null, status: 'unauthenticated' });
const signedIn = (session: Session): SessionState => ({ data: session, status: 'authenticated' });

/** The guard around a page, with a recognisable layout so "wrapped in the layout" can be checked. */
function renderGuard(lng: Lang = 'en') {
  const wrap = (node: ReactNode) => <div data-testid="layout">{node}</div>;
  return renderWithProviders(
    <RouteGuard wrap={wrap}>
      <h1>Protected content</h1>
    </RouteGuard>,
    { locale: lng },
  );
}

beforeEach(() => {
  mockSignOut.mockClear();
  mockUpdate.mockReset();
  mockUpdate.mockImplementation(async () => null);
  at('/');
  mockSession = signedOut();
});

describe('RouteGuard', () => {
  it('renders nothing of the page, only a spinner, while the session loads', () => {
    at('/account');
    mockSession = { data: null, status: 'loading' };
    renderGuard();
    expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
    expect(screen.queryByTestId('layout')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it('waits for the router too (query not known yet on a static page)', () => {
    at('/account', '/account', { isReady: false });
    mockSession = signedIn(sessionWith(['home', 'ac_pref_read']));
    renderGuard();
    expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it.each<Lang>(['en', 'tc'])('signed out on a protected page: the A001 session message, no forced sign-out (%s)', async (lng) => {
    at('/account');
    renderGuard(lng);
    expect(screen.getByRole('heading', { level: 1, name: text(lng, 'error:A001') })).toBeInTheDocument();
    expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
    expect(mockSignOut).not.toHaveBeenCalled();
    expect(mockRouter.replace).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: text(lng, 'common:signIn') }));
    // Signing in comes back here (a page that is not a spec §4 deep link goes as returnTo).
    expect(mockRouter.push).toHaveBeenCalledWith({ pathname: '/login', query: { returnTo: '/account' } });
  });

  it('signed out on a bookmarked page that is not a deep link: "Sign in" comes back to it with its query, not to home', async () => {
    at('/my-account/meter-history', '/my-account/meter-history?machine=M-7&page=2');
    renderGuard();
    await userEvent.click(screen.getByRole('button', { name: text('en', 'common:signIn') }));
    expect(mockRouter.push).toHaveBeenCalledWith({ pathname: '/login', query: { returnTo: '/my-account/meter-history?machine=M-7&page=2' } });
  });

  it('signed out on a deep-link page without ucpid: the same message, carrying the link to /login on request', async () => {
    at('/inbox', '/inbox?id=42');
    renderGuard();
    expect(screen.getByRole('heading', { level: 1, name: text('en', 'error:A001') })).toBeInTheDocument();
    expect(mockRouter.replace).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: text('en', 'common:signIn') }));
    expect(mockRouter.push).toHaveBeenCalledWith({ pathname: '/login', query: { deepLink: '/inbox', deepLinkParams: 'id=42' } });
  });

  it('signed out on a deep-link page with ucpid: signs out and goes to /weblogin carrying the link and its query', async () => {
    at('/inbox', '/inbox?ucpid=UCP100001&id=42');
    renderGuard();
    expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
    expect(screen.queryByText(text('en', 'error:A001'))).not.toBeInTheDocument();
    await waitFor(() =>
      expect(mockRouter.replace).toHaveBeenCalledWith({ pathname: '/weblogin', query: { deepLink: '/inbox', deepLinkParams: 'ucpid=UCP100001&id=42' } }),
    );
    expect(mockSignOut).toHaveBeenCalledWith({ redirect: false });
    expect(mockRouter.replace).toHaveBeenCalledTimes(1);
  });

  it('signed in with a code the route needs: the page inside its layout', () => {
    at('/account');
    mockSession = signedIn(sessionWith(['home', 'ac_pref_read']));
    renderGuard();
    expect(screen.getByTestId('layout')).toContainElement(screen.getByText('Protected content'));
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it('`all` opens every route', () => {
    at('/admin-controls/user-account-maintenance/edit/[id]', '/admin-controls/user-account-maintenance/edit/7');
    mockSession = signedIn(sessionWith(['all'], { currentUser: { userAcUuid: 'u-9', ucpId: 'PROVIDER' } }));
    renderGuard();
    expect(screen.getByText('Protected content')).toBeInTheDocument();
  });

  it.each<Lang>(['en', 'tc'])('signed in without the code: the no-permission message inside the layout (%s)', (lng) => {
    // (/account is open to every signed-in user since issue 10: a page that needs a code the user lacks.)
    at('/my-orders/manage');
    mockSession = signedIn(sessionWith(['apv_chg_bill_addr_read', 'apv_chg_bill_addr_write'], { currentUser: { userAcUuid: 'u-2', ucpId: 'PROVIDER' } }));
    renderGuard(lng);
    expect(screen.getByTestId('layout')).toContainElement(screen.getByRole('heading', { level: 1, name: text(lng, 'common:no_permission_to_access') }));
    expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
  });

  it.each<Lang>(['en', 'tc'])('the no-permission message offers a way on: the user\'s home page, and Back when the tab has history (%s)', async (lng) => {
    at('/my-orders/manage');
    mockSession = signedIn(sessionWith(['home', 'bill_read'], { currentUser: { userAcUuid: 'u-2', ucpId: 'UCP100001' } }));
    window.history.pushState({}, '', '/previous');
    renderGuard(lng);
    expect(screen.getByRole('link', { name: text(lng, 'common:deepLinkCustomer.goHome') })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: text(lng, 'common:ui.back') }));
    expect(mockRouter.back).toHaveBeenCalled();
  });

  it('the home link leads to the first page the user may open when home itself is not one of them', () => {
    at('/my-orders/manage');
    mockSession = signedIn(sessionWith(['apv_chg_bill_addr_read'], { currentUser: { userAcUuid: 'u-2', ucpId: 'PROVIDER' } }));
    renderGuard();
    // (No `home` code: the first page of the user's navigation, here My account.)
    expect(screen.getByRole('link', { name: text('en', 'common:deepLinkCustomer.goHome') })).toHaveAttribute('href', '/account');
  });

  it('a read code does not open a write route (add needs _write)', () => {
    at('/admin-controls/offer-maintenance/add');
    mockSession = signedIn(sessionWith(['offer_read'], { currentUser: { userAcUuid: 'u-2', ucpId: 'PROVIDER' } }));
    renderGuard();
    expect(screen.getByText(text('en', 'common:no_permission_to_access'))).toBeInTheDocument();
  });

  it('signed in with no customer chosen: off to /login/select-ucp, carrying a deep link', async () => {
    at('/inbox', '/inbox?id=42');
    mockSession = signedIn(sessionWith([], { currentUser: { userAcUuid: 'u-3', ucpId: null }, profile: { customerCount: 2 } }));
    renderGuard();
    expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
    expect(screen.queryByText(text('en', 'common:no_permission_to_access'))).not.toBeInTheDocument();
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith({ pathname: '/login/select-ucp', query: { deepLink: '/inbox', deepLinkParams: 'id=42' } }));
  });

  it('signed in before accepting the disclaimer: off to /login/disclaimer', async () => {
    at('/');
    mockSession = signedIn(sessionWith(['home'], { profile: { needsDisclaimer: true } }));
    renderGuard();
    expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith({ pathname: '/login/disclaimer', query: {} }));
  });

  it.each([
    ['/login/select-ucp', signedIn(sessionWith([], { currentUser: { userAcUuid: 'u-3', ucpId: null } }))],
    ['/login/disclaimer', signedIn(sessionWith(['home'], { profile: { needsDisclaimer: true } }))],
    ['/weblogin', { data: null, status: 'loading' } as SessionState],
    ['/404', signedOut()],
  ])('public page %s renders whatever the session, and never redirects', (pathname, state) => {
    at(pathname);
    mockSession = state;
    renderGuard();
    expect(screen.getByText('Protected content')).toBeInTheDocument();
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  describe('signed in on a deep-link page with ucpid', () => {
    beforeEach(() => {
      at('/inbox', '/inbox?ucpid=UCP100001&id=42');
      mockSession = signedIn(sessionWith(['home']));
    });

    it('checks the token first: nothing is shown until it answers, then the page', async () => {
      const deferred = apiDeferred(CHECK, { valid: true, expiresAt: '2099-01-01T00:00:00.000Z' });
      server.use(deferred.handler);
      renderGuard();
      expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toBeInTheDocument();
      await act(async () => deferred.release());
      expect(await screen.findByText('Protected content')).toBeInTheDocument();
      expect(mockSignOut).not.toHaveBeenCalled();
    });

    it('a 401 signs out and goes to /login with the link, its query and the error code', async () => {
      server.use(apiError(CHECK, 'TOKEN_EXPIRED', { status: 401 }));
      renderGuard();
      await waitFor(() =>
        expect(mockRouter.replace).toHaveBeenCalledWith({
          pathname: '/login',
          query: { deepLink: '/inbox', deepLinkParams: 'ucpid=UCP100001&id=42', error: 'TOKEN_EXPIRED' },
        }),
      );
      expect(mockSignOut).toHaveBeenCalledWith({ redirect: false });
      expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
    });

    it('any other failure of the check still shows the page (only 401 means the session is gone)', async () => {
      server.use(apiError(CHECK, 'SERVICE_UNAVAILABLE', { status: 503 }));
      renderGuard();
      expect(await screen.findByText('Protected content')).toBeInTheDocument();
      expect(mockSignOut).not.toHaveBeenCalled();
      expect(mockRouter.replace).not.toHaveBeenCalled();
    });

    it('a link for another customer the user is linked to: switches to it (token re-issued), then the page', async () => {
      at('/inbox', '/inbox?ucpid=UCP100003&id=42');
      const before = sessionWith(['home'], { profile: { customerCount: 2 } });
      const after = sessionWith(['home'], { currentUser: { userAcUuid: 'u-1', ucpId: 'UCP100003' }, jwtToken: 'token-2', profile: { customerCount: 2 } });
      mockSession = signedIn(before);
      mockUpdate.mockImplementation(async () => {
        mockSession = signedIn(after);
        return after;
      });
      server.use(apiSuccess(CHECK, { valid: true, expiresAt: '2099-01-01T00:00:00.000Z' }));
      const view = renderGuard();
      await waitFor(() => expect(mockUpdate).toHaveBeenCalledWith({ ucpId: 'UCP100003' }));
      // Never the first customer's page while the switch is under way.
      expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
      view.rerender(
        <RouteGuard wrap={(node) => <div data-testid="layout">{node}</div>}>
          <h1>Protected content</h1>
        </RouteGuard>,
      );
      expect(await screen.findByText('Protected content')).toBeInTheDocument();
      expect(mockUpdate).toHaveBeenCalledTimes(1);
    });

    it.each<Lang>(['en', 'tc'])('a link for a customer the user is not linked to: a clear message inside the layout (%s)', async (lng) => {
      at('/inbox', '/inbox?ucpid=UCP100009&id=42');
      mockSession = signedIn(sessionWith(['home'], { profile: { customerCount: 2 } }));
      server.use(apiSuccess(CHECK, { valid: true, expiresAt: '2099-01-01T00:00:00.000Z' }));
      renderGuard(lng);
      const alert = await screen.findByRole('heading', { level: 1, name: text(lng, 'common:deepLinkCustomer.notLinkedTitle') });
      expect(screen.getByTestId('layout')).toContainElement(alert);
      expect(screen.getByText(text(lng, 'common:deepLinkCustomer.notLinkedHelp').replace('{{ucpId}}', 'UCP100009'))).toBeInTheDocument();
      expect(mockUpdate).toHaveBeenCalledWith({ ucpId: 'UCP100009' });
      expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
    });

    it('a single-customer user opening another customer\'s link: the message, no switch attempted', async () => {
      at('/inbox', '/inbox?ucpid=UCP100003');
      server.use(apiSuccess(CHECK, { valid: true, expiresAt: '2099-01-01T00:00:00.000Z' }));
      renderGuard();
      expect(await screen.findByText(text('en', 'common:deepLinkCustomer.notLinkedTitle'))).toBeInTheDocument();
      expect(mockUpdate).not.toHaveBeenCalled();
      expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
    });

    it('the permission still applies after the check', async () => {
      mockSession = signedIn(
        sessionWith(['apv_chg_bill_addr_read'], { currentUser: { userAcUuid: 'u-2', ucpId: 'PROVIDER' }, profile: { isProviderStaff: true } }),
      );
      server.use(apiSuccess(CHECK, { valid: true, expiresAt: '2099-01-01T00:00:00.000Z' }));
      renderGuard();
      expect(await screen.findByText(text('en', 'common:no_permission_to_access'))).toBeInTheDocument();
      expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
    });
  });
});
