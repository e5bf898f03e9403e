import { fireEvent, screen } from '@testing-library/react';
import { FilterBar, type FilterDef } from '@/components/common/FilterBar';
import { renderWithProviders } from '../testUtils/render';

const filters: FilterDef[] = [{ type: 'dateRange', fromKey: 'dateFrom', toKey: 'dateTo', fromLabel: 'From', toLabel: 'To' }];

describe('FilterBar date range: what reaches the filter', () => {
  it.each([
    ['From', 'dateFrom'],
    ['To', 'dateTo'],
  ])('the "%s" box sets %s with a whole date or none, never a half-typed one', (label, key) => {
    const onChange = jest.fn();
    renderWithProviders(<FilterBar filters={filters} value={{}} onChange={onChange} onClear={jest.fn()} />);
    const box = screen.getByLabelText(label);
    fireEvent.change(box, { target: { value: '20/11' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: '20/11/2026' } });
    expect(onChange).toHaveBeenLastCalledWith({ [key]: '2026-11-20' });
    fireEvent.change(box, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ [key]: '' });
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
