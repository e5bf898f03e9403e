import { act, fireEvent, screen } from '@testing-library/react';
import { useForm, useWatch } from 'react-hook-form';
import RichTextEditor from '@/components/admin/support/RichTextEditor';
import { renderWithProviders } from '../../testUtils/render';

/**
 * A body with a table (three seeded articles) opens in HTML mode, because the visual editor has no table and drops it.
 * The HTML button must not take it to the visual editor: the first keystroke there wrote the body back without the table.
 */
const BODY = '<p>Ways to pay</p><table><tbody><tr><td>FPS</td><td>1234567</td></tr></tbody></table>';

function Form({ onValue }: { onValue: (v: string) => void }) {
  const { control } = useForm<{ bodyEn: string }>({ defaultValues: { bodyEn: BODY } });
  onValue(useWatch({ control, name: 'bodyEn' }));
  return <RichTextEditor control={control} name="bodyEn" label="Body (English)" lang="en" />;
}

describe('RichTextEditor with a table', () => {
  it('stays in HTML mode while the body holds a table, so the table is never dropped', async () => {
    let value = '';
    renderWithProviders(<Form onValue={(v) => (value = v)} />);
    await act(async () => {});
    const html = screen.getByRole('button', { name: 'HTML' });
    expect(screen.getByText(/tables or figures/)).toBeInTheDocument();
    fireEvent.click(html);
    await act(async () => {});
    // Still the markup, table included.
    expect(screen.getByRole('textbox')).toHaveValue(BODY);
    expect(value).toContain('<table>');
  });

  it('switches to the visual editor once the table is gone', async () => {
    renderWithProviders(<Form onValue={() => {}} />);
    await act(async () => {});
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '<p>Ways to pay</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'HTML' }));
    await act(async () => {});
    expect(screen.getByTestId('rte-bodyEn')).toBeInTheDocument();
  });
});
