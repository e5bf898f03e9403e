import { screen } from '@testing-library/react';
import { UsageChart } from '@/components/meter/parts';
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
});
