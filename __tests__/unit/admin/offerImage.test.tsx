/**
 * QA desk review: a refused image upload (a damaged file) stayed on screen after another file was chosen, beside the
 * new file's name, as if that one had been refused too.
 */
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OfferImageSection } from '@/components/admin/offers/OfferImageSection';
import { offersContract } from '@/lib/offers/contract';
import type { OfferDetail } from '@/lib/offers/schemas';
import { msg } from '@/lib/zodMessages';
import { endpointError } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';

// As in FileUploadField.test: Node's File, which Node's FormData accepts.
globalThis.File = NodeFile as unknown as typeof File;

const png = (name: string) => {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
};

describe('an offer’s image', () => {
  it('a refusal goes once another file is chosen', async () => {
    const user = userEvent.setup();
    server.use(endpointError(offersContract.endpoints.uploadOfferImage, 'FILE_CORRUPT', { status: 400 }));
    const offer = { id: '5eed0050-0000-4000-8000-000000000001', hasImage: false } as unknown as OfferDetail;
    renderWithProviders(<OfferImageSection offer={offer} />, { functionCodes: ['offer_write', 'offer_read'] });
    await user.upload(screen.getByLabelText('Choose file'), png('broken.png'));
    await user.click(await screen.findByRole('button', { name: 'Upload image' }));
    expect(await screen.findByText(/damaged or incomplete/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove broken.png' }));
    await user.upload(await screen.findByLabelText('Choose file'), png('fixed.png'));
    await waitFor(() => expect(screen.getByText('fixed.png')).toBeInTheDocument());
    expect(screen.queryByText(/damaged or incomplete/)).not.toBeInTheDocument();
  }, 30_000);

  // The server's 413 names its limit on the file (lib/server/uploads/multipart.ts): the alert said "The request or
  // file is too large", which left the user guessing how large may go.
  it.each([
    ['en', 'The file is larger than the 2 MB limit.'],
    ['tc', '檔案超過 2 MB 的上限。'],
  ] as const)('%s: a file the server finds over its limit names the limit', async (locale, text) => {
    const user = userEvent.setup();
    server.use(endpointError(offersContract.endpoints.uploadOfferImage, 'PAYLOAD_TOO_LARGE', { status: 413, fields: { file: [msg('ui.upload.tooLarge', { size: 2 })] } }));
    const offer = { id: '5eed0050-0000-4000-8000-000000000001', hasImage: false } as unknown as OfferDetail;
    renderWithProviders(<OfferImageSection offer={offer} />, { functionCodes: ['offer_write', 'offer_read'], locale });
    await user.upload(screen.getByLabelText(locale === 'en' ? 'Choose file' : '選擇檔案'), png('big.png'));
    await user.click(await screen.findByRole('button', { name: locale === 'en' ? 'Upload image' : '上載圖片' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  }, 30_000);
});
