import { screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { Form } from '@/components/common/form';
import { bilingualColumn, BilingualFields, bilingualRows, nameColumn } from '@/components/common/resourceFields';
import { renderWithProviders } from '../testUtils/render';

// The area's labels: `fields.<name>En` / `fields.<name>Zh` (here the key itself, to see which one was asked).
const t = ((key: string) => key) as unknown as TFunction;

describe('BilingualFields', () => {
  it('draws the English then the Chinese field of a text, named and labelled by the area, each with the shared props', () => {
    const schema = z.strictObject({ titleEn: z.string(), titleZh: z.string() });
    renderWithProviders(
      <Form schema={schema} defaultValues={{ titleEn: 'Toner', titleZh: '碳粉' }} submitLabel="Save" onSubmit={jest.fn()}>
        {(form) => <BilingualFields control={form.control} name="title" t={t} required maxLength={120} />}
      </Form>,
    );
    const boxes = screen.getAllByRole('textbox');
    expect(boxes.map((b) => b.getAttribute('name'))).toEqual(['titleEn', 'titleZh']);
    expect(screen.getByRole('textbox', { name: /fields\.titleEn/ })).toHaveValue('Toner');
    expect(screen.getByRole('textbox', { name: /fields\.titleZh/ })).toHaveValue('碳粉');
    for (const box of boxes) expect(box).toBeRequired();
    expect(screen.getAllByText('5 / 120').length + screen.getAllByText('2 / 120').length).toBe(2);
  });
});

describe('bilingualRows', () => {
  it('gives the view rows of both languages; an optional empty one shows a dash', () => {
    const r = { titleEn: 'Toner', titleZh: '碳粉', summaryEn: '', summaryZh: '' };
    expect(bilingualRows(t, r, 'title')).toEqual([
      ['fields.titleEn', 'Toner'],
      ['fields.titleZh', '碳粉'],
    ]);
    expect(bilingualRows(t, r, 'summary', { optional: true })).toEqual([
      ['fields.summaryEn', '—'],
      ['fields.summaryZh', '—'],
    ]);
  });
});

describe('bilingualColumn', () => {
  const row = { id: '1', questionEn: 'How do I pay?', questionZh: '如何付款？', nameEn: 'Harbour', nameZh: '海港' };
  it('shows the text in the page language under fields.<name>, sortable by the key given (default <name>En)', () => {
    const faq = bilingualColumn<typeof row, 'question'>(t, 'tc', 'question', { key: 'title' });
    expect({ key: faq.key, header: faq.header, sortable: faq.sortable }).toEqual({ key: 'title', header: 'fields.question', sortable: true });
    expect(faq.render(row)).toBe('如何付款？');
    expect(bilingualColumn<typeof row, 'question'>(t, 'en', 'question').render(row)).toBe('How do I pay?');
    const name = nameColumn<typeof row>(t, 'en');
    expect({ key: name.key, header: name.header }).toEqual({ key: 'nameEn', header: 'fields.name' });
    expect(name.render(row)).toBe('Harbour');
  });
});
