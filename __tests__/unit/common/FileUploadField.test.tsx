import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { z } from 'zod';
import { FileDropzone, FileUploadField, checkUploadFile, formatFileSize } from '@/components/common/FileUploadField';
import { Form } from '@/components/common/form';
import { useUploadProgress } from '@/components/common/useUploadProgress';
import { sniffBytes, sniffFile, typeLabels } from '@/lib/upload/sniff';
import { buildUploadFormData, uploadWithProgress } from '@/lib/upload/uploadWithProgress';
import { msg, zodMessages } from '@/lib/zodMessages';
import { systemParamContract } from '@/lib/systemParam/contract';
import { endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';

// jest-fixed-jsdom swaps in Node's Blob and FormData but leaves jsdom's File, which Node's FormData refuses. A
// browser has one consistent set: use Node's File too, so the files here behave as in a browser.
globalThis.File = NodeFile as unknown as typeof File;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const PDF = [...'%PDF-1.7\n'].map((c) => c.charCodeAt(0));

/** A file of `size` bytes starting with `head`. */
const fileOf = (head: number[], size: number, name: string, type: string) => {
  const bytes = new Uint8Array(size);
  bytes.set(head.slice(0, size));
  return new File([bytes], name, { type });
};

function Standalone({ maxSizeMb }: { maxSizeMb?: number }) {
  const schema = z.strictObject({ file: z.custom<File>((v) => v instanceof File, { error: zodMessages.fileRequired }) });
  return (
    <Form schema={schema} defaultValues={{ file: null as unknown as File }} onSubmit={jest.fn()} submitLabel="Send">
      <FileUploadField name="file" label="Payment slip" maxSizeMb={maxSizeMb} required />
    </Form>
  );
}

const chooser = () => screen.getByLabelText('Choose file');

describe('sniff', () => {
  it('knows JPEG, PNG and PDF by their first bytes, and nothing else', async () => {
    expect(sniffBytes(Uint8Array.from(JPEG))).toBe('image/jpeg');
    expect(sniffBytes(Uint8Array.from(PNG))).toBe('image/png');
    expect(sniffBytes(Uint8Array.from(PDF))).toBe('application/pdf');
    expect(sniffBytes(Uint8Array.from([0x47, 0x49, 0x46, 0x38]))).toBeNull();
    expect(sniffBytes(Uint8Array.from([0x89, 0x50]))).toBeNull();
    expect(await sniffFile(fileOf(PDF, 100, 'x.bin', 'application/octet-stream'))).toBe('application/pdf');
  });

  it('checks empty, size (before reading) and type in that order', async () => {
    const accept = ['image/png', 'application/pdf'] as const;
    expect(await checkUploadFile(new File([], 'e.png'), accept, 1)).toBe('ui.upload.empty');
    expect(await checkUploadFile(fileOf(PNG, 1024 * 1024 + 1, 'big.png', 'image/png'), accept, 1)).toBe(msg('ui.upload.tooLarge', { size: 1 }));
    expect(await checkUploadFile(fileOf(JPEG, 10, 'photo.jpg', 'image/jpeg'), accept, 1)).toBe(msg('ui.upload.wrongType', { types: 'PNG or PDF' }));
    expect(await checkUploadFile(fileOf(PNG, 1024 * 1024, 'ok.png', 'image/png'), accept, 1)).toBeNull();
  });

  it('lists the accepted types as each language writes a list (、 in Chinese, not English commas)', async () => {
    const slip = ['image/jpeg', 'image/png', 'application/pdf'] as const;
    const gif = fileOf([0x47, 0x49, 0x46, 0x38], 10, 'a.gif', 'image/gif');
    expect(await checkUploadFile(gif, slip, 1, 'en')).toBe(msg('ui.upload.wrongType', { types: 'JPEG, PNG or PDF' }));
    expect(await checkUploadFile(gif, slip, 1, 'tc')).toBe(msg('ui.upload.wrongType', { types: 'JPEG、PNG或PDF' }));
    expect(typeLabels(slip, 'tc')).not.toContain(',');
  });

  it('formats sizes', () => {
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(2048, 'en')).toBe('2 KB');
    expect(formatFileSize(1.5 * 1024 * 1024, 'tc')).toBe('1.5 MB');
  });
});

describe('FileUploadField', () => {
  it('refuses a file over the limit from the system parameter, naming the limit', async () => {
    const user = userEvent.setup();
    server.use(endpointSuccess(systemParamContract.endpoints.getUploadFileSize, { paramValue: 2 }));
    renderWithProviders(<Standalone />);
    expect(await screen.findByText('JPEG, PNG or PDF, up to 2 MB')).toBeInTheDocument();
    await user.upload(chooser(), fileOf(PNG, 2 * 1024 * 1024 + 10, 'slip.png', 'image/png'));
    expect(await screen.findByText('The file is larger than the 2 MB limit.')).toBeInTheDocument();
    expect(screen.queryByTestId('file-upload-name')).not.toBeInTheDocument();
  });

  it('names the missing document in the error summary, and gives its chooser the field label as its name', async () => {
    const user = userEvent.setup();
    server.use(endpointSuccess(systemParamContract.endpoints.getUploadFileSize, { paramValue: 2 }));
    renderWithProviders(<Standalone />);
    expect(chooser()).toHaveAccessibleName(/^Payment slip\W*Choose file$/);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const summary = await screen.findByTestId('form-error-summary');
    expect(within(summary).getByText(/^Payment slip: /)).toBeInTheDocument();
    expect(summary).not.toHaveTextContent('Choose file:');
  });

  it('gives the error summary the refused file’s reason, not "Choose a file.", and drops it when a good file is chosen', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Standalone />);
    await user.upload(chooser(), fileOf(PNG, 2.2 * 1024 * 1024, 'big.png', 'image/png'));
    await screen.findByText('The file is larger than the 1 MB limit.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const summary = await screen.findByTestId('form-error-summary');
    expect(summary).toHaveTextContent('Payment slip: The file is larger than the 1 MB limit.');
    expect(summary).not.toHaveTextContent('Choose a file.');
    expect(screen.queryByText('Choose a file.')).not.toBeInTheDocument();

    // Another refused file: its own reason, in the summary too.
    await user.upload(chooser(), fileOf([...'hello world'].map((c) => c.charCodeAt(0)), 11, 'slip.pdf', 'application/pdf'));
    await waitFor(() => expect(screen.getByTestId('form-error-summary')).toHaveTextContent('Payment slip: This file type is not accepted. Choose a JPEG, PNG or PDF file.'));

    await user.upload(chooser(), fileOf(PDF, 100, 'good.pdf', 'application/pdf'));
    await screen.findByTestId('file-upload-name');
    await waitFor(() => expect(screen.queryByTestId('form-error-summary')).not.toBeInTheDocument());
    expect(screen.queryByText(/not accepted|larger than/)).not.toBeInTheDocument();
  });

  it('uses 1 MB by default and says so in Traditional Chinese', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Standalone />, { locale: 'tc' });
    await user.upload(screen.getByLabelText('選擇檔案'), fileOf(PDF, 1024 * 1024 + 1, 'slip.pdf', 'application/pdf'));
    expect(await screen.findByText('檔案超過 1 MB 的上限。')).toBeInTheDocument();
  });

  it('refuses a file whose first bytes are not an accepted type, whatever its name says', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Standalone />);
    await user.upload(chooser(), fileOf([...'hello world'].map((c) => c.charCodeAt(0)), 11, 'slip.pdf', 'application/pdf'));
    expect(await screen.findByText('This file type is not accepted. Choose a JPEG, PNG or PDF file.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('accepts a good file: shows its name and size, and removes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Standalone />);
    await user.upload(chooser(), fileOf(JPEG, 300 * 1024, 'receipt.jpg', 'image/jpeg'));
    expect(await screen.findByTestId('file-upload-name')).toHaveTextContent('receipt.jpg');
    expect(screen.getByTestId('file-upload-size')).toHaveTextContent('300 KB');
    await user.click(screen.getByRole('button', { name: 'Remove receipt.jpg' }));
    expect(screen.queryByTestId('file-upload-name')).not.toBeInTheDocument();
    expect(chooser()).toBeInTheDocument();
  });

  it('keeps focus on the file control: on the remove button after choosing, on the chooser after removing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Standalone />);
    await user.upload(chooser(), fileOf(JPEG, 1024, 'receipt.jpg', 'image/jpeg'));
    const remove = await screen.findByRole('button', { name: 'Remove receipt.jpg' });
    await waitFor(() => expect(remove).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(chooser()).toHaveFocus());
  });

  it('takes a dropped file', async () => {
    const onChange = jest.fn();
    renderWithProviders(<FileDropzone label="Slip" value={null} onChange={onChange} />);
    const zone = screen.getByText('or drag and drop it here').parentElement!;
    const file = fileOf(PNG, 100, 'drop.png', 'image/png');
    fireEvent.dragOver(zone, { dataTransfer: { files: [file] } });
    expect(screen.getByText('Drop the file to add it')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(file));
  });

  it('shows the given progress as a bar and a percentage', () => {
    renderWithProviders(<FileDropzone label="Slip" value={fileOf(PNG, 10, 'a.png', 'image/png')} onChange={jest.fn()} progress={42} />, { locale: 'tc' });
    expect(screen.getByRole('progressbar', { name: '上載進度' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('上載中… 42%')).toBeInTheDocument();
  });

  it('asks for a file when the form is sent without one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Standalone />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose a file.')).toBeInTheDocument();
  });
});

describe('upload with progress', () => {
  const UPLOAD = '/api/test/upload';

  function SlipForm() {
    const upload = useUploadProgress();
    const schema = z.strictObject({ file: z.custom<File>((v) => v instanceof File, { error: zodMessages.fileRequired }) });
    return (
      <Form
        schema={schema}
        defaultValues={{ file: null as unknown as File }}
        submitLabel="Upload"
        onSubmit={(values, { idempotencyKey }) =>
          upload.track((onProgress) => uploadWithProgress<{ slipNo: string }>(UPLOAD, { billIds: ['b1', 'b2'], amountCents: 1000, idempotencyKey }, values.file, { onProgress }))
        }
      >
        <FileUploadField name="file" label="Payment slip" progress={upload.progress} />
      </Form>
    );
  }

  it('posts the fields and one `file` part, shows progress while sending, and hides it after', async () => {
    const user = userEvent.setup();
    let received: { billIds: string[]; amountCents: string | null; file: File | null; key: string | null } | null = null;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    server.use(
      http.post(UPLOAD, async ({ request }) => {
        const form = await request.formData();
        received = {
          billIds: form.getAll('billIds') as string[],
          amountCents: form.get('amountCents') as string | null,
          file: form.get('file') as File | null,
          key: form.get('idempotencyKey') as string | null,
        };
        await gate;
        await delay(10);
        return HttpResponse.json({ status: 'success', data: { slipNo: 'PS-1' }, traceId: 't' });
      }),
    );
    renderWithProviders(<SlipForm />);
    await user.upload(chooser(), fileOf(PNG, 64 * 1024, 'slip.png', 'image/png'));
    await screen.findByTestId('file-upload-name');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const progress = await screen.findByTestId('file-upload-progress');
    expect(within(progress).getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(progress).toHaveTextContent(/Uploading… \d+%/);
    // While sending, the file cannot be removed.
    expect(screen.getByRole('button', { name: 'Remove slip.png' })).toBeDisabled();

    await waitFor(() => expect(received).not.toBeNull());
    expect(received!.billIds).toEqual(['b1', 'b2']);
    expect(received!.amountCents).toBe('1000');
    expect(received!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(received!.file?.name).toBe('slip.png');
    expect(received!.file?.size).toBe(64 * 1024);
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow');

    release();
    await waitFor(() => expect(screen.queryByTestId('file-upload-progress')).not.toBeInTheDocument());
  });

  it('reports progress from the browser upload events as whole percentages', async () => {
    server.use(http.post(UPLOAD, () => HttpResponse.json({ status: 'success', data: { ok: true }, traceId: 't' })));
    const seen: number[] = [];
    const result = await uploadWithProgress(UPLOAD, { a: 'x' }, fileOf(PDF, 200 * 1024, 's.pdf', 'application/pdf'), { onProgress: (p) => seen.push(p) });
    expect(result).toEqual({ ok: true, data: { ok: true }, traceId: 't' });
    // msw's XHR stand-in reports the whole body at once; a browser reports steps on the way.
    expect(seen.at(-1)).toBe(100);
    for (const p of seen) expect(Number.isInteger(p) && p >= 0 && p <= 100).toBe(true);
  });

  it('maps an error answer like apiPost (e.g. the server refusing the type)', async () => {
    server.use(http.post(UPLOAD, () => HttpResponse.json({ status: 'error', error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'bad type' }, traceId: 't9' }, { status: 415 })));
    const result = await uploadWithProgress(UPLOAD, {}, fileOf(PNG, 10, 'x.png', 'image/png'));
    expect(result).toEqual({ ok: false, error: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'bad type', traceId: 't9' } });
  });

  it('builds the body: fields first in order, arrays repeated, objects as JSON, empties left out, then the file', () => {
    const form = buildUploadFormData({ a: 'x', n: 3, flag: true, list: ['1', '2'], obj: { k: 1 }, none: null, undef: undefined }, fileOf(PNG, 10, 'p.png', 'image/png'));
    expect([...form.keys()]).toEqual(['a', 'n', 'flag', 'list', 'list', 'obj', 'file']);
    expect(form.get('obj')).toBe('{"k":1}');
    expect((form.get('file') as File).name).toBe('p.png');
  });
});
