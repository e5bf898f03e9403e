import { screen } from '@testing-library/react';
import { RequestFacts } from '@/components/serviceRequests/parts';
import type { ServiceRequestDetail } from '@/lib/serviceRequests/schemas';
import { renderWithProviders } from '../testUtils/render';

/** Only what RequestFacts reads; the rest of a request does not matter here. */
const request = {
  machine: { id: 'm1', serialNo: 'JPBCN8K1Q7', modelNameEn: 'Apeos C3070', modelNameZh: 'Apeos C3070', locationEn: 'Front office', locationZh: '前台', addressEn: '', addressZh: '' },
  category: 'paper_jam',
  errorCode: '',
  description: 'Jams on tray 2.',
  contactName: 'Chan Tai Man',
  contactPhone: '2345 6789',
  visitWindows: [
    { date: '2026-11-26', slot: 'morning' },
    { date: '2026-11-27', slot: 'afternoon' },
  ],
  createdAt: '2026-11-25T02:00:00.000Z',
  contractNo: null,
} as unknown as ServiceRequestDetail;

describe('RequestFacts', () => {
  it.each([
    ['en', '26 Nov 2026', '27 Nov 2026'],
    ['tc', '2026年11月26日', '2026年11月27日'],
  ] as const)('writes the preferred visit days as dates of the page (%s), not 2026-11-26', (locale, first, second) => {
    renderWithProviders(<RequestFacts r={request} />, { locale });
    expect(screen.getByText(new RegExp(first))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(second))).toBeInTheDocument();
    expect(screen.queryByText(/2026-11-26/)).not.toBeInTheDocument();
  });
});
