import { act, fireEvent, screen } from '@testing-library/react';
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
