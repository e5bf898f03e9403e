import { screen, waitFor } from '@testing-library/react';
import { UsageChart } from '@/components/meter/parts';
import type { UsageMonth } from '@/components/meter/parts';
import { renderWithProviders } from '../testUtils/render';

describe('UsageChart', () => {
  it.each([
    ['en', 'No usage to show for these months'],
    ['tc', '這些月份沒有印量資料'],
  ] as const)('%s: an empty chart says so in the page’s language (the chart library wrote "No data to display" on tc pages too)', async (locale, text) => {
    renderWithProviders(<UsageChart monthly={[]} />, { locale });
    expect(await screen.findByText(text, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('No data to display')).toBeNull();
  });

  it('tc: while loading it says so in Chinese', async () => {
    renderWithProviders(<UsageChart monthly={[]} loading />, { locale: 'tc' });
    expect(await screen.findByText('正在載入印量…', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Loading data…')).toBeNull();
  });

  /** The chart's axis labels once drawn, each as its lines joined by " / " (the x axis's, then the y axis's). */
  async function axisLabels(monthly: UsageMonth[], locale: 'en' | 'tc', colour = true) {
    renderWithProviders(<UsageChart monthly={monthly} colour={colour} />, { locale });
    const chart = await screen.findByTestId('usage-chart');
    await waitFor(() => expect(chart.querySelector('.MuiChartsAxis-directionY text')).not.toBeNull(), { timeout: 5000 });
    const labels = (dir: 'X' | 'Y') =>
      Array.from(chart.querySelectorAll(`.MuiChartsAxis-direction${dir} .MuiChartsAxis-tickLabel`)).map((t) => {
        const lines = Array.from(t.querySelectorAll('tspan')).map((l) => l.textContent);
        return lines.length ? lines.join(' / ') : (t.textContent ?? '');
      });
    return { x: labels('X'), y: labels('Y') };
  }

  // QA: a machine with no pages in the range: the page axis read "0.00⋯", and the one month had no year.
  it.each([
    ['en', 'Nov / 2026'],
    ['tc', '11月 / 2026年'],
  ] as const)('%s: every month 0: whole-page ticks from 0 to 10, and a single month named with its year', async (locale, month) => {
    const { x, y } = await axisLabels([{ month: '2026-11', mono: 0, colour: 0 }], locale);
    expect(x).toEqual([month]);
    expect(y).toEqual(['0', '2', '4', '6', '8', '10']);
  });

  it('a small range: whole pages only (no "0.5" between 0 and 1 and 2)', async () => {
    const { y } = await axisLabels(
      [
        { month: '2026-10', mono: 1, colour: 0 },
        { month: '2026-11', mono: 2, colour: 0 },
      ],
      'en',
    );
    expect(y.length).toBeGreaterThan(1);
    expect(y.every((v) => /^\d+$/.test(v))).toBe(true);
  });

  it('tens of thousands of pages: the ticks carry the thousands separator', async () => {
    const { y } = await axisLabels([{ month: '2026-10', mono: 12_000, colour: 500 }], 'en');
    expect(y).toEqual(['0', '5,000', '10,000', '15,000']);
  });

  it.each([
    ['en', ['Nov / 2025', 'Dec', 'Jan / 2026', 'Feb']],
    ['tc', ['11月 / 2025年', '12月', '1月 / 2026年', '2月']],
  ] as const)('%s: months across New Year: the year under the first month and under January', async (locale, months) => {
    const { x } = await axisLabels(
      ['2025-11', '2025-12', '2026-01', '2026-02'].map((month) => ({ month, mono: 100, colour: 10 })),
      locale,
    );
    expect(x).toEqual(months);
  });

  it.each([
    ['en', 'Dec 2026'],
    ['tc', '2026年12月'],
  ] as const)('%s: a month no reading closes yet reads "–", not 0 pages', async (locale, december) => {
    renderWithProviders(<UsageChart monthly={[{ month: '2026-11', mono: 4254, colour: 0 }, { month: '2026-12', mono: null, colour: null }]} />, { locale });
    const table = await screen.findByTestId('usage-table');
    const rows = Array.from(table.querySelectorAll('tbody tr')).map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent));
    expect(rows[1]).toEqual([december, '–', '–']);
    expect(rows[0]![1]).toBe('4,254');
  });
});
