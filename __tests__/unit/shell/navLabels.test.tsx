import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testUtils/render';
import { sessionDataHandlers } from '../testUtils/handlers';
import { server } from '../testUtils/server';
import { NAV_SECTIONS } from '@/lib/navigation';
import { DashboardLayout } from '@/layouts/DashboardLayout';

// The header stands in for itself; the side list (if any layout rendered one) would be NavList's own <nav>.
jest.mock('@/components/shell/Header', () => ({
  Header: () => <header data-testid="header" />,
  NavList: () => <nav aria-label="side" />,
  useNavSections: () => [{ key: 'home', labelKey: 'nav.home', items: [{ href: '/', labelKey: 'nav.dashboard' }] }],
}));

/**
 * Issue 10 item 12: one navigation model and one set of labels. A menu entry is called what the page it opens calls
 * itself (its heading), in both languages, and a section with a single entry is called like that entry (the desktop
 * bar shows the section's label as the link). The home and account pages have no second, side navigation.
 */
type Locale = 'en' | 'tc';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = (locale: Locale, ns: string): Record<string, unknown> => require(`@/public/locales/${locale}/${ns}.json`);
const valueOf = (locale: Locale, ref: string): string => {
  const [ns, key] = ref.split(':') as [string, string];
  const v = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], load(locale, ns));
  if (typeof v !== 'string') throw new Error(`${locale}/${ref} is not a string`);
  return v;
};

/** The heading of each page the menu opens (namespace:key of the title the page shows). */
const HEADING: Record<string, string> = {
  '/': 'home:home.title',
  '/inbox': 'inbox:inbox.title',
  '/my-orders/manage': 'orders:orders.title',
  '/my-orders/track': 'orders:tracking.title',
  '/my-account/manage-my-bills': 'bills:bills.title',
  '/my-account/manage-my-bills/payment-slip-upload': 'bills:paymentSlips.title',
  '/customer-support/account-info-update': 'accountChanges:title',
  '/customer-support/quick-help': 'support:quickHelp.title',
  '/customer-support/faq': 'support:faq.title',
  '/customer-support/useful-links': 'support:links.title',
  '/contact-us': 'support:contact.title',
  '/account': 'account:account.title',
  '/admin-controls': 'admin:landing.title',
  '/admin-controls/ucp-customer-maintenance': 'customers:title',
  '/admin-controls/user-account-maintenance': 'users:title',
  '/admin-controls/contract-renewal-offer-maintenance': 'renewal:offers.title',
  '/admin-controls/customer-contract-renewal-logs': 'renewal:logs.title',
  '/admin-controls/customer-contract-renewal-report': 'renewal:report.title',
  '/my-orders/contract-renewal': 'renewal:list.title',
  '/my-account/meter-history': 'meter:history.title',
  '/my-account/contract-billing-schedule': 'contracts:list.title',
  '/admin-controls/user-group-maintenance': 'userGroups:title',
  '/admin-controls/user-list-report': 'userListReport:title',
  '/admin-controls/offer-maintenance': 'offers:title',
  '/admin-controls/approve-account-info-update': 'accountChanges:review.title',
  '/admin-controls/payment-slip-review': 'slipReview:slipReview.title',
  '/admin-controls/build-inbox-message': 'inbox-builder:title',
  '/admin-controls/outbox': 'mail:outbox.title',
  '/admin-controls/quick-help-maintenance': 'supportArticles:title',
  '/admin-controls/faq-maintenance': 'supportFaq:title',
  '/admin-controls/useful-link-maintenance': 'supportLinks:title',
  '/admin-controls/customer-enquiries': 'supportEnquiries:title',
  '/my-machines': 'machines:list.title',
  '/service-requests': 'serviceRequests:list.title',
  '/admin-controls/service-desk': 'serviceDesk:title',
  '/admin-controls/site-content-maintenance': 'siteContentAdmin:title',
};

describe.each<Locale>(['en', 'tc'])('navigation labels (%s)', (locale) => {
  const entries = NAV_SECTIONS.flatMap((s) => s.items.map((item) => ({ section: s, item })));

  it.each(entries.map((e) => [e.item.href, e] as const))('the entry for %s is called like the page’s heading', (href, { item }) => {
    const heading = HEADING[href];
    expect(heading).toBeDefined();
    expect(valueOf(locale, `common:${item.labelKey}`)).toBe(valueOf(locale, heading!));
  });

  it('a one-entry section is called like its entry', () => {
    for (const s of NAV_SECTIONS.filter((x) => x.items.length === 1)) {
      expect(valueOf(locale, `common:${s.labelKey}`)).toBe(valueOf(locale, `common:${s.items[0]!.labelKey}`));
    }
  });

  it('the user menu’s account entry and the home card use the same words as the menu', () => {
    expect(valueOf(locale, 'home:home.cards.account.title')).toBe(valueOf(locale, 'common:nav.account'));
  });
});

describe('one navigation model (issue 10 item 12)', () => {
  it('the dashboard layout (home, account) has no side navigation besides the header’s', () => {
    server.use(...sessionDataHandlers({}));
    renderWithProviders(<DashboardLayout><p>content</p></DashboardLayout>, { functionCodes: ['home'], router: { pathname: '/', asPath: '/' } });
    expect(screen.getByText('content')).toBeInTheDocument();
    expect(screen.getByTestId('header')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'side' })).toBeNull();
  });
});
