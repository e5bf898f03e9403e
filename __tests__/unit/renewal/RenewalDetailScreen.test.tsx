import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { RenewalDetailScreen } from '@/components/renewal/RenewalDetailScreen';
import type { FunctionCode } from '@/lib/permissions/codes';
import { renewalContract } from '@/lib/renewal/contract';
import type { OfferOption, RenewalOptions } from '@/lib/renewal/schemas';
import { endpointError, endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders, type TestLocale } from '../testUtils/render';
import { server } from '../testUtils/server';
import { useBrowserLocale } from '../testUtils/browserLocale';
import { useInsecureContext } from '../testUtils/insecureContext';

const CONTRACT = '5eed0020-0000-4000-8000-000000000006';
const terms = { periodChargeCents: 88_000, minimumChargeCents: 0, monoRate: '0.0400', colourRate: '0.4200', monoAllowance: 1500, colourAllowance: 300 };
const offer = (n: number, nameEn: string, nameZh: string): OfferOption =>
  ({ ...terms, id: `0ffe0000-0000-4000-8000-00000000000${n}`, offerCode: `RN-${n}`, nameEn, nameZh, descriptionEn: 'd', descriptionZh: 'd', termMonths: 36, newModelCode: null, newModelNameEn: null, newModelNameZh: null, validTo: '2027-12-31', offerCostCents: 1_000_000, differenceCents: -100_000 }) as OfferOption;
const OFFERS = [offer(1, 'Rental renewal, 36 months', '租賃續約（36個月）'), offer(2, 'Upgrade, 48 months', '升級（48個月）')];

const options = (renewal: RenewalOptions['contract']['renewal'], monthsCompared = 12): RenewalOptions =>
  ({
    contract: {
      ...terms,
      contractId: CONTRACT,
      contractNo: 'CT-2024-00530',
      contractType: 'rental',
      startDate: '2024-01-15',
      endDate: '2027-01-14',
      serials: ['3C4-530611'],
      eligibility: { eligible: renewal === null, reason: renewal ? 'open_renewal' : null, windowOpensOn: '2026-09-15', noticeDeadline: '2026-12-15', daysToDeadline: 20 },
      renewal,
      offerCount: 2,
      billingFrequency: 'monthly',
      termMonths: 36,
    },
    monthsCompared,
    pages: { mono: 19_343, colour: 5097 },
    currentCostCents: 1_283_102,
    offers: OFFERS,
    history: [],
  }) as RenewalOptions;

function open(locale: TestLocale, renewal: RenewalOptions['contract']['renewal'], codes: readonly FunctionCode[] = ['contract_renewal_read', 'contract_renewal_write'], monthsCompared = 12) {
  server.use(endpointSuccess(renewalContract.endpoints.getOptions, options(renewal, monthsCompared)));
  renderWithProviders(<RenewalDetailScreen />, {
    locale,
    router: { pathname: '/my-orders/contract-renewal/detail', query: { contract: CONTRACT }, isReady: true },
    functionCodes: codes,
  });
}

const submitted = { id: 'r1', renewalNo: 'RN-2026-000087', status: 'submitted' as const, offerId: OFFERS[0]!.id, offerNameEn: OFFERS[0]!.nameEn, offerNameZh: OFFERS[0]!.nameZh, submittedAt: '2026-11-11T07:42:00.000Z' };

describe('RenewalDetailScreen, a renewal in progress', () => {
  it('tc: coming back to the contract shows which offer the renewal chose (its option marked, read only)', async () => {
    open('tc', submitted);
    const chosen = await screen.findByRole('radio', { name: '租賃續約（36個月）' });
    expect(chosen).toBeChecked();
    expect(chosen).toBeDisabled();
    expect(screen.getByRole('radio', { name: '升級（48個月）' })).not.toBeChecked();
    expect(screen.getByTestId('renewal-chosen-offer')).toHaveTextContent('您的續約申請 RN-2026-000087 選用此方案');
    expect(screen.queryByTestId('renewal-confirm')).not.toBeInTheDocument();
  });

  it('en: a viewer sees the same mark; with no renewal in progress no option is marked', async () => {
    open('en', submitted, ['contract_renewal_read']);
    expect(await screen.findByTestId('renewal-chosen-offer')).toHaveTextContent('Your renewal RN-2026-000087 is for this offer');
    expect(screen.getByRole('radio', { name: 'Rental renewal, 36 months' })).toBeChecked();
  });

  it('en: an eligible contract starts with nothing chosen', async () => {
    open('en', null);
    const first = await screen.findByRole('radio', { name: 'Rental renewal, 36 months' });
    expect(first).not.toBeChecked();
    expect(screen.queryByTestId('renewal-chosen-offer')).not.toBeInTheDocument();
  });
});

describe('RenewalDetailScreen, a read-only user (contract_renewal_read only)', () => {
  it.each(['en', 'tc'] as const)('%s: clicking an offer’s row on an eligible contract chooses nothing (it marked the row and checked its disabled option, with nothing to do next)', async (locale) => {
    const user = userEvent.setup();
    open(locale, null, ['contract_renewal_read']);
    const name = locale === 'en' ? 'Rental renewal, 36 months' : '租賃續約（36個月）';
    const radio = await screen.findByRole('radio', { name });
    await user.click(screen.getByText(name));
    expect(radio).not.toBeChecked();
    expect(radio.closest('tr')).not.toHaveClass('Mui-selected');
    expect(screen.queryByTestId('renewal-confirm')).not.toBeInTheDocument();
  });

  it('en: the offers are one radio group: the keyboard moves the choice with the arrow keys', async () => {
    const user = userEvent.setup();
    open('en', null);
    const first = await screen.findByRole('radio', { name: 'Rental renewal, 36 months' });
    const second = screen.getByRole('radio', { name: 'Upgrade, 48 months' });
    expect(second).toHaveAttribute('name', first.getAttribute('name'));
    await user.click(first);
    expect(first).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(second).toBeChecked();
    expect(first).not.toBeChecked();
    expect(second).toHaveFocus();
  });

  it('en: a user who may renew still chooses an offer by clicking its row', async () => {
    const user = userEvent.setup();
    open('en', null);
    const radio = await screen.findByRole('radio', { name: 'Upgrade, 48 months' });
    await user.click(screen.getByText('Upgrade, 48 months'));
    expect(radio).toBeChecked();
    expect(screen.getByTestId('renewal-confirm')).toBeInTheDocument();
  });
});

// QA desk review: "Submit" is at the foot of the page and its refusal showed above the comparison, out of sight on a
// phone, so nothing seemed to happen. The refusal now takes focus (which scrolls it into view), translated.
describe('RenewalDetailScreen, a refused submission', () => {
  it.each([
    ['en', 'Rental renewal, 36 months', /I accept/i, 'Submit renewal', 'The server took too long to answer'],
    ['tc', '租賃續約（36個月）', /接受/, '提交續約', '伺服器回應時間過長'],
  ] as const)('%s: the error takes focus, so it scrolls into view', async (locale, name, accept, submit, text) => {
    const user = userEvent.setup();
    open(locale, null);
    server.use(endpointError(renewalContract.endpoints.submitRenewal, 'TIMEOUT', { status: 504 }));
    await user.click(await screen.findByRole('radio', { name }));
    await user.click(screen.getByRole('checkbox', { name: accept }));
    await user.click(screen.getByTestId('submit-renewal'));
    const alert = await screen.findByTestId('renewal-error');
    expect(alert).toHaveTextContent(text);
    expect(alert).toHaveFocus();
    expect(screen.getByTestId('submit-renewal')).toBeEnabled();
  });
});

describe('RenewalDetailScreen over plain http on an intranet (no crypto.randomUUID)', () => {
  useInsecureContext();
  it('en: the page opens and a renewal is submitted with an idempotency key (the page threw on crypto.randomUUID)', async () => {
    const user = userEvent.setup();
    const keys: string[] = [];
    open('en', null);
    server.use(
      http.post(renewalContract.endpoints.submitRenewal.path, async ({ request }) => {
        keys.push(((await request.json()) as { idempotencyKey: string }).idempotencyKey);
        return HttpResponse.json({ status: 'success', data: { id: 'r1', renewalNo: 'RN-2026-000088', status: 'submitted', replayed: false }, traceId: 't' });
      }),
    );
    await user.click(await screen.findByRole('radio', { name: 'Rental renewal, 36 months' }));
    await user.click(screen.getByRole('checkbox', { name: /I accept/i }));
    await user.click(screen.getByTestId('submit-renewal'));
    expect(await screen.findByTestId('renewal-done')).toHaveTextContent('RN-2026-000088');
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)]);
  });
});

describe('RenewalDetailScreen, numbers in the page’s language (not the browser’s)', () => {
  useBrowserLocale('de-DE');
  it.each([
    ['en', /19,343 black & white and 5,097 colour pages/],
    ['tc', /黑白 19,343 張，彩色 5,097 張/],
  ] as const)('%s: the pages the offers are priced on', async (locale, help) => {
    open(locale, null);
    expect(await screen.findByText(help)).toBeInTheDocument();
  });
});

// QA (tc, Harbour View's rental, one machine's November reading missing): the page said "compared with your last 12
// months" and "Cost of the last 12 months" over costs of the 11 months it had readings for.
describe('RenewalDetailScreen names the months it compares', () => {
  it.each([
    ['en', 11, 'Offers compared with your last 11 months', 'Cost of the last 11 months', /over the last 11 months: 19,343/],
    ['tc', 11, '方案與您過去11個月的比較', '過去11個月費用', /按您過去 11 個月的實際印量計算/],
    ['en', 1, 'Offers compared with your last month', 'Cost of the last month', /over the last month: 19,343/],
    ['tc', 12, '方案與您過去12個月的比較', '過去12個月費用', /按您過去 12 個月的實際印量計算/],
  ] as const)('%s, %i months: the heading, the cost column and the help say so', async (locale, months, heading, cost, help) => {
    open(locale, null, ['contract_renewal_read', 'contract_renewal_write'], months);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: heading });
    expect(within(table).getByRole('columnheader', { name: cost })).toBeInTheDocument();
    expect(screen.getByText(help)).toBeInTheDocument();
  });
});

describe('RenewalDetailScreen with no readings to price', () => {
  it.each([
    ['en', 'Offers for this contract', 'Cost', /no meter readings of this contract’s machines in the last 12 months/],
    ['tc', '適用於此合約的方案', '費用', /此合約的機器在過去12個月沒有抄錶讀數/],
  ] as const)('%s: says it cannot compare, and shows no cost (not HK$0.00 for "the last 0 months")', async (locale, heading, cost, help) => {
    open(locale, null, ['contract_renewal_read', 'contract_renewal_write'], 0);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: heading });
    expect(within(table).getByRole('columnheader', { name: cost })).toBeInTheDocument();
    expect(screen.getByText(help)).toBeInTheDocument();
    // Current terms and both offers: cost and difference "–".
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(3).map((c) => c.textContent))).toEqual([
      ['–', '–'],
      ['–', '–'],
      ['–', '–'],
    ]);
    expect(screen.queryByText(/\b0 months|0 個月/)).not.toBeInTheDocument();
    // The offers can still be chosen.
    expect(within(table).getAllByRole('radio')).toHaveLength(2);
  });
});

describe('RenewalDetailScreen on a phone', () => {
  // QA (tc, 390 px): the cost column's heading broke before its last character ("過去12個月費" / "用").
  it.each([
    ['tc', '過去12個月費用'],
    ['en', 'Cost of the last 12 months'],
  ] as const)('%s: the cost heading breaks only between words (keep-all), so the Chinese one stays whole', async (locale, heading) => {
    open(locale, null);
    const table = await screen.findByTestId('offer-comparison');
    expect(getComputedStyle(within(table).getByRole('columnheader', { name: heading })).wordBreak).toBe('keep-all');
  });

  it('en: an offer code never breaks at its hyphen ("RN-" / "1")', async () => {
    open('en', null);
    const table = await screen.findByTestId('offer-comparison');
    expect(getComputedStyle(within(table).getByText('RN-1')).whiteSpace).toBe('nowrap');
  });
});

describe('RenewalDetailScreen, an offer that costs what the current terms cost', () => {
  it.each([
    ['en', 'Same cost', 'HK$0.00 more'],
    ['tc', '費用相同', '多付 HK$0.00'],
  ] as const)('%s: its difference reads "%s", not "%s" (a charge of nothing)', async (locale, same, zeroMore) => {
    const base = options(null);
    server.use(endpointSuccess(renewalContract.endpoints.getOptions, { ...base, offers: [{ ...OFFERS[0]!, offerCostCents: base.currentCostCents, differenceCents: 0 }, OFFERS[1]!] }));
    renderWithProviders(<RenewalDetailScreen />, {
      locale,
      router: { pathname: '/my-orders/contract-renewal/detail', query: { contract: CONTRACT }, isReady: true },
      functionCodes: ['contract_renewal_read', 'contract_renewal_write'],
    });
    const table = await screen.findByTestId('offer-comparison');
    // The wide cell and the phone's caption both say it.
    expect(within(table).getAllByText(same)).toHaveLength(2);
    expect(table).not.toHaveTextContent(zeroMore);
    // The other offer's saving is still written as one.
    expect(within(table).getAllByText(locale === 'en' ? 'HK$1,000.00 less' : '節省 HK$1,000.00')).toHaveLength(2);
  });
});
