import { screen, within } from '@testing-library/react';
import { RenewalLogDetailScreen } from '@/components/admin/renewal/RenewalLogsScreen';
import { renewalContract } from '@/lib/renewal/contract';
import type { RenewalLogDetail } from '@/lib/renewal/schemas';
import { endpointSuccess } from '../../testUtils/handlers';
import { renderWithProviders, type TestLocale } from '../../testUtils/render';
import { server } from '../../testUtils/server';

const ID = '5eed0090-0000-4000-8000-000000000001';
// A mono maintenance offer: its terms snapshot holds the colour rate as "0", the B/W rate with the column's 4 decimals.
const log = {
  id: ID,
  renewalNo: 'RN-2026-000012',
  status: 'submitted',
  contractId: 'c1',
  contractNo: 'CT-2024-00118',
  ucpId: 'UCP100001',
  customerNameEn: 'Harbour View Trading Company Limited',
  customerNameZh: '海景貿易有限公司',
  offerCode: 'RN-MAINT-24',
  offerNameEn: 'Maintenance renewal, 24 months',
  offerNameZh: '保養續約（24個月）',
  submittedAt: '2026-11-11T07:42:00.000Z',
  submittedByName: 'Chan Tai Man',
  currentCostCents: 1_283_102,
  offerCostCents: 1_100_000,
  monthsCompared: 12,
  terms: { termMonths: 24, periodChargeCents: 45_000, minimumChargeCents: 0, monoRate: '0.0480', colourRate: '0', monoAllowance: 2000, colourAllowance: 0, newModelCode: null },
  newStartDate: '2027-01-01',
  newEndDate: '2028-12-31',
  events: [],
} as unknown as RenewalLogDetail;

describe('RenewalLogDetailScreen, the renewal’s terms', () => {
  // A colour offer whose snapshot holds a rate as "0" (colour pages included but not charged).
  it.each([
    ['en', /B\/W HK\$0\.0480, colour HK\$0\.0000 per page/],
    ['tc', /每張黑白 HK\$0\.0480、彩色 HK\$0\.0000/],
  ] as const)('%s: both rates with the same 4 decimals (not "HK$0" beside "HK$0.0480")', async (locale: TestLocale, rates) => {
    server.use(endpointSuccess(renewalContract.endpoints.getLog, { ...log, terms: { ...log.terms, colourAllowance: 200 } }));
    renderWithProviders(<RenewalLogDetailScreen />, {
      locale,
      router: { pathname: '/admin-controls/customer-contract-renewal-logs/[id]', query: { id: ID }, isReady: true },
      functionCodes: ['contract_renewal_log'],
    });
    expect(await screen.findByText(rates)).toBeInTheDocument();
  });

  // QA: a black & white offer read "colour HK$0.0000 per page; 2,000 / 0 pages included".
  it.each([
    ['en', 'HK$450.00 a month; B/W HK$0.0480 per page; 2,000 pages included'],
    ['tc', '每月 HK$450.00；每張黑白 HK$0.0480；包括 2,000 張'],
  ] as const)('%s: the mono offer\'s terms name no colour rate or colour pages', async (locale: TestLocale, line) => {
    server.use(endpointSuccess(renewalContract.endpoints.getLog, log));
    renderWithProviders(<RenewalLogDetailScreen />, {
      locale,
      router: { pathname: '/admin-controls/customer-contract-renewal-logs/[id]', query: { id: ID }, isReady: true },
      functionCodes: ['contract_renewal_log'],
    });
    expect(await screen.findByText(line)).toBeInTheDocument();
  });

  // QA (tc): the new term read 「2027年1月1日 – 2028年12月31日 (24個月)」, half-width brackets round Chinese, where the
  // contract page writes the same term 「…至…（24個月）」.
  it.each([
    ['en', '1 Jan 2027 – 31 Dec 2028 (24 months)'],
    ['tc', '2027年1月1日 至 2028年12月31日（24個月）'],
  ] as const)('%s: the new term is written as the contract page writes a term', async (locale: TestLocale, term) => {
    server.use(endpointSuccess(renewalContract.endpoints.getLog, log));
    renderWithProviders(<RenewalLogDetailScreen />, {
      locale,
      router: { pathname: '/admin-controls/customer-contract-renewal-logs/[id]', query: { id: ID }, isReady: true },
      functionCodes: ['contract_renewal_log'],
    });
    expect(await screen.findByText(term)).toBeInTheDocument();
  });

  // QA: on a phone the history read "RN-" / "RENT-36": a browser breaks a line after a hyphen.
  it.each(['en', 'tc'] as const)('%s: offer codes and renewal numbers never break inside, in the history and the facts', async (locale: TestLocale) => {
    const events = [{ id: 'e1', eventType: 'renewal_submitted', at: '2026-11-11T07:42:00.000Z', actorName: 'Chan Tai Man', renewalNo: 'RN-2026-000012', detail: { offerCode: 'RN-RENT-36' } }];
    server.use(endpointSuccess(renewalContract.endpoints.getLog, { ...log, events } as unknown as RenewalLogDetail));
    renderWithProviders(<RenewalLogDetailScreen />, {
      locale,
      router: { pathname: '/admin-controls/customer-contract-renewal-logs/[id]', query: { id: ID }, isReady: true },
      functionCodes: ['contract_renewal_log'],
    });
    const history = await screen.findByTestId('contract-history');
    for (const code of ['RN-2026-000012', 'RN-RENT-36']) expect(getComputedStyle(within(history).getByText(code)).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(screen.getByText('RN-MAINT-24')).whiteSpace).toBe('nowrap');
  });
});

// QA: the log said "Current terms (12 months)" over costs the customer was shown for the 11 months it had readings of.
describe('RenewalLogDetailScreen, the costs the customer was shown', () => {
  it.each([
    ['en', 11, 'Current terms (last 11 months)', 'Offer (last 11 months)'],
    ['tc', 11, '現行條款（過去11個月）', '方案（過去11個月）'],
    ['en', 1, 'Current terms (last month)', 'Offer (last month)'],
    ['tc', 0, '現行條款（沒有讀數可計算）', '方案（沒有讀數可計算）'],
    // A renewal from before the months were kept.
    ['en', null, 'Current terms (12 months)', 'Offer (12 months)'],
  ] as const)('%s, %s months: each cost names the months it was priced on', async (locale: TestLocale, monthsCompared, current, offer) => {
    server.use(endpointSuccess(renewalContract.endpoints.getLog, { ...log, monthsCompared }));
    renderWithProviders(<RenewalLogDetailScreen />, {
      locale,
      router: { pathname: '/admin-controls/customer-contract-renewal-logs/[id]', query: { id: ID }, isReady: true },
      functionCodes: ['contract_renewal_log'],
    });
    expect(await screen.findByText(current)).toBeInTheDocument();
    expect(screen.getByText(offer)).toBeInTheDocument();
  });
});
