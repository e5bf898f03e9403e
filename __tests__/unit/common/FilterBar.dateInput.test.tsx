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

describe('FilterBar date range: the calendar buttons', () => {
  it('each says which box it fills (the two were both "Choose a date from the calendar")', () => {
    renderWithProviders(<FilterBar filters={filters} value={{}} onChange={jest.fn()} onClear={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'From: choose a date from the calendar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'To: choose a date from the calendar' })).toBeInTheDocument();
  });
});

describe('FilterBar date range: text that is not a date', () => {
  it.each(['31 Feb 2026', '99/99/9999', 'hello'])('"%s" is said to be wrong once the box is left, and reported as invalid', async (text) => {
    const onChange = jest.fn();
    const onInvalidChange = jest.fn();
    renderWithProviders(<FilterBar filters={filters} value={{}} onChange={onChange} onClear={jest.fn()} onInvalidChange={onInvalidChange} />);
    const box = screen.getByLabelText('From');
    fireEvent.change(box, { target: { value: text } });
    // Not while typing.
    expect(screen.queryByText('Enter a valid date.')).toBeNull();
    fireEvent.blur(box);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid date.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(onInvalidChange).toHaveBeenLastCalledWith(true);
    expect(onChange).not.toHaveBeenCalled();
    // Put right: the message goes and the list may be asked again.
    fireEvent.change(box, { target: { value: '1 Feb 2026' } });
    expect(screen.queryByText('Enter a valid date.')).toBeNull();
    expect(onInvalidChange).toHaveBeenLastCalledWith(false);
    expect(onChange).toHaveBeenLastCalledWith({ dateFrom: '2026-02-01' });
  });

  it('in Traditional Chinese too', () => {
    renderWithProviders(<FilterBar filters={filters} value={{}} onChange={jest.fn()} onClear={jest.fn()} />, { locale: 'tc' });
    const box = screen.getByLabelText('To');
    fireEvent.change(box, { target: { value: '99/99/9999' } });
    fireEvent.blur(box);
    expect(screen.getByRole('alert')).toHaveTextContent('請輸入有效日期。');
  });

  it('an "end before start" message goes when the other box is changed to something that is not a date', () => {
    renderWithProviders(<FilterBar filters={filters} value={{ dateFrom: '2026-11-30', dateTo: '2026-01-01' }} onChange={jest.fn()} onClear={jest.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The end date is before the start date.');
    const box = screen.getByLabelText('From');
    fireEvent.change(box, { target: { value: '99/99/9999' } });
    fireEvent.blur(box);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Enter a valid date.']);
  });
});
