import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SlipReviewDetailScreen } from '@/components/admin/paymentSlipReview/SlipReviewDetailScreen';
import { SlipReviewListScreen } from '@/components/admin/paymentSlipReview/SlipReviewListScreen';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';
import type { ReviewDetail } from '@/lib/paymentSlips/schemas';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { rawTranslationKeys, renderWithProviders, text, type TestLocale } from '../testUtils/render';
import { server } from '../testUtils/server';
import { mockViewportWidth } from '../common/viewport';

const c = paymentSlipsContract.endpoints;
const ID = '5eed0050-0000-4000-8000-000000000001';

const slip = (status: ReviewDetail['status'] = 'pending'): ReviewDetail => ({
  id: ID,
  slipNo: 'PS-2026-000101',
  amountCents: 150_000,
  paymentDate: '2026-11-20',
  paymentMethod: 'fps',
  reference: 'FPS 8812',
  status,
  reviewComment: null,
  reviewedAt: status === 'pending' ? null : '2026-11-23T02:00:00.000Z',
  createdAt: '2026-11-21T02:00:00.000Z',
  uploadedByName: 'Chan Tai Man',
  ucpId: 'UCP100001',
  customerNameEn: 'Harbour Trading Ltd',
  customerNameZh: '海港貿易有限公司',
  fileMimeType: 'image/png',
  fileName: 'PS-2026-000101-fps.png',
  bills: [{ billId: '5eed0020-0000-4000-8000-000000000011', billNo: 'INV-202610-1031', dueDate: '2026-10-31', amountCents: 150_000, paidCents: 0, balanceCents: 150_000, appliedCents: 0, status: 'under_review' }],
  file: { fileName: 'fps.png', mimeType: 'image/png', sizeBytes: 2048 },
  reviewedByName: null,
  outstandingCents: 150_000,
});

beforeEach(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:slip'), revokeObjectURL: jest.fn() });
});

const route = `/admin-controls/payment-slip-review?id=${ID}`;

describe('SlipReviewDetailScreen', () => {
  it('approves through ReviewActions: the slip refreshes, its file is not downloaded again', async () => {
    const user = userEvent.setup();
    let approved = false;
    let files = 0;
    let reads = 0;
    server.use(
      endpointSuccess(c.getForReview, () => (reads++, slip(approved ? 'approved' : 'pending'))),
      http.post(c.getReviewFile.path, () => {
        files++;
        return new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } });
      }),
      endpointSuccess(c.approveSlip, () => ((approved = true), { id: ID, status: 'approved' as const, allocations: [] })),
    );
    renderWithProviders(<SlipReviewDetailScreen />, { route, functionCodes: ['payslip_review_read', 'payslip_review_write'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment slip PS-2026-000101' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Payment slip file fps.png' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve slip PS-2026-000101' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByTestId('review-done')).toHaveTextContent('Slip approved');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
    // The confirmation has the focus: the dialog gave it back to "Approve", which the approved slip no longer shows.
    expect(screen.getByRole('status')).toHaveFocus();
    expect(reads).toBe(2);
    expect(files).toBe(1);
  });

  it('a negative amount applied to a bill gets its own message, not a generic one', async () => {
    const user = userEvent.setup();
    server.use(
      endpointSuccess(c.getForReview, () => slip()),
      http.post(c.getReviewFile.path, () => new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } })),
    );
    renderWithProviders(<SlipReviewDetailScreen />, { route, functionCodes: ['payslip_review_read', 'payslip_review_write'] });
    await user.click(await screen.findByRole('button', { name: 'Approve' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Approve slip PS-2026-000101' });
    const field = within(dialog).getByRole('textbox', { name: /INV-202610-1031/ });
    await user.clear(field);
    await user.type(field, '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findAllByText('The amount cannot be negative.')).length).toBeGreaterThan(0);
  });

  it('approving nothing (every amount 0) is refused in the dialog with its reason, before and after the server', async () => {
    const user = userEvent.setup();
    let sent = 0;
    server.use(
      endpointSuccess(c.getForReview, () => slip()),
      http.post(c.getReviewFile.path, () => new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } })),
      http.post(c.approveSlip.path, () => {
        sent++;
        return HttpResponse.json(
          { status: 'error', error: { code: 'VALIDATION', message: 'Validation failed', fields: { allocations: ['paymentSlips.validation.allocationNothing'] } }, traceId: 't' },
          { status: 400 },
        );
      }),
    );
    renderWithProviders(<SlipReviewDetailScreen />, { route, locale: 'tc', functionCodes: ['payslip_review_read', 'payslip_review_write'] });
    await user.click(await screen.findByRole('button', { name: '批核' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: /INV-202610-1031/ });
    await user.clear(field);
    await user.type(field, '0');
    await user.click(within(dialog).getByRole('button', { name: '批核' }));
    const reason = text('tc', 'common:paymentSlips.validation.allocationNothing');
    expect((await within(dialog).findAllByText(reason)).length).toBeGreaterThan(0);
    expect(sent).toBe(0);
  });

  it.each<[TestLocale, string]>([
    ['en', 'Bank transfer'],
    ['tc', '銀行轉帳'],
  ])('names the payment method in words, list and detail, no raw key (%s)', async (locale, method) => {
    const s = { ...slip(), paymentMethod: 'bank_transfer' as const };
    server.use(
      endpointSuccess(c.getForReview, () => s),
      endpointSuccess(c.listForReview, () => ({ items: [{ ...s, bills: s.bills }], total: 1, page: 1, pageSize: 20 })),
      http.post(c.getReviewFile.path, () => new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } })),
    );
    const detail = renderWithProviders(<SlipReviewDetailScreen />, { route, locale, functionCodes: ['payslip_review_read'] });
    expect(await screen.findByText(method, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(rawTranslationKeys()).toEqual([]);
    detail.unmount();

    renderWithProviders(<SlipReviewListScreen />, { route: '/admin-controls/payment-slip-review', locale, functionCodes: ['payslip_review_read'] });
    expect((await screen.findAllByText(method, {}, { timeout: 5000 })).length).toBeGreaterThan(0);
    expect(rawTranslationKeys()).toEqual([]);
  });

  it('fits the bills table into a phone’s card: due date and status under the bill number, three columns (390 px)', async () => {
    const restore = mockViewportWidth(390);
    try {
      server.use(
        endpointSuccess(c.getForReview, () => slip()),
        http.post(c.getReviewFile.path, () => new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } })),
      );
      renderWithProviders(<SlipReviewDetailScreen />, { route, functionCodes: ['payslip_review_read'] });
      const table = await screen.findByRole('table', { name: 'Bills of this slip' }, { timeout: 5000 });
      expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Bill no.', 'Balance now', 'Applied']);
      const first = within(table).getAllByRole('cell')[0]!;
      expect(first).toHaveTextContent('INV-202610-1031');
      expect(first).toHaveTextContent('Due 31 Oct 2026');
      expect(within(first).getByText('Payment under review')).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('breaks the slip’s Chinese dates at a space, never inside one (QA walk: "2026年 / 11月26日" on a phone)', async () => {
    server.use(
      endpointSuccess(c.getForReview, () => slip()),
      http.post(c.getReviewFile.path, () => new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } })),
    );
    renderWithProviders(<SlipReviewDetailScreen />, { route, functionCodes: ['payslip_review_read'], locale: 'tc' });
    const label = await screen.findByText(text('tc', 'slipReview:slipReview.detail.uploadedBy'), {}, { timeout: 5000 });
    const value = label.nextElementSibling as HTMLElement;
    expect(value.tagName).toBe('DD');
    expect(value).toHaveTextContent(/年.*月.*日/);
    expect(value).toHaveStyle({ wordBreak: 'keep-all' });
  });

  it('shows no decision buttons to a reader, and "not found" for an unknown slip', async () => {
    server.use(endpointSuccess(c.getForReview, slip()), http.post(c.getReviewFile.path, () => new HttpResponse(new Uint8Array([1]))));
    const first = renderWithProviders(<SlipReviewDetailScreen />, { route, functionCodes: ['payslip_review_read'] });
    await screen.findByRole('heading', { level: 1, name: 'Payment slip PS-2026-000101' });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    first.unmount();

    server.use(endpointError(c.getForReview, 'NOT_FOUND', { status: 404 }));
    renderWithProviders(<SlipReviewDetailScreen />, { route: `/admin-controls/payment-slip-review?id=${ID}x`, functionCodes: ['payslip_review_read'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
  });
});
