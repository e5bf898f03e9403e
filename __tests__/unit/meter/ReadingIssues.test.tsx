import { screen } from '@testing-library/react';
import { ReadingIssues } from '@/components/meter/ReadingIssues';
import { renderWithProviders } from '../testUtils/render';

const lower = { code: 'COUNTER_LOWER', severity: 'error', values: { date: '2026-11-01', previousMono: 307569, previousColour: 0 } } as const;
const future = { code: 'DATE_IN_FUTURE', severity: 'error', values: { today: '2026-11-25' } } as const;

describe('ReadingIssues', () => {
  it('writes the dates and counters in the issue as the page writes them, in English', () => {
    renderWithProviders(<ReadingIssues issues={[lower, future]} />);
    expect(screen.getByText('A counter is lower than the previous reading of 1 Nov 2026 (B/W 307,569, colour 0).')).toBeInTheDocument();
    expect(screen.getByText('The date is in the future (today is 25 Nov 2026).')).toBeInTheDocument();
  });

  it('names only the B/W counter of a black & white machine (context mono), in en and tc', () => {
    const mono = { code: 'COUNTER_LOWER', severity: 'error', values: { date: '2026-12-01', previousMono: 318129, context: 'mono' } } as const;
    const first = renderWithProviders(<ReadingIssues issues={[mono]} />);
    expect(screen.getByRole('listitem')).toHaveTextContent('The B/W counter is lower than the previous reading of 1 Dec 2026 (318,129).');
    first.unmount();
    renderWithProviders(<ReadingIssues issues={[mono]} />, { locale: 'tc' });
    expect(screen.getByRole('listitem')).toHaveTextContent('黑白計數低於 2026年12月1日 的上次讀數（318,129）。');
    expect(screen.getByRole('listitem')).not.toHaveTextContent('彩色');
  });

  it('and in Traditional Chinese', () => {
    renderWithProviders(<ReadingIssues issues={[lower]} />, { locale: 'tc' });
    expect(screen.getByRole('listitem')).toHaveTextContent('2026年11月1日');
    expect(screen.getByRole('listitem')).toHaveTextContent('307,569');
    expect(screen.getByRole('listitem')).not.toHaveTextContent('2026-11-01');
  });
});
