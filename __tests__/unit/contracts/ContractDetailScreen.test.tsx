import { screen, within } from '@testing-library/react';
import { ContractDetailScreen } from '@/components/contracts/ContractDetailScreen';
import { contractsContract } from '@/lib/contracts/contract';
import type { ContractDetail } from '@/lib/contracts/schemas';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders, type TestLocale } from '../testUtils/render';
import { server } from '../testUtils/server';
import { useBrowserLocale } from '../testUtils/browserLocale';

const ID = '5eed0020-0000-4000-8000-000000000001';
const contract: ContractDetail = {
  id: ID,
  contractNo: 'CT-2024-00118',
  contractType: 'managed_print',
  startDate: '2024-03-01',
  endDate: '2029-02-28',
  termMonths: 60,
  billingFrequency: 'monthly',
  status: 'active',
  machineCount: 0,
  serials: [],
  nextBillingDate: '2026-12-01',
  periodChargeCents: 185_000,
  minimumChargeCents: 60_000,
  monoRate: '0.0450',
  colourRate: '0.4500',
  monoAllowance: 3000,
  colourAllowance: 500,
  machines: [],
  schedule: [
    { periodStart: '2024-03-01', periodEnd: '2024-03-31', billingDate: '2024-04-01', state: 'billed', amountCents: 245_000, billId: 'b1', billNo: 'INV-202404-1001' },
    { periodStart: '2026-12-01', periodEnd: '2026-12-31', billingDate: '2027-01-01', state: 'upcoming', amountCents: 250_000, billId: null, billNo: null },
  ],
  history: [],
  billedTotalCents: 245_000,
  expectedRemainingCents: 250_000,
} as ContractDetail;

async function open(locale: TestLocale, c: ContractDetail = contract) {
  server.use(endpointSuccess(contractsContract.endpoints.getContract, c));
  renderWithProviders(<ContractDetailScreen />, {
    locale,
    router: { pathname: '/my-account/contract-billing-schedule/[id]', query: { id: ID }, isReady: true },
    functionCodes: ['contract_billing_read'],
  });
  const table = await screen.findByTestId('billing-schedule');
  return within(table).getAllByRole('row').slice(1);
}

describe('ContractDetailScreen, the billing schedule on a phone', () => {
  it('tc: each period carries its billing date under it (the billing date column is for wider screens)', async () => {
    const [billed, upcoming] = await open('tc');
    const [period, billingDate] = within(billed!).getAllByRole('cell');
    expect(within(period!).getByTestId('schedule-billing-date-phone')).toHaveTextContent('開單日期：2024年4月1日');
    expect(billingDate).toHaveTextContent('2024年4月1日');
    expect(within(upcoming!).getByTestId('schedule-billing-date-phone')).toHaveTextContent('開單日期：2027年1月1日');
  });

  it('en: a bill number and each date of the period stay on one line (no "INV-202404-" / "1001")', async () => {
    const [billed] = await open('en');
    const link = within(billed!).getByRole('link', { name: 'Billed: INV-202404-1001' });
    expect(getComputedStyle(within(link).getByText('INV-202404-1001')).whiteSpace).toBe('nowrap');
    const period = within(billed!).getAllByRole('cell')[0]!;
    expect(getComputedStyle(within(period).getByText('1 Mar 2024 –')).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(within(period).getByText('31 Mar 2024')).whiteSpace).toBe('nowrap');
    expect(within(period).getByTestId('schedule-billing-date-phone')).toHaveTextContent('Billing date: 1 Apr 2024');
  });

  it.each([
    ['en', '1 Apr 2024', '1 Mar 2024 –'],
    ['tc', '2024年4月1日', '2024年3月1日 –'],
  ] as const)('%s: the billing date under the period does not break inside ("1 / Apr 2024", "2024 / 年4月1日"), nor does the dash sit alone on a line', async (locale, billingDate, start) => {
    const [billed] = await open(locale);
    const period = within(billed!).getAllByRole('cell')[0]!;
    const phoneDate = within(within(period).getByTestId('schedule-billing-date-phone')).getByText(billingDate);
    expect(getComputedStyle(phoneDate).whiteSpace).toBe('nowrap');
    expect(within(period).getByTestId('schedule-period-start')).toHaveTextContent(start);
    expect(getComputedStyle(within(period).getByTestId('schedule-period-start')).whiteSpace).toBe('nowrap');
  });
});

describe('ContractDetailScreen, numbers in the page’s language (not the browser’s)', () => {
  useBrowserLocale('de-DE');
  it.each([
    ['en', 'B/W 3,000, colour 500'],
    ['tc', '黑白 3,000，彩色 500'],
  ] as const)('%s: the included pages are grouped as the page writes them', async (locale, included) => {
    await open(locale);
    expect(screen.getByText(included)).toBeInTheDocument();
  });
});

describe('ContractDetailScreen, a contract that does not exist or is not the customer’s', () => {
  it.each([
    ['en', 'Contract not found', 'This contract does not exist or is not one of your account’s.'],
    ['tc', '找不到合約', null],
  ] as const)('%s: says "not found" once (the page heading), with why and the way back', async (locale, title, body) => {
    server.use(endpointError(contractsContract.endpoints.getContract, 'NOT_FOUND', { status: 404 }));
    renderWithProviders(<ContractDetailScreen />, {
      locale,
      router: { pathname: '/my-account/contract-billing-schedule/[id]', query: { id: ID }, isReady: true },
      functionCodes: ['contract_billing_read'],
    });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByText(title)).toHaveLength(1);
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    if (body) expect(screen.getByText(body)).toBeInTheDocument();
  });
});

describe('ContractDetailScreen, the terms', () => {
  // QA: a black & white contract read "B/W HK$0.0450, colour HK$0.0000" and "B/W 3,000, colour 0".
  it.each([
    ['en', 'B/W HK$0.0450', 'B/W 3,000'],
    ['tc', '黑白 HK$0.0450', '黑白 3,000'],
  ] as const)('%s: a black & white contract names no colour rate or colour pages', async (locale, rates, included) => {
    await open(locale, { ...contract, colourRate: '0.0000', colourAllowance: 0 });
    const terms = screen.getByRole('region', { name: locale === 'en' ? 'Terms' : '條款' });
    expect(within(terms).getByText(rates)).toBeInTheDocument();
    expect(within(terms).getByText(included)).toBeInTheDocument();
    expect(terms).not.toHaveTextContent(locale === 'en' ? /colour/i : /彩色/);
  });

  it('en: a colour contract names both', async () => {
    await open('en');
    const terms = screen.getByRole('region', { name: 'Terms' });
    expect(within(terms).getByText('B/W HK$0.0450, colour HK$0.4500')).toBeInTheDocument();
    expect(within(terms).getByText('B/W 3,000, colour 500')).toBeInTheDocument();
  });
});

describe('ContractDetailScreen, the minimum charge in the terms', () => {
  /** The value (dd) the terms list shows under a label (dt). */
  const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

  it.each([
    ['en', 'Minimum charge', 'None'],
    ['tc', '最低收費', '不設'],
  ] as const)('%s: a contract without a minimum says so, never "HK$0.00"', async (locale, label, none) => {
    await open(locale, { ...contract, minimumChargeCents: 0 });
    expect(fact(label)).toHaveTextContent(new RegExp(`^${none}$`));
    expect(screen.queryByText(/HK\$0\.00/)).toBeNull();
  });

  it('en: a contract with a minimum shows the amount', async () => {
    await open('en');
    expect(fact('Minimum charge')).toHaveTextContent(/^HK\$600\.00$/);
  });
});
