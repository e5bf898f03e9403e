import { screen } from '@testing-library/react';
import { DeadlineNote } from '@/components/renewal/RenewalListScreen';
import type { RenewableContract } from '@/lib/renewal/schemas';
import { renderWithProviders } from '../testUtils/render';

const contract = (daysToDeadline: number): RenewableContract => ({
  contractId: '5eed0020-0000-4000-8000-000000000006',
  contractNo: 'CT-2024-00530',
  contractType: 'rental',
  startDate: '2024-01-15',
  endDate: '2027-01-14',
  serials: [],
  eligibility: { eligible: true, reason: null, windowOpensOn: '2026-10-16', noticeDeadline: '2026-12-15', daysToDeadline },
  renewal: null,
  offerCount: 2,
});

describe('DeadlineNote', () => {
  it.each([
    ['en', 'Last day to give notice: today (15 Dec 2026)'],
    ['tc', '今日（2026年12月15日）為通知期限的最後一日'],
  ] as const)('%s: on the deadline day (still open) it says today is the last day, not "0 days left"', async (locale, text) => {
    renderWithProviders(<DeadlineNote c={contract(0)} />, { locale });
    expect(await screen.findByTestId('days-left-CT-2024-00530')).toHaveTextContent(text);
  });

  it('en: days before it, the days left', async () => {
    renderWithProviders(<DeadlineNote c={contract(1)} />, { locale: 'en' });
    expect(await screen.findByTestId('days-left-CT-2024-00530')).toHaveTextContent('1 day left to the notice deadline (15 Dec 2026)');
  });
});
