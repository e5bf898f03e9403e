import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilterBar, type FilterDef } from '@/components/common/FilterBar';
import type { FilterValues } from '@/components/common/listQueryUrl';
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

describe('FilterBar: clear filters', () => {
  function Harness({ defs, initial }: { defs: FilterDef[]; initial: FilterValues }) {
    const [value, setValue] = useState<FilterValues>(initial);
    return <FilterBar filters={defs} value={value} onChange={(v) => setValue((all) => ({ ...all, ...v }))} onClear={() => setValue({})} />;
  }
  const status: FilterDef = { type: 'select', key: 'status', label: 'Status', options: [{ value: 'open', label: 'Open' }] };

  it.each([
    ['the search box', [{ type: 'search', key: 'q', label: 'Search' }, status] as FilterDef[], { q: 'toner', status: 'open' }, () => screen.getByRole('searchbox', { name: 'Search' })],
    ['the first select', [status, ...filters], { status: 'open' }, () => screen.getByRole('combobox', { name: 'Status' })],
    ['the first date box', filters, { dateFrom: '2026-11-01' }, () => screen.getByRole('textbox', { name: 'From' })],
  ] as const)('gives the focus to %s: the button goes away with the filters, and the focus went to the page’s body', async (_what, defs, initial, first) => {
    const user = userEvent.setup();
    renderWithProviders(<Harness defs={[...defs]} initial={initial} />);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(first()).toHaveFocus();
  });
});
