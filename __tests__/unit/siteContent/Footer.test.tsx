import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Footer } from '@/components/shell/Footer';
import { hkToday } from '@/lib/dates/hongKong';
import { usePortalStore } from '@/store/portalStore';
import { fakeDateOnly } from '../testUtils/clock';
import { server } from '../testUtils/server';
import { CONTENT_KEY, CONTENT_NAMES, contentHandlers } from './contentFixtures';
import { renderWithProviders, testSession } from '../testUtils/render';
import { siteContentContract } from '@/lib/siteContent/contract';

const mockRouter = { locale: 'en' as string | undefined };
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
// The copyright reads the date on every render of the footer's frame: its calls count those renders.
jest.mock('@/lib/dates/hongKong', () => {
  const actual = jest.requireActual<typeof import('@/lib/dates/hongKong')>('@/lib/dates/hongKong');
  return { ...actual, hkToday: jest.fn(actual.hkToday) };
});
const frameRenders = () => (hkToday as jest.Mock).mock.calls.length;

beforeEach(() => {
  mockRouter.locale = 'en';
  window.__PORTAL_RUNTIME__ = { contentApiKey: CONTENT_KEY };
});

describe('Footer', () => {
  it('shows the popups, social links, app badges, chat link and copyright from the content calls', async () => {
    server.use(...contentHandlers().handlers);
    renderWithProviders(<Footer />);

    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('button', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: 'Terms of Use' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(within(footer).getByRole('navigation', { name: 'Policies and terms' })).toBeInTheDocument();

    const facebook = await within(footer).findByRole('link', { name: 'Follow us on Facebook (opens in a new tab)' });
    expect(facebook).toHaveAttribute('href', 'https://www.example.hk/en/follow/facebook');
    expect(facebook).toHaveAttribute('target', '_blank');
    expect(facebook).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(footer).getByRole('link', { name: 'Follow us on Instagram (opens in a new tab)' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Follow us on LinkedIn (opens in a new tab)' })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'Follow us' })).toBeInTheDocument();

    expect(within(footer).getByRole('heading', { name: 'Get our mobile app' })).toBeInTheDocument();
    const appStore = within(footer).getByRole('link', { name: /Download on the App Store/ });
    expect(appStore).toHaveAttribute('href', 'https://apps.example.hk/ios');
    expect(appStore).toHaveAttribute('rel', 'noopener noreferrer');
    expect(appStore).toHaveAccessibleName(expect.stringContaining('(opens in a new tab)'));
    expect(within(footer).getByRole('link', { name: /Get it on Google Play/ })).toHaveAttribute('href', 'https://apps.example.hk/android');

    const chat = within(footer).getByRole('link', { name: /Chat with us/ });
    expect(chat).toHaveAttribute('href', 'https://chat.example.hk/?lang=en');
    expect(chat).toHaveAttribute('target', '_blank');

    expect(within(footer).getByText(new RegExp(`© ${hkToday().slice(0, 4)} Pacific Imaging Services Ltd`))).toBeInTheDocument();
  });

  it('renders its frame once while the five content answers arrive: each answer re-renders only the part that shows it', async () => {
    server.use(...contentHandlers().handlers);
    (hkToday as jest.Mock).mockClear();
    renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo');
    await within(footer).findByRole('button', { name: 'Privacy Policy' });
    await within(footer).findByRole('link', { name: 'Follow us on Facebook (opens in a new tab)' });
    await within(footer).findByRole('link', { name: /Get it on Google Play/ });
    await within(footer).findByRole('link', { name: /Chat with us/ });
    await waitFor(() => expect(usePortalStore.getState().linkconfiguration).not.toEqual({ requestforQuoteLink: '', yourVoiceLink: '', rChoiceLink: '' }));
    // React's development build renders twice under StrictMode; the answers used to re-render the whole footer each.
    expect(frameRenders()).toBeLessThanOrEqual(2);
  });

  it('shows provider staff no customer-only sections: no chat, social links or app badges (issue 10 item 15)', async () => {
    server.use(...contentHandlers().handlers);
    const base = testSession(['home', 'payslip_review_read' as never], { ucpId: 'PROVIDER' });
    renderWithProviders(<Footer />, { session: { ...base, profile: { ...base.profile, isProviderStaff: true } } });
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('button', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: /Chat with us/ })).toBeNull();
    expect(within(footer).queryByRole('heading', { name: 'Follow us' })).toBeNull();
    expect(within(footer).queryByRole('heading', { name: 'Get our mobile app' })).toBeNull();
    expect(within(footer).getByText(new RegExp(`© ${hkToday().slice(0, 4)} Pacific Imaging Services Ltd`))).toBeInTheDocument();
  });

  it('dates the copyright by Hong Kong’s calendar: at 00:10 on 1 Jan 2027 in Hong Kong (still 2026 in UTC) it reads 2027', async () => {
    // Only Date is faked: the content calls and the queries keep their real timers.
    fakeDateOnly(new Date('2026-12-31T16:10:00Z'));
    try {
      server.use(...contentHandlers().handlers);
      renderWithProviders(<Footer />);
      expect(within(screen.getByRole('contentinfo')).getByText(/© 2027 Pacific Imaging Services Ltd/)).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('opens a popup in a dialog with its title and paragraphs, and closes it with the button or Escape', async () => {
    server.use(...contentHandlers().handlers);
    const user = userEvent.setup();
    renderWithProviders(<Footer />);

    await user.click(await screen.findByRole('button', { name: 'Privacy Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    expect(within(dialog).getByText('We respect your privacy.')).toBeInTheDocument();
    expect(within(dialog).getByText('Write to our Data Protection Officer.')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/./, { selector: 'p' })).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Terms of Use' }));
    expect(await screen.findByRole('dialog', { name: 'Terms of Use' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('wraps a long popup title without spaces instead of widening the page (390 px phone), in the link and the dialog', async () => {
    const user = userEvent.setup();
    const long = 'X'.repeat(300);
    server.use(
      http.get(siteContentContract.endpoints.footerPopup.path, () =>
        HttpResponse.json({ status: 'success', data: { footerPopupContentList: [{ key: 'x', title: long, paragraphs: ['Y'.repeat(400)] }] }, traceId: 't' }),
      ),
      ...contentHandlers().handlers,
    );
    renderWithProviders(<Footer />);
    const link = await screen.findByRole('button', { name: long });
    expect(link).toHaveStyle({ overflowWrap: 'anywhere' });
    expect(link.closest('li')).toHaveStyle({ minWidth: '0' });
    await user.click(link);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: long })).toHaveStyle({ overflowWrap: 'anywhere' });
    expect(within(dialog).getByText('Y'.repeat(400))).toHaveStyle({ overflowWrap: 'anywhere' });
  });

  it('is keyboard usable: Tab reaches a popup link and Enter opens it', async () => {
    server.use(...contentHandlers().handlers);
    const user = userEvent.setup();
    renderWithProviders(<Footer />);
    const privacy = await screen.findByRole('button', { name: 'Privacy Policy' });
    await user.tab();
    expect(privacy).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Privacy Policy' })).toBeInTheDocument();
  });

  it('renders popup text as text, never as HTML', async () => {
    server.use(
      http.get(siteContentContract.endpoints.footerPopup.path, () =>
        HttpResponse.json({
          status: 'success',
          data: { footerPopupContentList: [{ key: 'x', title: 'Notice', paragraphs: ['<img src=x onerror=alert(1)><b>bold</b>'] }] },
          traceId: 't',
        }),
      ),
      ...contentHandlers().handlers,
    );
    const user = userEvent.setup();
    renderWithProviders(<Footer />);
    await user.click(await screen.findByRole('button', { name: 'Notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notice' });
    expect(within(dialog).getByText('<img src=x onerror=alert(1)><b>bold</b>')).toBeInTheDocument();
    expect(dialog.querySelector('img, b')).toBeNull();
  });

  it('shows what the store kept from the last visit at once, and leaves out sections that are not configured', async () => {
    // The calls never answer during this test: only the kept values can be on screen.
    const { handlers } = contentHandlers({ answer: () => new Promise(() => undefined) });
    server.use(...handlers);
    usePortalStore.setState({
      footerPopupContentList: [{ key: 'terms_of_use', title: 'Terms of Use', paragraphs: ['Kept'] }],
      chatwithuslink: '/contact-us',
      socialplatformsection: { facebookLink: '', instagramLink: '', linkedInLink: '' },
      mobileApplicationList: [],
    });
    renderWithProviders(<Footer />);
    expect(screen.getByRole('button', { name: 'Terms of Use' })).toBeInTheDocument();
    // A portal path stays in the same tab.
    const chat = screen.getByRole('link', { name: 'Chat with us' });
    expect(chat).toHaveAttribute('href', '/contact-us');
    expect(chat).not.toHaveAttribute('target');
    expect(screen.queryByRole('heading', { name: 'Follow us' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Get our mobile app' })).not.toBeInTheDocument();
  });

  it('never renders an unsafe link kept in localStorage', () => {
    server.use(...contentHandlers({ answer: () => new Promise(() => undefined) }).handlers);
    usePortalStore.setState({
      chatwithuslink: 'javascript:alert(1)',
      socialplatformsection: { facebookLink: 'javascript:alert(1)', instagramLink: '//evil.example', linkedInLink: 'http://plain.example' },
      // An older shape (id/content) is ignored rather than crashing the footer.
      footerPopupContentList: [{ id: 'old', content: '<p>x</p>' } as never],
    });
    renderWithProviders(<Footer />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('shows the content in Traditional Chinese for the tc locale', async () => {
    mockRouter.locale = 'tc';
    const { handlers, seen } = contentHandlers();
    server.use(...handlers);
    renderWithProviders(<Footer />, { locale: 'tc' });
    expect(await screen.findByRole('button', { name: '私隱政策' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /與我們對話/ })).toHaveAttribute('href', 'https://chat.example.hk/?lang=zh-HK');
    expect(screen.getByRole('link', { name: '在 Facebook 關注我們（於新分頁開啟）' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Instagram/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /在 App Store 下載/ })).toBeInTheDocument();
    expect(screen.getByText(/太平洋影像服務有限公司 版權所有/)).toBeInTheDocument();
    expect(seen.every((r) => r.lang === 'tc')).toBe(true);
  });

  it('compact variant (sign-in pages): popups, chat link and copyright only', async () => {
    const { handlers, seen } = contentHandlers();
    server.use(...handlers);
    renderWithProviders(<Footer variant="compact" />);
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('button', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(await within(footer).findByRole('link', { name: /Chat with us/ })).toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: /Facebook/ })).not.toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: /App Store/ })).not.toBeInTheDocument();
    expect(within(footer).getByText(/Pacific Imaging Services Ltd/)).toBeInTheDocument();
    // Still loads every section: the store (and the home page's links) are shared by all layouts.
    await waitFor(() => expect(seen).toHaveLength(CONTENT_NAMES.length));
  });
});
