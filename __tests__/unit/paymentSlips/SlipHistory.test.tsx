import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SlipHistory } from '@/components/paymentSlips/SlipHistory';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';
import type { SlipListItem } from '@/lib/paymentSlips/schemas';
import { endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';

const slip: SlipListItem = {
  id: '5eed0040-0000-4000-8000-000000000104',
  slipNo: 'PS-2026-000104',
  amountCents: 500_000,
  paymentDate: '2026-10-27',
  paymentMethod: 'cheque',
  reference: 'Cheque 004512',
  status: 'approved',
  reviewComment: null,
  reviewedAt: '2026-10-29T06:05:00.000Z',
  createdAt: '2026-10-27T06:05:00.000Z',
  uploadedByName: 'Wong Siu Ming',
  bills: [
    { billId: '5eed0020-0000-4000-8000-000000000011', billNo: 'INV-202610-1031', appliedCents: 262_806 },
    { billId: '5eed0020-0000-4000-8000-000000000012', billNo: 'INV-202610-2019', appliedCents: 72_957 },
  ],
  fileName: 'PS-2026-000104-cheque.pdf',
};

function setup(locale: 'en' | 'tc') {
  server.use(endpointSuccess(paymentSlipsContract.endpoints.listSlips, { items: [slip], total: 1 }));
  return renderWithProviders(<SlipHistory />, { route: '/my-account/manage-my-bills/payment-slip-upload', functionCodes: ['payslip_upload_read'], locale });
}

describe('SlipHistory', () => {
  it.each([
    ['en', /^INV-202610-1031 and INV-202610-2019$/],
    // ICU's Hong Kong Chinese writes 及 (older data 和).
    ['tc', /^INV-202610-1031[及和]INV-202610-2019$/],
  ] as const)('lists a slip’s bills as the page’s language writes a list (%s), each number on one line (QA walk)', async (locale, text) => {
    setup(locale);
    const cell = (await screen.findByText('INV-202610-1031')).closest('td, dd')!;
    expect(cell).toHaveTextContent(text);
    expect(cell).not.toHaveTextContent(', INV');
    for (const billNo of ['INV-202610-1031', 'INV-202610-2019']) expect(within(cell as HTMLElement).getByText(billNo)).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('saves a slip’s file under the name the list gives it, with its extension, not as the bare slip number (QA)', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:slip'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      const user = userEvent.setup();
      const bodies: unknown[] = [];
      server.use(
        http.post(paymentSlipsContract.endpoints.getSlipFile.path, async ({ request }) => {
          bodies.push(await request.json());
          return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), { headers: { 'Content-Type': 'application/pdf' } });
        }),
      );
      setup('en');
      await user.click(await screen.findByRole('button', { name: /PS-2026-000104/ }));
      await waitFor(() => expect(saved).toEqual(['PS-2026-000104-cheque.pdf']));
      expect(bodies).toEqual([{ id: slip.id }]);
    } finally {
      click.mockRestore();
    }
  });
});
