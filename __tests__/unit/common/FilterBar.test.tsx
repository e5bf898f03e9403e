import { screen } from '@testing-library/react';
import { FilterBar, type FilterDef } from '@/components/common/FilterBar';
import { renderWithProviders } from '../testUtils/render';
import { declaredStyleAt } from './viewport';

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

describe('FilterBar date boxes on a phone (QA: "例如 2026年11月" cut off at 390 px in tc)', () => {
  it.each([
    ['tc', '例如 2026年11月1日'],
    ['en', 'e.g. 1 Nov 2026'],
  ] as const)('%s: each date box takes the whole row below 600 px, so its hint shows whole; side by side from 600 px', (locale, hint) => {
    renderWithProviders(<FilterBar filters={filters} value={{}} onChange={jest.fn()} onClear={jest.fn()} />, { locale });
    for (const name of ['From', 'To']) {
      const input = screen.getByRole('textbox', { name });
      expect(input).toHaveAttribute('placeholder', hint);
      const box = input.closest('.MuiFormControl-root')!;
      // Two boxes sharing a 390 px row left ~95 px of text each: the Chinese hint was cut.
      expect(declaredStyleAt(box, 390)).toMatchObject({ width: '100%' });
      expect(declaredStyleAt(box, 320)).toMatchObject({ width: '100%' });
      // Desktop and tablets unchanged: beside each other, at least 170 px each.
      expect(declaredStyleAt(box, 1366)).toMatchObject({ width: 'auto', 'min-width': '170px' });
    }
  });
});
