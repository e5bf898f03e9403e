import { act, fireEvent, screen, within } from '@testing-library/react';
import { RenewalReportScreen } from '@/components/admin/renewal/RenewalReportScreen';
import { renewalContract } from '@/lib/renewal/contract';
import type { ReportResult } from '@/lib/renewal/schemas';
import { endpointSuccess } from '../../testUtils/handlers';
import { renderWithProviders } from '../../testUtils/render';
import { server } from '../../testUtils/server';

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
      currentCostCents: 1_282_003,
      offerCostCents: 1_123_380,
    },
  ],
  totals: { count: 1, byStatus: { submitted: 1, approved: 0, declined: 0, withdrawn: 0 } },
};

describe('RenewalReportScreen table (QA: a phone squeezed it, the month was ISO, "1 renewals")', () => {
  const answer = () => server.use(endpointSuccess(R.listOffers, { items: [], total: 0 } as never), endpointSuccess(R.report, oneRow));

  it('en: the month as words, "1 renewal", short cells kept on one line so a phone scrolls the table sideways', async () => {
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
