/** The terms page before a change form (components/accountChanges/AgreementScreen.tsx). */
import { screen } from '@testing-library/react';
import { AgreementScreen } from '@/components/accountChanges/AgreementScreen';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import type { FunctionCode } from '@/lib/permissions/codes';
import { endpointSuccess } from '../testUtils/handlers';
import { server } from '../testUtils/server';
import { renderWithProviders, text, type TestLocale } from '../testUtils/render';

const PATH = '/customer-support/account-info-update/add-changes/agreement';
const codes: FunctionCode[] = ['ac_chg_comp_name_write', 'ac_chg_toner_addr_write'];

const renderAgreement = (query: Record<string, string>, locale: TestLocale = 'en', isReady = true) =>
  renderWithProviders(<AgreementScreen />, { locale, functionCodes: codes, router: { pathname: PATH, query, isReady } });

describe('agreement page', () => {
  it.each([
    ['tc', { type: 'bogus' }],
    ['en', { type: 'bogus' }],
    ['en', {}],
    // The toner type has its own terms page (agreement-toner).
    ['en', { type: 'toner_addr' }],
  ] as const)('an unknown change (%s, %j) is "not found" with the way back to the list of changes, not terms to accept', (locale, query) => {
    renderAgreement(query, locale);
    const t = (key: string) => text(locale, `accountChanges:${key}`);
    expect(screen.getByRole('heading', { level: 1, name: t('agreement.notFoundTitle') })).toBeInTheDocument();
    expect(screen.getByText(t('agreement.notFoundBody'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('agreement.backToChanges') })).toHaveAttribute('href', expect.stringMatching(/\/customer-support\/account-info-update\/add-changes$/));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByTestId('terms')).not.toBeInTheDocument();
    expect(t('agreement.notFoundTitle')).not.toMatch(/^agreement\./);
  });

  // Nothing open (the box waits for the customer's open requests: openRequests.test.tsx).
  beforeEach(() => server.use(endpointSuccess(C.endpoints.listRequests, { items: [], total: 0 })));

  it('a known change shows its name, the terms, the "I accept" box and "Accept and continue"', async () => {
    renderAgreement({ type: 'comp_name' }, 'tc');
    expect(screen.getByText(text('tc', 'accountChanges:types.comp_name'))).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: text('tc', 'accountChanges:agreement.accept') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text('tc', 'accountChanges:agreement.continue') })).toBeDisabled();
  });

  it.each(['en', 'tc'] as const)('a user who may only view the change is told so, and offered no box to tick (%s)', (locale) => {
    // viewer@demo.hk: the read code of the type but not its write code (the add-changes card says "view only").
    renderWithProviders(<AgreementScreen />, { locale, functionCodes: ['ac_chg_bill_addr_read'], router: { pathname: PATH, query: { type: 'bill_addr' }, isReady: true } });
    const t = (key: string) => text(locale, `accountChanges:${key}`);
    expect(screen.getByText(t('form.readOnly'))).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('agreement.continue') })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('agreement.back') })).toHaveAttribute('href', expect.stringMatching(/\/add-changes$/));
    // The terms stay readable.
    expect(screen.getByTestId('terms')).toBeInTheDocument();
  });

  it('says nothing is missing before the router has read the address', () => {
    renderAgreement({}, 'en', false);
    expect(screen.queryByText(text('en', 'accountChanges:agreement.notFoundTitle'))).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });
});
