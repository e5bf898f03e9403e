import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { DateFieldElement } from '@/components/common/form';
import { renderWithProviders, type TestLocale } from '../testUtils/render';

/** Issue 10 item 14: a date field shows and takes dates in the page's format, not the browser's mm/dd/yyyy. */
function Harness({ initial, seen }: { initial: string; seen: (v: unknown) => void }) {
  const form = useForm<{ on: string }>({ defaultValues: { on: initial } });
  seen(useWatch({ control: form.control, name: 'on' }));
  return <DateFieldElement control={form.control} name="on" label="Delivery date" />;
}

const renderField = (initial: string, locale: TestLocale = 'en') => {
  const values: unknown[] = [];
  renderWithProviders(<Harness initial={initial} seen={(v) => values.push(v)} />, { locale });
  return { values, input: screen.getByRole('textbox', { name: 'Delivery date' }) };
};

describe('DateFieldElement', () => {
  it('shows the date as the page does, in each language', () => {
    expect(renderField('2026-11-01').input).toHaveValue('1 Nov 2026');
  });

  it('shows the date in Chinese on a tc page', () => {
    expect(renderField('2026-11-01', 'tc').input).toHaveValue('2026年11月1日');
  });

  it('takes a typed day-first date, keeps the value as YYYY-MM-DD and shows it in the page’s format', async () => {
    const user = userEvent.setup();
    const { values, input } = renderField('');
    await user.type(input, '15/12/2026');
    expect(values.at(-1)).toBe('2026-12-15');
    await user.tab();
    expect(input).toHaveValue('15 Dec 2026');
  });

  it('passes text that is not a date on as typed, for the schema to refuse', async () => {
    const user = userEvent.setup();
    const { values, input } = renderField('');
    await user.type(input, '31/11/2026');
    expect(values.at(-1)).toBe('31/11/2026');
    await user.tab();
    expect(input).toHaveValue('31/11/2026');
  });

  it('offers the calendar from a labelled button', () => {
    renderField('');
    expect(screen.getByRole('button', { name: 'Choose a date from the calendar' })).toBeInTheDocument();
  });
});
