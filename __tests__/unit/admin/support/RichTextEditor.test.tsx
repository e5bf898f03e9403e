import { File as NodeFile } from 'node:buffer';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import RichTextEditor from '@/components/admin/support/RichTextEditor';
import { renderWithProviders } from '../../testUtils/render';

// Node's File, which Node's FormData accepts (as in FileUploadField.test).
globalThis.File = NodeFile as unknown as typeof File;

const upload = jest.fn();
jest.mock('@/lib/upload/uploadWithProgress', () => ({
  ...jest.requireActual<object>('@/lib/upload/uploadWithProgress'),
  uploadWithProgress: (...args: unknown[]) => upload(...args) as unknown,
}));

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

// Review: a refused image's message stayed beside the next file chosen, as if that one were refused too, and choosing
// the same file again (after fixing it elsewhere, or to retry) did nothing, since the file input kept its value.
describe('RichTextEditor image dialog', () => {
  function Visual() {
    const { control } = useForm<{ bodyEn: string }>({ defaultValues: { bodyEn: '<p>Text</p>' } });
    return <RichTextEditor control={control} name="bodyEn" label="Body (English)" lang="en" />;
  }
  const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

  it('a refusal goes when another file is chosen, and the same file can be chosen again', async () => {
    upload.mockResolvedValue({ ok: false, error: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'not an image' } });
    renderWithProviders(<Visual />);
    await act(async () => {});
    await userEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByTestId('rte-image-file') as HTMLInputElement;
    await userEvent.upload(input, png('counter.png'));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Alt/i }), 'Counter screen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload and insert' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(input.value).toBe('');
    await userEvent.upload(input, png('counter.png'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByText('counter.png')).toBeInTheDocument();
  });
});

// The label's asterisk is hidden from screen readers, and a refused body only turned the border red: a screen reader
// heard neither that the body is required nor that it was refused.
describe('RichTextEditor: required and refused, for screen readers', () => {
  function Required({ body, refuse }: { body: string; refuse: boolean }) {
    const { control, setError } = useForm<{ bodyEn: string }>({ defaultValues: { bodyEn: body } });
    useEffect(() => {
      if (refuse) setError('bodyEn', { message: 'ui.validation.required' });
    }, [refuse, setError]);
    return <RichTextEditor control={control} name="bodyEn" label="Body (English)" required lang="en" />;
  }

  it('the visual editor is required, and invalid once refused', async () => {
    const { rerender } = renderWithProviders(<Required body="" refuse={false} />);
    await act(async () => {});
    const editor = screen.getByRole('textbox', { name: 'Body (English)' });
    expect(editor).toHaveAttribute('aria-required', 'true');
    expect(editor).toHaveAttribute('aria-invalid', 'false');
    rerender(<Required body="" refuse />);
    await act(async () => {});
    expect(screen.getByRole('textbox', { name: 'Body (English)' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('so is the HTML text area', async () => {
    renderWithProviders(<Required body={BODY} refuse />);
    await act(async () => {});
    const html = screen.getByRole('textbox', { name: 'Body (English)' });
    expect(html).toHaveValue(BODY);
    expect(html).toBeRequired();
    expect(html).toHaveAttribute('aria-invalid', 'true');
  });
});
