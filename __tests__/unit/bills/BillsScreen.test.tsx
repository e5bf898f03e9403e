import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BillsScreen } from '@/components/bills/BillsScreen';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { billsContract } from '@/lib/bills/contract';
import { formatDate } from '@/lib/i18n/locales';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';
import { BILLS, billDetail, billList } from './billFixtures';
import { mockViewportWidth } from '../common/viewport';

const LIST = billsContract.endpoints.listBills;
const CONTRACTS = billsContract.endpoints.listBillContracts;
const GET = billsContract.endpoints.getBill;
const PDF = billsContract.endpoints.downloadBillPdf;
const STATEMENT = billsContract.endpoints.downloadStatement;

const contracts = () => endpointSuccess(CONTRACTS, [{ id: '5eed0020-0000-4000-8000-000000000001', contractNo: 'CT-2024-00118' }]);

/** Answers `path` with `answer()`, recording in `bodies` every body the screen sends there. */
function recording(path: string, bodies: unknown[], answer: () => Response) {
  return http.post(path, async ({ request }) => {
    bodies.push(await request.json());
    return answer();
  });
}

/** Records every list body the screen sends. */
function listHandler(bodies: unknown[] = []) {
  return recording(LIST.path, bodies, () => HttpResponse.json({ status: 'success', data: billList(), traceId: 't' }));
}

let saved: string[];
beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:bill'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => jest.restoreAllMocks());

describe('BillsScreen', () => {
  it('lists the bills with period, dates, amount and status, and the account totals', async () => {
    server.use(listHandler(), contracts());
    renderWithProviders(<BillsScreen />, { route: '/my-account/manage-my-bills', functionCodes: ['mgt_bills_read'] });
    const table = await screen.findByRole('table', { name: 'Bills' });
    const row = (await within(table).findByText('INV-202610-1031')).closest('tr')!;
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    // Amount and balance (nothing paid yet).
    expect(within(row).getAllByText('HK$2,628.06')).toHaveLength(2);
    expect(within(row).getByText('1 Sept 2026 – 30 Sept 2026')).toBeInTheDocument();
    // The contract each bill belongs to, a column of its own as documented (docs/bills.md "The bill list"): a customer
    // with several contracts could not tell their bills apart without filtering one contract at a time.
    expect(within(table).getByRole('columnheader', { name: 'Contract' })).toBeInTheDocument();
    expect(within(row).getByText('CT-2024-00118')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(table).getByText('Partly paid')).toBeInTheDocument();
    expect(screen.getByTestId('bills-outstanding')).toHaveTextContent('HK$5,944.69');
    expect(screen.getByTestId('bills-overdue')).toHaveTextContent('HK$2,628.06');
    expect(screen.getByTestId('bills-overdue')).toHaveTextContent('1 bill past its due date');
    // Without a payslip code there is no way to the slips page.
    expect(screen.queryByRole('link', { name: 'Payment slips' })).not.toBeInTheDocument();
  });

  it('shows the balance on the phone cards too, beside the amount (390 px)', async () => {
    const restore = mockViewportWidth(390);
    try {
      server.use(listHandler(), contracts());
      renderWithProviders(<BillsScreen />, { route: '/my-account/manage-my-bills', functionCodes: ['mgt_bills_read'] });
      expect(await screen.findByText('INV-202610-2012')).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Bills' })).not.toBeInTheDocument();
      // The partly paid bill: amount HK$1,729.57, balance HK$729.57.
      expect(screen.getByText('HK$1,729.57')).toBeInTheDocument();
      expect(screen.getByText('HK$729.57')).toBeInTheDocument();
      expect(screen.getAllByText('Balance').length).toBe(BILLS.length);
    } finally {
      restore();
    }
  });

  it('sends the status filter as a list, newest bill first by default', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(listHandler(bodies), contracts());
    renderWithProviders(<BillsScreen />, { route: '/my-account/manage-my-bills', functionCodes: ['mgt_bills_read'] });
    await screen.findByText('INV-202610-1031');
    expect(bodies[0]).toEqual({ page: 1, pageSize: 20, sort: { field: 'billDate', direction: 'desc' } });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ page: 1, pageSize: 20, sort: { field: 'billDate', direction: 'desc' }, filter: { status: ['overdue'] } }));
  });

  it('opens a bill in place (deep-linkable as ?bill=) and explains each line', async () => {
    const user = userEvent.setup();
    server.use(listHandler(), contracts(), endpointSuccess(GET, billDetail()));
    const { memoryRouter } = renderWithProviders(<BillsScreen />, { route: '/my-account/manage-my-bills', functionCodes: ['mgt_bills_read', 'payslip_upload_read', 'payslip_upload_write'] });
    await user.click(await screen.findByText('INV-202611-1032'));
    const dialog = await screen.findByRole('dialog', { name: /Bill INV-202611-1032/ });
    expect(memoryRouter!.query.bill).toBe(BILLS[0]!.id);
    expect(await within(dialog).findByText('Meter 113,475 → 118,003: 4,528 pages, less 3,000 included = 1,528 pages × HK$0.0450')).toBeInTheDocument();
    expect(within(dialog).getByText('Minimum charge top-up')).toBeInTheDocument();
    expect(within(dialog).getByTestId('bill-total')).toHaveTextContent('HK$2,587.06');
    const upload = within(dialog).getByRole('link', { name: 'Upload a payment slip' });
    expect(upload).toHaveAttribute('href', `/my-account/manage-my-bills/payment-slip-upload?bills=${BILLS[0]!.id}`);
    // The main (contained) button is the upload, not "Close".
    expect(upload).toHaveClass('MuiButton-contained');
    expect(within(dialog).getByRole('button', { name: 'Close' })).not.toHaveClass('MuiButton-contained');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(memoryRouter!.query.bill).toBeUndefined());
  });

  it('offers no slip upload to a user who may upload but not open the slip page', async () => {
    const user = userEvent.setup();
    server.use(listHandler(), contracts(), endpointSuccess(GET, billDetail()));
    renderWithProviders(<BillsScreen />, { route: '/my-account/manage-my-bills', functionCodes: ['mgt_bills_read', 'payslip_upload_write'] });
    await user.click(await screen.findByText('INV-202611-1032'));
    const dialog = await screen.findByRole('dialog', { name: /Bill INV-202611-1032/ });
    expect(await within(dialog).findByTestId('bill-total')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Upload a payment slip' })).toBeNull();
  });

  it('breaks Chinese dates and headings at a space or dash only, never inside one (QA walk: "2026年9 / 月30日", "上期讀 / 數")', async () => {
    server.use(listHandler(), contracts(), endpointSuccess(GET, billDetail()));
    renderWithProviders(<BillsScreen />, { route: `/my-account/manage-my-bills?bill=${BILLS[0]!.id}`, functionCodes: ['mgt_bills_read'], locale: 'tc' });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('bill-total');
    expect(within(dialog).getByRole('columnheader', { name: '上期讀數' })).toHaveStyle({ wordBreak: 'keep-all' });
    const period = within(dialog).getByText(/^2026年10月1日 – /);
    expect(period).toHaveStyle({ wordBreak: 'keep-all' });
    // The list's billing period too (a phone's card).
    const list = screen.getByTestId('data-table');
    expect(within(list).getAllByText(/^2026年10月1日 – /)[0]).toHaveStyle({ wordBreak: 'keep-all' });
  });

  it('keeps a machine serial whole in the bill lines (QA walk at 1366 px: "3C4- / 512784")', async () => {
    server.use(listHandler(), contracts(), endpointSuccess(GET, billDetail()));
    renderWithProviders(<BillsScreen />, { route: `/my-account/manage-my-bills?bill=${BILLS[0]!.id}`, functionCodes: ['mgt_bills_read'] });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('bill-total');
    const serials = within(dialog).getAllByText('3C4-512784');
    expect(serials.length).toBeGreaterThan(0);
    for (const serial of serials) expect(serial).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('gives a slip under review or rejected the amount it says was paid, and only an approved one what it applied (QA walk: "applied HK$0.00")', async () => {
    const payments = [
      { slipNo: 'PS-2026-000107', status: 'pending' as const, paymentDate: '2026-11-26', paymentMethod: 'bank_transfer', amountCents: 100_000, appliedCents: 0 },
      { slipNo: 'PS-2026-000102', status: 'reject' as const, paymentDate: '2026-10-27', paymentMethod: 'fps', amountCents: 262_806, appliedCents: 0 },
      { slipNo: 'PS-2026-000101', status: 'approved' as const, paymentDate: '2026-09-19', paymentMethod: 'fps', amountCents: 300_000, appliedCents: 245_000 },
    ];
    server.use(listHandler(), contracts(), endpointSuccess(GET, billDetail({ payments })));
    const { unmount } = renderWithProviders(<BillsScreen />, { route: `/my-account/manage-my-bills?bill=${BILLS[0]!.id}`, functionCodes: ['mgt_bills_read'] });
    const dialog = await screen.findByRole('dialog');
    const items = (await within(dialog).findAllByRole('listitem')).map((li) => li.textContent);
    expect(items).toEqual([
      'PS-2026-000107, HK$1,000.00 paid 26 Nov 2026 by Bank transfer Pending',
      'PS-2026-000102, HK$2,628.06 paid 27 Oct 2026 by FPS Rejected',
      `PS-2026-000101, paid ${formatDate('2026-09-19T12:00:00+08:00', 'en')} by FPS, applied HK$2,450.00 Approved`,
    ]);
    expect(within(dialog).queryByText(/applied HK\$0\.00/)).toBeNull();
    unmount();
    renderWithProviders(<BillsScreen />, { route: `/my-account/manage-my-bills?bill=${BILLS[0]!.id}`, functionCodes: ['mgt_bills_read'], locale: 'tc' });
    const tc = await screen.findByRole('dialog');
    expect((await within(tc).findAllByRole('listitem'))[0]).toHaveTextContent('PS-2026-000107，於 2026年11月26日 以銀行轉帳付款 HK$1,000.00');
  });

  it('ends the totals where the Amount column ends (QA walk: they stood a cell padding further right)', async () => {
    server.use(listHandler(), contracts(), endpointSuccess(GET, billDetail()));
    renderWithProviders(<BillsScreen />, { route: `/my-account/manage-my-bills?bill=${BILLS[0]!.id}`, functionCodes: ['mgt_bills_read'] });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('bill-total');
    const amount = within(dialog).getByRole('columnheader', { name: 'Amount' });
    const padding = getComputedStyle(amount).paddingRight;
    expect(padding).toMatch(/^[1-9]\d*px$/);
    expect(within(dialog).getByTestId('bill-totals')).toHaveStyle({ paddingRight: padding });
  });

  it('a deep link with ?bill= opens that bill; another customer’s bill says not found', async () => {
    server.use(listHandler(), contracts(), endpointError(GET, 'NOT_FOUND', { status: 404 }));
    renderWithProviders(<BillsScreen />, { route: `/my-account/manage-my-bills?bill=${BILLS[1]!.id}`, functionCodes: ['mgt_bills_read'], locale: 'tc' });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('找不到您要求的資料。')).toBeInTheDocument();
  });

  it('downloads a bill PDF with progress, and shows a translated error when it fails', async () => {
    const user = userEvent.setup();
    let fail = false;
    const bodies: unknown[] = [];
    server.use(
      listHandler(),
      contracts(),
      recording(PDF.path, bodies, () => {
        if (fail) return HttpResponse.json({ status: 'error', error: { code: 'NOT_FOUND', message: 'x' }, traceId: 't' }, { status: 404 });
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    renderWithProviders(<BillsScreen />, { route: '/my-account/manage-my-bills', functionCodes: ['mgt_bills_read'] });
    await user.click(await screen.findByRole('button', { name: 'Download bill INV-202611-1032 as PDF' }));
    await waitFor(() => expect(saved).toEqual(['bill-INV-202611-1032.pdf']));
    expect(bodies).toEqual([{ id: BILLS[0]!.id }]);
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Download bill INV-202610-1031 as PDF' }));
    expect(await screen.findByTestId('download-error')).toHaveTextContent('We could not find what you were looking for.');
    // It stands above the table: it takes focus so that it scrolls into view (QA walk: a row's PDF seemed to do nothing).
    await waitFor(() => expect(screen.getByTestId('download-error')).toHaveFocus());
    expect(saved).toHaveLength(1);
  });

  it('downloads the statement as CSV with headings in the page language', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      listHandler(),
      contracts(),
      recording(STATEMENT.path, bodies, () => new HttpResponse('\ufeffa,b\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })),
    );
    renderWithProviders(<BillsScreen />, { route: '/my-account/manage-my-bills', functionCodes: ['mgt_bills_read'], locale: 'tc' });
    await user.click(await screen.findByRole('button', { name: '結單（CSV）' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(bodies).toEqual([{ format: 'csv', lang: 'tc' }]);
  });
});
