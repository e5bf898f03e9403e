import { screen } from '@testing-library/react';
import { BillSummaryBar } from '@/components/bills/BillSummaryBar';
import { renderWithProviders } from '../testUtils/render';

describe('BillSummaryBar (issue 10 item 6)', () => {
  it('keeps a bill under review in the overdue figure and says what is under review beside it', () => {
    renderWithProviders(<BillSummaryBar summary={{ outstandingCents: 335_763, overdueCents: 335_763, overdueCount: 2, underReviewCents: 10_000, underReviewCount: 1 }} />);
    const overdue = screen.getByTestId('bills-overdue');
    expect(overdue).toHaveTextContent('HK$3,357.63');
    expect(overdue).toHaveTextContent('2 bills past their due date · HK$100.00 under review');
  });

  it('says nothing about review when no slip is under review', () => {
    renderWithProviders(<BillSummaryBar summary={{ outstandingCents: 100, overdueCents: 0, overdueCount: 0, underReviewCents: 0, underReviewCount: 0 }} />, { locale: 'tc' });
    expect(screen.getByTestId('bills-overdue')).not.toHaveTextContent('審核中');
  });
});
