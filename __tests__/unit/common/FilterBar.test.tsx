import { screen } from '@testing-library/react';
import { FilterBar, type FilterDef } from '@/components/common/FilterBar';
import { renderWithProviders } from '../testUtils/render';

const filters: FilterDef[] = [{ type: 'dateRange', fromKey: 'dateFrom', toKey: 'dateTo', fromLabel: 'From', toLabel: 'To' }];

describe('FilterBar date range (issue 10 minor)', () => {
  it('says on the filter when "from" is after "to"', () => {
    renderWithProviders(<FilterBar filters={filters} value={{ dateFrom: '2026-11-20', dateTo: '2026-11-01' }} onChange={jest.fn()} onClear={jest.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The end date is before the start date.');
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
  });

  it('in Traditional Chinese too, and nothing for a valid range', () => {
    const { unmount } = renderWithProviders(<FilterBar filters={filters} value={{ dateFrom: '2026-11-20', dateTo: '2026-11-01' }} onChange={jest.fn()} onClear={jest.fn()} />, { locale: 'tc' });
    expect(screen.getByRole('alert')).toHaveTextContent('結束日期早於開始日期。');
    unmount();
    renderWithProviders(<FilterBar filters={filters} value={{ dateFrom: '2026-11-01', dateTo: '2026-11-20' }} onChange={jest.fn()} onClear={jest.fn()} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
