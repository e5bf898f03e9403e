import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { SlipUploadForm, buildSlipSchema } from '@/components/paymentSlips/SlipUploadForm';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { endpointError } from '../testUtils/handlers';
import { billsContract } from '@/lib/bills/contract';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';
import { uploadSlipFieldsSchema } from '@/lib/paymentSlips/schemas';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { BILLS, billItem, billList } from './billFixtures';

// jest-fixed-jsdom swaps in Node's Blob and FormData but leaves jsdom's File, which Node's FormData refuses: use
// Node's File, as a browser has one consistent set.
globalThis.File = NodeFile as unknown as typeof File;

const LIST = billsContract.endpoints.listBills;
const UPLOAD = paymentSlipsContract.endpoints.uploadSlip;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const png = (name = 'slip.png') => new File([new Uint8Array(PNG)], name, { type: 'image/png' });

describe('buildSlipSchema (the browser’s copy of the server’s checks)', () => {
  const today = '2026-11-22';
  const schema = buildSlipSchema(BILLS, today);
  const valid = { billIds: [BILLS[1]!.id, BILLS[2]!.id], amountCents: 262_806 + 72_957, paymentDate: today, paymentMethod: 'fps', reference: 'FPS 1', file: png() };
  const issues = (patch: Record<string, unknown>) => {
    const r = schema.safeParse({ ...valid, ...patch });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts a slip for the full balance of two bills', () => {
    expect(issues({})).toEqual({});
  });
  it('keeps a reference typed in full-width mode as the half-width text on the bank statement, browser and server (QA walk)', () => {
    const r = schema.safeParse({ ...valid, reference: '　ＦＰＳ－１２３４５６　' });
    expect(r.success && r.data.reference).toBe('FPS-123456');
    const sent = uploadSlipFieldsSchema.safeParse({ idempotencyKey: '5eed0000-0000-4000-8000-000000000001', billIds: [BILLS[1]!.id], amountCents: '100', paymentDate: today, paymentMethod: 'cheque', reference: '支票 ００４５１２' });
    expect(sent.success && sent.data.reference).toBe('支票 004512');
  });
  it('refuses no bill, an amount over the balance, zero, fractions of a cent, a future or too old date, a long reference, no file', () => {
    expect(issues({ billIds: [] })).toEqual({ billIds: 'paymentSlips.validation.pickBill' });
    expect(issues({ amountCents: 262_806 + 72_958 })).toEqual({ amountCents: 'paymentSlips.validation.amountOverBalance' });
    expect(issues({ amountCents: 0 })).toEqual({ amountCents: 'paymentSlips.validation.amountPositive' });
    expect(issues({ amountCents: -300 })).toEqual({ amountCents: 'paymentSlips.validation.amountNegative' });
    const tooLarge = schema.safeParse({ ...valid, amountCents: 99_999_999_999 });
    expect(tooLarge.success ? [] : tooLarge.error.issues.map((i) => i.message)).toContain('paymentSlips.validation.amountTooLarge|{"max":"10,000,000"}');
    expect(issues({ amountCents: Number.NaN })).toHaveProperty('amountCents');
    expect(issues({ amountCents: 12.5 })).toHaveProperty('amountCents');
    expect(issues({ paymentDate: addDays(today, 1) })).toEqual({ paymentDate: 'paymentSlips.validation.dateInFuture' });
    expect(issues({ paymentDate: addDays(today, -366) })).toEqual({ paymentDate: 'paymentSlips.validation.dateTooOld|{"days":365}' });
    expect(issues({ paymentDate: addDays(today, -365) })).toEqual({});
    expect(issues({ paymentMethod: 'cash' })).toHaveProperty('paymentMethod');
    expect(issues({ reference: 'x'.repeat(65) })).toHaveProperty('reference');
    expect(issues({ file: null })).toEqual({ file: 'ui.validation.fileRequired' });
  });
});

describe('SlipUploadForm', () => {
  const payable = (items = BILLS) =>
    http.post(LIST.path, async ({ request }) => {
      const body = (await request.json()) as { filter?: { status?: string[] } };
      expect(body.filter?.status).toEqual(['unpaid', 'partly_paid', 'overdue', 'under_review']);
      return HttpResponse.json({ status: 'success', data: billList(items), traceId: 't' });
    });

  it('shows what is wrong before sending anything', async () => {
    const user = userEvent.setup();
    const sent = jest.fn();
    server.use(payable(), http.post(UPLOAD.path, () => sent()));
    renderWithProviders(<SlipUploadForm onUploaded={jest.fn()} />, { route: '/my-account/manage-my-bills/payment-slip-upload', functionCodes: ['payslip_upload_write'] });
    await user.click(await screen.findByRole('button', { name: 'Upload slip' }));
    expect(await screen.findByText('Choose at least one bill.')).toBeInTheDocument();
    expect(screen.getByText('Choose a file.')).toBeInTheDocument();
    // Each bill's checkbox carries the picker's error (the summary's link focuses the first one).
    for (const box of screen.getAllByRole('checkbox')) {
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleDescription(expect.stringContaining('Choose at least one bill.'));
    }

    await user.click(screen.getByRole('checkbox', { name: /INV-202610-1031/ }));
    expect(screen.getByRole('checkbox', { name: /INV-202610-1031/ })).not.toHaveAttribute('aria-invalid');
    const amount = screen.getByRole('textbox', { name: /Amount paid/ });
    expect(amount).toHaveValue('2628.06');
    await user.clear(amount);
    await user.type(amount, '3000');
    const date = screen.getByRole('textbox', { name: /Payment date/ });
    await user.clear(date);
    await user.type(date, addDays(hkToday(), 2));
    await user.click(screen.getByRole('button', { name: 'Upload slip' }));
    expect(await screen.findByText('The amount is more than the balance of the selected bills.')).toBeInTheDocument();
    expect(screen.getByText('The payment date cannot be in the future.')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('lists the problems in the order of the form’s fields, the bills first', async () => {
    const user = userEvent.setup();
    server.use(payable());
    renderWithProviders(<SlipUploadForm onUploaded={jest.fn()} />, { route: '/my-account/manage-my-bills/payment-slip-upload', functionCodes: ['payslip_upload_write'] });
    await user.click(await screen.findByRole('button', { name: 'Upload slip' }));
    const summary = await screen.findByTestId('form-error-summary');
    const items = within(summary).getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(items.map((s) => s.split(':')[0])).toEqual(['Bills this payment is for', 'Amount paid (HK$)', 'Payment slip (photo or PDF)']);
  });

  it('prefills the amount with the selected bills’ balances and uploads the slip with its fields', async () => {
    const user = userEvent.setup();
    const onUploaded = jest.fn();
    let form: FormData | null = null;
    server.use(
      payable(),
      http.post(UPLOAD.path, async ({ request }) => {
        form = await request.formData();
        return HttpResponse.json({ status: 'success', data: { id: 's1', slipNo: 'PS-2026-001001', status: 'pending', replayed: false }, traceId: 't' });
      }),
    );
    renderWithProviders(<SlipUploadForm onUploaded={onUploaded} />, {
      route: `/my-account/manage-my-bills/payment-slip-upload?bills=${BILLS[1]!.id}`,
      functionCodes: ['payslip_upload_write'],
    });
    // Preselected from ?bills=, amount prefilled; adding a bill adds its balance.
    expect(await screen.findByRole('checkbox', { name: /INV-202610-1031/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Amount paid/ })).toHaveValue('2628.06');
    await user.click(screen.getByRole('checkbox', { name: /INV-202610-2012/ }));
    expect(screen.getByRole('textbox', { name: /Amount paid/ })).toHaveValue('3357.63');
    expect(screen.getByTestId('selected-balance')).toHaveTextContent('HK$3,357.63');
    await user.click(screen.getByRole('radio', { name: 'FPS' }));
    await user.type(screen.getByRole('textbox', { name: /Reference/ }), 'FPS 8812');
    await user.upload(screen.getByLabelText('Choose file'), png('入數紙.png'));
    await user.click(screen.getByRole('button', { name: 'Upload slip' }));

    expect(await screen.findByTestId('slip-uploaded')).toHaveTextContent('Payment slip PS-2026-001001 received.');
    // The confirmation takes focus, so it scrolls into view over the fresh form (QA walk: a phone saw an empty form).
    await waitFor(() => expect(screen.getByTestId('slip-uploaded')).toHaveFocus());
    expect(onUploaded).toHaveBeenCalledWith({ id: 's1', slipNo: 'PS-2026-001001', status: 'pending', replayed: false });
    const sent = form as unknown as FormData;
    expect(sent.getAll('billIds')).toEqual([BILLS[1]!.id, BILLS[2]!.id]);
    expect(sent.get('amountCents')).toBe('335763');
    expect(sent.get('paymentMethod')).toBe('fps');
    expect(sent.get('reference')).toBe('FPS 8812');
    expect(sent.get('paymentDate')).toBe(hkToday());
    expect(sent.get('idempotencyKey')).toMatch(/^[0-9a-f-]{36}$/);
    expect((sent.get('file') as File).name).toBe('入數紙.png');
  });

  it('shows the server’s refusal translated (a bill already under review)', async () => {
    const user = userEvent.setup();
    server.use(payable(), endpointError(UPLOAD, 'BILL_UNDER_REVIEW', { status: 409 }));
    renderWithProviders(<SlipUploadForm onUploaded={jest.fn()} />, { route: '/my-account/manage-my-bills/payment-slip-upload', functionCodes: ['payslip_upload_write'], locale: 'tc' });
    await user.click(await screen.findByRole('checkbox', { name: /INV-202611-1032/ }));
    await user.upload(screen.getByLabelText('選擇檔案'), png());
    await user.click(screen.getByRole('button', { name: '上載入數紙' }));
    const alert = await screen.findByTestId('form-error');
    expect(within(alert).getByText('所選帳單中有一張已有入數紙正在等待審核。')).toBeInTheDocument();
  });

  // QA desk review: a chosen bill paid meanwhile (409 BILL_ALREADY_PAID) left the list as it was read again, but stayed
  // chosen out of sight with no box to untick: every new try was refused the same way.
  it('a chosen bill paid meanwhile is no longer sent once the list is read again', async () => {
    const user = userEvent.setup();
    let paid = false;
    const sent: string[][] = [];
    server.use(
      http.post(LIST.path, () => HttpResponse.json({ status: 'success', data: billList(paid ? BILLS.filter((b) => b.id !== BILLS[1]!.id) : BILLS), traceId: 't' })),
      http.post(UPLOAD.path, async ({ request }) => {
        const ids = (await request.formData()).getAll('billIds') as string[];
        sent.push(ids);
        if (ids.includes(BILLS[1]!.id)) {
          paid = true;
          return HttpResponse.json({ status: 'error', error: { code: 'BILL_ALREADY_PAID', message: 'paid' }, traceId: 't' }, { status: 409 });
        }
        return HttpResponse.json({ status: 'success', data: { id: 's1', slipNo: 'PS-2026-001002', status: 'pending', replayed: false }, traceId: 't' });
      }),
    );
    renderWithProviders(<SlipUploadForm onUploaded={jest.fn()} />, { route: '/my-account/manage-my-bills/payment-slip-upload', functionCodes: ['payslip_upload_write'] });
    await user.click(await screen.findByRole('checkbox', { name: /INV-202610-1031/ }));
    await user.click(screen.getByRole('checkbox', { name: /INV-202610-2012/ }));
    await user.upload(screen.getByLabelText('Choose file'), png());
    await user.click(screen.getByRole('button', { name: 'Upload slip' }));
    expect(await screen.findByText(/already paid/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /INV-202610-1031/ })).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: /INV-202610-2012/ })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Amount paid/ })).toHaveValue('729.57'));
    await user.click(screen.getByRole('button', { name: 'Upload slip' }));
    expect(await screen.findByTestId('slip-uploaded')).toBeInTheDocument();
    expect(sent).toEqual([[BILLS[1]!.id, BILLS[2]!.id], [BILLS[2]!.id]]);
  });

  it('offers a bill with a slip under review for part of it, for the rest; not one whose balance slips cover', async () => {
    const user = userEvent.setup();
    const part = billItem({ ...BILLS[1]!, status: 'under_review', statuses: ['under_review', 'overdue'], pendingCents: 10_000, payableCents: 252_806 });
    const covered = billItem({ ...BILLS[2]!, status: 'under_review', statuses: ['under_review', 'partly_paid'], pendingCents: 72_957, payableCents: 0 });
    server.use(payable([part, covered]));
    renderWithProviders(<SlipUploadForm onUploaded={jest.fn()} />, { route: '/my-account/manage-my-bills/payment-slip-upload', functionCodes: ['payslip_upload_write'] });
    await user.click(await screen.findByRole('checkbox', { name: /INV-202610-1031/ }));
    expect(screen.queryByRole('checkbox', { name: /INV-202610-2012/ })).not.toBeInTheDocument();
    expect(screen.getByText(/HK\$100\.00 under review, HK\$2,528\.06 left to pay/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Amount paid/ })).toHaveValue('2528.06');
    expect(screen.getByTestId('selected-balance')).toHaveTextContent('HK$2,528.06');
  });

  // A customer with more payable bills than one page: the bill a link names past the first page is read by itself and
  // chosen (it was silently left out), and the form says only the bills due first are listed.
  it.each([
    ['en', 'The 3 bills due first of 140 are listed here. To pay a later one, open it in the bill list and choose “Upload a payment slip”.'],
    ['tc', '此處列出最早到期的 3 張帳單（共 140 張）。如要繳付其他帳單，請在帳單列表中打開該帳單，再選擇「上載入數紙」。'],
  ] as const)('%s: a bill named by the link past the first page of payable bills is read by itself and chosen', async (locale, note) => {
    const later = billItem({ id: '5eed0030-0000-4000-8000-000000009001', billNo: 'INV-202612-9001', dueDate: '2027-01-01', amountCents: 50_000, balanceCents: 50_000 });
    const asked: unknown[] = [];
    server.use(
      http.post(LIST.path, () => HttpResponse.json({ status: 'success', data: { ...billList(BILLS), total: 140 }, traceId: 't' })),
      http.post(billsContract.endpoints.getBill.path, async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ status: 'success', data: { ...later, billTo: { nameEn: '', nameZh: '', addressEn: '', addressZh: '' }, contract: null, lines: [], payments: [] }, traceId: 't' });
      }),
    );
    renderWithProviders(<SlipUploadForm onUploaded={jest.fn()} />, {
      locale,
      route: `/my-account/manage-my-bills/payment-slip-upload?bills=${later.id}`,
      functionCodes: ['payslip_upload_write'],
    });
    expect(await screen.findByRole('checkbox', { name: /INV-202612-9001/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: locale === 'en' ? /Amount paid/ : /付款金額/ })).toHaveValue('500.00');
    expect(screen.getByTestId('more-bills')).toHaveTextContent(note);
    expect(asked).toEqual([{ id: later.id }]);
  });

  it('says so when there is nothing to pay', async () => {
    server.use(http.post(LIST.path, () => HttpResponse.json({ status: 'success', data: billList([]), traceId: 't' })));
    renderWithProviders(<SlipUploadForm onUploaded={jest.fn()} />, { route: '/x', functionCodes: ['payslip_upload_write'] });
    expect(await screen.findByText('There is no unpaid bill to upload a slip for.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upload slip' })).not.toBeInTheDocument());
  });
});
