import { screen, within } from '@testing-library/react';
import { MachineDetailScreen } from '@/components/machines/MachineDetailScreen';
import { machinesContract } from '@/lib/machines/contract';
import type { MachineDetail } from '@/lib/machines/schemas';
import { endpointSuccess } from '../testUtils/handlers';
import { renderWithProviders, text, type Lang } from '../testUtils/render';
import { server } from '../testUtils/server';

const ID = '5eed0040-0000-4000-8000-000000000001';
const route = { pathname: '/my-machines/[id]', query: { id: ID }, asPath: `/my-machines/${ID}` };

const machine: MachineDetail = {
  id: ID,
  serialNo: '3C4-512784',
  modelCode: 'C3530',
  modelNameEn: 'ColourPro 3530',
  modelNameZh: '彩色專業 3530',
  isColour: true,
  locationEn: '12/F Reception',
  locationZh: '12樓接待處',
  brand: 'Portal',
  category: 'mfp',
  status: 'active',
  siteKey: 'site-1',
  siteEn: '1 Harbour Road, Wan Chai',
  siteZh: '灣仔港灣道1號',
  contract: null,
  lastReading: { readingDate: '2026-10-31', monoCounter: 125000, colourCounter: 48000, source: 'web' },
  readingDueOn: '2026-11-30',
  dueFlag: 'ok',
  lastTonerOrder: null,
  openServiceRequests: null,
  addressEn: '1 Harbour Road, Wan Chai',
  addressZh: '灣仔港灣道1號',
  installedOn: '2024-01-15',
  pagesPerMinute: 35,
  tonerContactName: 'Chan Tai Man',
  tonerContactPhone: '2123 4567',
  usualMonthly: { mono: 3000, colour: 1200 },
  readings: [{ id: 'r1', readingDate: '2026-10-31', monoCounter: 125000, colourCounter: 48000, monoPages: 3100, colourPages: 1250, source: 'web' }],
  usage: [{ month: '2026-10', mono: 3100, colour: 1250 }],
  orders: null,
  serviceRequests: null,
};

describe('MachineDetailScreen', () => {
  it.each<Lang>(['en', 'tc'])('right-aligns the recent readings’ figures, as the monthly usage table beside them (%s)', async (lng) => {
    server.use(endpointSuccess(machinesContract.endpoints.getMachine, machine));
    renderWithProviders(<MachineDetailScreen />, { router: route, functionCodes: ['machine_read', 'meter_history_read'], locale: lng });
    const readings = await screen.findByRole('table', { name: text(lng, 'machines:detail.recentReadings') });
    for (const key of ['monoCounter', 'colourCounter', 'monoPages', 'colourPages']) {
      expect(within(readings).getByRole('columnheader', { name: text(lng, `meter:columns.${key}`) })).toHaveClass('MuiTableCell-alignRight');
    }
    const cells = within(within(readings).getAllByRole('row')[1]!).getAllByRole('cell');
    // Date and source stay as text; the four figures line up on the right.
    expect(cells.map((c) => c.classList.contains('MuiTableCell-alignRight'))).toEqual([false, true, true, true, true, false]);
    expect(within(screen.getByTestId('usage-table')).getAllByRole('columnheader')[1]).toHaveClass('MuiTableCell-alignRight');
  });
});
