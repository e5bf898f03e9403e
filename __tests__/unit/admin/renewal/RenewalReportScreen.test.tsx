import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RenewalReportScreen } from '@/components/admin/renewal/RenewalReportScreen';
import { renewalContract } from '@/lib/renewal/contract';
import type { ReportResult } from '@/lib/renewal/schemas';
import { endpointSuccess } from '../../testUtils/handlers';
import { renderWithProviders } from '../../testUtils/render';
import { server } from '../../testUtils/server';
import { mockViewportWidth } from '../../common/viewport';

const R = renewalContract.endpoints;
const empty: ReportResult = { rows: [], totals: { count: 0, byStatus: {} as ReportResult['totals']['byStatus'] } };

describe('RenewalReportScreen date filter', () => {
  it('a date box left with text that is not a date: says so, does not ask for the report, and says to correct the dates', async () => {
    const bodies: unknown[] = [];
    server.use(
      endpointSuccess(R.listOffers, { items: [], total: 0 } as never),
      endpointSuccess(R.report, (body) => (bodies.push(body), empty)),
    );
    renderWithProviders(<RenewalReportScreen />, { functionCodes: ['contract_renewal_report'], route: '/admin-controls/customer-contract-renewal-report' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(bodies).toHaveLength(1);

    const box = screen.getByLabelText('Submitted from');
    fireEvent.change(box, { target: { value: '31 Feb 2026' } });
    fireEvent.blur(box);
    expect(await screen.findByText('Enter a valid date.')).toBeInTheDocument();
    expect(await screen.findByText('Correct the dates in the filters to see results.')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(bodies).toHaveLength(1);

    fireEvent.change(box, { target: { value: '1 Feb 2026' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByText('Correct the dates in the filters to see results.')).toBeNull();
    expect(bodies.at(-1)).toEqual({ filter: { dateFrom: '2026-02-01' } });
  });
});

const oneRow: ReportResult = {
  rows: [
    {
      period: '2026-11',
      status: 'submitted',
      offerId: '5eed0090-0000-4000-8000-000000000036',
      offerCode: 'RN-RENT-36',
      offerNameEn: 'Rental renewal, 36 months',
      offerNameZh: '租賃續約（36個月）',
      count: 1,
      priced: 1,
      currentCostCents: 1_282_003,
      offerCostCents: 1_123_380,
    },
  ],
  totals: { count: 1, byStatus: { submitted: 1, approved: 0, declined: 0, withdrawn: 0 } },
};

describe('RenewalReportScreen table (QA: a phone squeezed it, the month was ISO, "1 renewals")', () => {
  const answer = () => server.use(endpointSuccess(R.listOffers, { items: [], total: 0 } as never), endpointSuccess(R.report, oneRow));

  it('en: the month as words, "1 renewal", short cells kept on one line (a table from 600 px, scrolled sideways where it does not fit)', async () => {
    answer();
    renderWithProviders(<RenewalReportScreen />, { functionCodes: ['contract_renewal_report'], route: '/admin-controls/customer-contract-renewal-report' });
    const month = await screen.findByRole('cell', { name: 'Nov 2026' });
    expect(screen.queryByText('2026-11')).toBeNull();
    expect(within(screen.getByTestId('report-totals')).getByText('1 renewal')).toBeInTheDocument();
    expect(within(screen.getByTestId('report-totals')).getByText('Submitted: 1')).toBeInTheDocument();
    expect(month).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByRole('cell', { name: 'HK$12,820.03' })).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByRole('columnheader', { name: 'Current terms (12 months)' })).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('tc: the month in Chinese and the status counts with a full-width colon', async () => {
    answer();
    renderWithProviders(<RenewalReportScreen />, { locale: 'tc', functionCodes: ['contract_renewal_report'], route: '/admin-controls/customer-contract-renewal-report' });
    expect(await screen.findByRole('cell', { name: '2026年11月' })).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(screen.getByTestId('report-totals')).getByText('已提交：1')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '續約數目' })).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});

describe('RenewalReportScreen amounts (QA: renewals priced on 11 or 0 months were summed under "12 months")', () => {
  const row = oneRow.rows[0]!;
  const twoRows: ReportResult = {
    rows: [
      { ...row, count: 3, priced: 2 },
      { ...row, status: 'approved', count: 2, priced: 0, currentCostCents: 0, offerCostCents: 0 },
    ],
    totals: { count: 5, byStatus: { submitted: 3, approved: 2, declined: 0, withdrawn: 0 } },
  };

  it('says how many renewals were priced, and shows no amount (not HK$0.00) where none was', async () => {
    server.use(endpointSuccess(R.listOffers, { items: [], total: 0 } as never), endpointSuccess(R.report, twoRows));
    renderWithProviders(<RenewalReportScreen />, { functionCodes: ['contract_renewal_report'], route: '/admin-controls/customer-contract-renewal-report' });
    await screen.findByRole('cell', { name: 'Approved' });
    const [, submitted, approved] = screen.getAllByRole('row');
    expect(within(submitted!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Nov 2026', 'Submitted', 'RN-RENT-36 · Rental renewal, 36 months', '3', '2', 'HK$12,820.03', 'HK$11,233.80']);
    expect(within(approved!).getAllByRole('cell').slice(3).map((c) => c.textContent)).toEqual(['2', '0', '–No readings to price', '–No readings to price']);
    expect(screen.queryByText('HK$0.00')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Priced on readings' })).toBeInTheDocument();
    expect(screen.getByText(/scaled to 12 months from the months of readings it was priced on/)).toBeInTheDocument();
  });
});

// QA, 390 × 844: the table showed only Month, Status and Offer; the counts and amounts sat off-screen in a box scrolled
// sideways with no hint, and once scrolled the month and status were gone, so an amount could not be tied to its row.
describe('RenewalReportScreen on a phone', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it.each([
    ['en', 'Nov 2026', [['Status', 'Submitted'], ['Offer', 'RN-RENT-36 · Rental renewal, 36 months'], ['Renewals', '1'], ['Priced on readings', '1'], ['Current terms (12 months)', 'HK$12,820.03'], ['Offer (12 months)', 'HK$11,233.80']]],
    ['tc', '2026年11月', [['狀態', '已提交'], ['方案', 'RN-RENT-36 · 租賃續約（36個月）']]],
  ] as const)('%s: each row is a card titled by its month, every column beside its label', async (locale, month, pairs) => {
    restore = mockViewportWidth(390);
    await expectCards(locale, month, pairs);
  });

  // Review: from 600 to 899 px the nine columns scrolled sideways, the amounts out of sight; a tablet gets the cards too.
  it('a tablet (768 px) gets the cards; from 900 px it is a table', async () => {
    restore = mockViewportWidth(768);
    await expectCards('en', 'Nov 2026', [['Offer (12 months)', 'HK$11,233.80']]);
    restore();
    restore = mockViewportWidth(900);
    server.use(endpointSuccess(R.listOffers, { items: [], total: 0 } as never), endpointSuccess(R.report, oneRow));
    renderWithProviders(<RenewalReportScreen />, { functionCodes: ['contract_renewal_report'], route: '/admin-controls/customer-contract-renewal-report' });
    expect(await screen.findByRole('columnheader', { name: 'Offer (12 months)' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  async function expectCards(locale: 'en' | 'tc', month: string, pairs: readonly (readonly [string, string])[]) {
    server.use(endpointSuccess(R.listOffers, { items: [], total: 0 } as never), endpointSuccess(R.report, oneRow));
    renderWithProviders(<RenewalReportScreen />, { locale, functionCodes: ['contract_renewal_report'], route: '/admin-controls/customer-contract-renewal-report' });
    const card = await screen.findByRole('listitem');
    expect(screen.queryByRole('table')).toBeNull();
    expect(card).toHaveTextContent(month);
    const terms = within(card).getAllByRole('term').map((d) => d.textContent);
    const values = within(card).getAllByRole('definition').map((d) => d.textContent);
    for (const [label, value] of pairs) expect(values[terms.indexOf(label)]).toBe(value);
    cleanup();
  }
});

// QA: choosing "Declined" left the URL unchanged and `?status=declined` was ignored; every other list keeps its filters
// in the URL.
describe('RenewalReportScreen filters in the URL', () => {
  it('reads the filters from the URL, and writes a chosen one into it', async () => {
    const bodies: unknown[] = [];
    server.use(endpointSuccess(R.listOffers, { items: [], total: 0 } as never), endpointSuccess(R.report, (body) => (bodies.push(body), empty)));
    const { memoryRouter } = renderWithProviders(<RenewalReportScreen />, {
      functionCodes: ['contract_renewal_report'],
      route: '/admin-controls/customer-contract-renewal-report?status=declined&dateFrom=2026-01-01',
    });
    await waitFor(() => expect(bodies).toEqual([{ filter: { status: ['declined'], dateFrom: '2026-01-01' } }]));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Declined');

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Approved' }));
    await waitFor(() => expect(memoryRouter!.query).toEqual({ status: ['approved'], dateFrom: '2026-01-01' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ filter: { status: ['approved'], dateFrom: '2026-01-01' } }));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(memoryRouter!.query).toEqual({}));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ filter: {} }));
  });
});
