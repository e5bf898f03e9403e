import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { Header } from '@/components/shell/Header';
import type { FunctionCode } from '@/lib/permissions/codes';
import { createQueryClient, keyOf } from '@/lib/api/query';
import { inboxContract } from '@/lib/inbox/contract';
import tcCommon from '@/public/locales/tc/common.json';
import { endpointSuccess, sessionDataHandlers, type SessionDataAnswers } from '../testUtils/handlers';
import { server } from '../testUtils/server';
import { renderWithProviders, type ProviderOptions } from '../testUtils/render';
import { clearThemeState } from '../theme/appTheme';
import { NAV_PROFILES, expectedNavHrefs } from './navProfiles';
import { landingPath } from '@/lib/navigation';
import { toGrants } from '@/lib/permissions/canAccess';

type User = ReturnType<typeof userEvent.setup>;

function renderHeader(codes: readonly FunctionCode[], options: ProviderOptions = {}, answers: SessionDataAnswers = {}) {
  // The user menu and the inbox button read the session's queries (current customer, unread count…), silently.
  server.use(...sessionDataHandlers(answers));
  return renderWithProviders(<Header />, { functionCodes: codes, router: { pathname: '/', asPath: '/' }, ...options });
}

const pathOf = (a: Element) => new URL(a.getAttribute('href') ?? '', 'http://localhost').pathname;

/**
 * Every entry of the desktop navigation: the link of each one-entry section plus, for each section with a menu, the
 * links of its menu (opened and closed again). The bar's CSS is `display: none` below md and jsdom has no viewport
 * to match the media query, so it is queried including hidden elements.
 */
async function desktopHrefs(user: User): Promise<string[]> {
  const nav = screen.getByRole('navigation', { name: 'Main navigation', hidden: true });
  const found: string[] = [];
  for (const el of Array.from(nav.querySelectorAll('a, button'))) {
    if (el.tagName === 'A') {
      found.push(pathOf(el));
      continue;
    }
    await user.click(el);
    const menu = await screen.findByRole('menu');
    found.push(...within(menu).getAllByRole('menuitem').map(pathOf));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  }
  return found;
}

/** Opens the phone drawer and lists its entries. */
async function drawerHrefs(user: User): Promise<string[]> {
  await user.click(screen.getByRole('button', { name: 'Open navigation menu', hidden: true }));
  const drawerNav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(drawerNav).queryAllByRole('link').map(pathOf);
}

const sorted = (a: string[]) => [...a].sort();

beforeEach(clearThemeState);
afterAll(clearThemeState);

describe('Header navigation per function list', () => {
  it.each(Object.entries(NAV_PROFILES))('%s: the desktop bar and the drawer show exactly the entries it may open', async (_name, codes) => {
    const user = userEvent.setup();
    renderHeader(codes);
    const expected = expectedNavHrefs(codes);
    // The bar leaves "Account and preferences" to the user menu (it wrapped the bar at 1366 px); the drawer keeps it.
    expect(sorted(await desktopHrefs(user))).toEqual(sorted(expected.filter((h) => h !== '/account')));
    expect(sorted(await drawerHrefs(user))).toEqual(sorted(expected));
  });

  it('a customer gets the orders menu with both order screens; the account page is in the user menu, not the bar', async () => {
    const user = userEvent.setup();
    renderHeader(NAV_PROFILES.customer, { router: { pathname: '/my-orders/track', asPath: '/my-orders/track' } });
    await user.click(screen.getByRole('button', { name: 'Orders', hidden: true }));
    // The menu is named by its button, and marks the page shown (a screen reader heard an unnamed menu, and the
    // current entry only as a colour).
    const menu = await screen.findByRole('menu', { name: 'Orders' });
    expect(within(menu).getByRole('menuitem', { name: 'My orders' })).toHaveAttribute('href', '/my-orders/manage');
    expect(within(menu).getByRole('menuitem', { name: 'My orders' })).not.toHaveAttribute('aria-current');
    expect(within(menu).getByRole('menuitem', { name: 'Track my orders' })).toHaveAttribute('href', '/my-orders/track');
    expect(within(menu).getByRole('menuitem', { name: 'Track my orders' })).toHaveAttribute('aria-current', 'page');
    const bar = screen.getByRole('navigation', { name: 'Main navigation', hidden: true });
    expect(within(bar).queryByRole('link', { name: 'Account and preferences', hidden: true })).toBeNull();
  });

  it('staff holding only approval codes see no customer entry in either navigation', async () => {
    const user = userEvent.setup();
    renderHeader(NAV_PROFILES.approvalStaff, { user: { ucpId: null } });
    const desktop = await desktopHrefs(user);
    const drawer = await drawerHrefs(user);
    for (const href of ['/', '/inbox', '/my-orders/manage', '/my-orders/track']) {
      expect(desktop).not.toContain(href);
      expect(drawer).not.toContain(href);
    }
  });

  it('marks the current page in the drawer', async () => {
    const user = userEvent.setup();
    renderHeader(NAV_PROFILES.customer, { router: { pathname: '/my-orders/manage', asPath: '/my-orders/manage?page=2' } });
    await user.click(screen.getByRole('button', { name: 'Open navigation menu', hidden: true }));
    const drawerNav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(drawerNav).getByRole('link', { name: 'My orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(drawerNav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it.each([
    ['/admin-controls/outbox', 'Mail outbox', 'Admin controls', NAV_PROFILES.all],
    ['/my-account/manage-my-bills/payment-slip-upload', 'Payment slips', 'My bills', NAV_PROFILES.customer],
  ])('on %s marks only its own entry, not the entry its path lies under', async (path, own, parent, codes) => {
    const user = userEvent.setup();
    renderHeader(codes, { router: { pathname: path, asPath: path } });
    await user.click(screen.getByRole('button', { name: 'Open navigation menu', hidden: true }));
    const drawerNav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(drawerNav).getByRole('link', { name: own })).toHaveAttribute('aria-current', 'page');
    expect(within(drawerNav).getByRole('link', { name: parent })).not.toHaveAttribute('aria-current');
    expect(within(drawerNav).getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page')).toHaveLength(1);
  });

  it('choosing a drawer entry closes the drawer', async () => {
    const user = userEvent.setup();
    renderHeader(NAV_PROFILES.viewer);
    await drawerHrefs(user);
    expect(document.querySelector('.MuiDrawer-paper')).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Inbox' }));
    await waitFor(() => expect(document.querySelector('.MuiDrawer-paper')).not.toBeInTheDocument());
  });

  it('the drawer has a close button (a phone screen reader cannot press Escape or tap the hidden backdrop), in en and tc', async () => {
    const user = userEvent.setup();
    renderHeader(NAV_PROFILES.viewer);
    const open = screen.getByRole('button', { name: 'Open navigation menu', hidden: true });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await drawerHrefs(user);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Close navigation menu' }));
    await waitFor(() => expect(document.querySelector('.MuiDrawer-paper')).not.toBeInTheDocument());
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(tcCommon.nav.close).toBe('關閉選單');
  });

  it('translates the navigation in tc', async () => {
    const user = userEvent.setup();
    renderHeader(NAV_PROFILES.customer, { locale: 'tc' });
    await user.click(screen.getByRole('button', { name: tcCommon.nav.open, hidden: true }));
    const drawerNav = await screen.findByRole('navigation', { name: tcCommon.nav.label });
    expect(within(drawerNav).getByText(tcCommon.nav.orders)).toBeInTheDocument();
    expect(within(drawerNav).getByRole('link', { name: tcCommon.nav.inbox })).toBeInTheDocument();
  });
});

describe('Header logo', () => {
  it("leads to the user's own landing page: '/' for a customer, not '/' for staff without `home` (it answered \"no permission\")", () => {
    const { unmount } = renderHeader(['home']);
    expect(screen.getByRole('link', { name: 'Pacific Imaging Customer Portal' })).toHaveAttribute('href', '/');
    unmount();
    renderHeader(NAV_PROFILES.approvalStaff, { user: { ucpId: 'PROVIDER' } });
    const logo = screen.getByRole('link', { name: 'Pacific Imaging Customer Portal' });
    expect(logo).toHaveAttribute('href', landingPath(toGrants(NAV_PROFILES.approvalStaff)));
    expect(logo).not.toHaveAttribute('href', '/');
  });
});

describe('Header inbox button', () => {
  const inboxButton = () => screen.queryByTestId('inbox-button');

  it('is shown only to users holding `home`', () => {
    const { unmount } = renderHeader(['home']);
    expect(inboxButton()).toHaveAttribute('href', '/inbox');
    unmount();
    renderHeader(['mgt_order_read', 'track_order_read', 'ac_pref_read']);
    expect(inboxButton()).not.toBeInTheDocument();
  });

  it('asks for the count again when the user comes back to the tab (new messages arrive while the portal stays open)', async () => {
    let unread = 2;
    server.use(...sessionDataHandlers());
    server.use(endpointSuccess(inboxContract.endpoints.getEmailUnreadCount, () => unread));
    // The portal's own defaults (no refetch on focus for other queries), with the count stale at once.
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false, staleTime: 0 } });
    renderWithProviders(<Header />, { functionCodes: ['home'], router: { pathname: '/', asPath: '/' }, queryClient });
    const badge = () => within(screen.getByTestId('inbox-button')).queryByText(/\d/);
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    unread = 3;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    focusManager.setFocused(undefined);
  });

  it('shows the unread count and follows it', async () => {
    const { queryClient } = renderHeader(['home'], {}, { unread: 5 });
    const setUnread = (n: number) => queryClient.setQueryData(keyOf(inboxContract.endpoints.getEmailUnreadCount, {}), n);
    const badge = () => within(screen.getByTestId('inbox-button')).getByText(/\d/);
    await waitFor(() => expect(badge()).toHaveTextContent('5'));
    expect(screen.getByTestId('inbox-button')).toHaveAccessibleName('Inbox: 5 unread messages');

    act(() => void setUnread(1));
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    expect(screen.getByTestId('inbox-button')).toHaveAccessibleName('Inbox: 1 unread message');

    act(() => void setUnread(250));
    await waitFor(() => expect(badge()).toHaveTextContent('99+'));
  });

  it('shows no number when nothing is unread', () => {
    renderHeader(['home'], {}, { unread: 0 });
    expect(screen.getByTestId('inbox-button').querySelector('.MuiBadge-badge')).toHaveClass('MuiBadge-invisible');
    expect(screen.getByTestId('inbox-button')).toHaveAccessibleName('Inbox: 0 unread messages');
  });
});
