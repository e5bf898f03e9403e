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

  // [what it shows, typed, the form's value, what the field shows after leaving it]
  it.each([
    ['takes a typed day-first date, keeps the value as YYYY-MM-DD and shows it in the page’s format', '15/12/2026', '2026-12-15', '15 Dec 2026'],
    ['passes text that is not a date on as typed, for the schema to refuse', '31/11/2026', '31/11/2026', '31/11/2026'],
  ])('%s', async (_what, typed, value, shown) => {
    const user = userEvent.setup();
    const { values, input } = renderField('');
    await user.type(input, typed);
    expect(values.at(-1)).toBe(value);
    await user.tab();
    expect(input).toHaveValue(shown);
  });

  it.each([
    ['en', 'Delivery date: choose a date from the calendar'],
    ['tc', 'Delivery date：從日曆選擇日期'],
  ] as const)('%s: offers the calendar from a button named after its field (several date fields had buttons of one name)', (locale, name) => {
    renderField('', locale);
    expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });
});
