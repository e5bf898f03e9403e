import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MeterHistoryScreen } from '@/components/meter/MeterHistoryScreen';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { formatDate } from '@/lib/i18n/locales';
import { meterContract } from '@/lib/meter/contract';
import type { MeterMachine, ReadingItem } from '@/lib/meter/schemas';
import { renderWithProviders, type TestLocale } from '../testUtils/render';
import { server } from '../testUtils/server';

const E = meterContract.endpoints;
const today = hkToday();

const PRINTER: MeterMachine = {
  id: '00000000-0000-4000-8000-000000000001',
  serialNo: 'JPBCN8K1Q7',
  modelCode: 'P',
  modelNameEn: 'Printer',
  modelNameZh: '打印機',
  isColour: false,
  locationEn: 'Office',
  locationZh: '辦公室',
  contractId: null,
  contractNo: 'CT-2022-00412',
  lastReading: { readingDate: addDays(today, -60), monoCounter: 300_000, colourCounter: 0, source: 'web' },
  readingDueOn: '2026-11-01',
  dueFlag: 'overdue',
  usualMonthly: null,
};

/** The page's three endpoints; each records the bodies it was asked with. */
function api(readings: ReadingItem[] = [], machines: MeterMachine[] = [PRINTER]) {
  const asked = { readings: [] as unknown[], usage: [] as unknown[] };
  server.use(
    http.post(E.listMachines.path, () => HttpResponse.json({ status: 'success', data: { items: machines, today }, traceId: 't' })),
    http.post(E.listReadings.path, async ({ request }) => {
      asked.readings.push(await request.json());
      return HttpResponse.json({ status: 'success', data: { items: readings, total: readings.length }, traceId: 't' });
    }),
    http.post(E.usage.path, async ({ request }) => {
      const body = (await request.json()) as { fromMonth?: string; toMonth?: string };
      asked.usage.push(body);
      if (body.fromMonth && body.toMonth && body.fromMonth > body.toMonth) {
        return HttpResponse.json({ status: 'error', error: { code: 'VALIDATION', message: 'x', fields: { fromMonth: ['meter:errors.monthRange'] } }, traceId: 't' }, { status: 400 });
      }
      return HttpResponse.json({ status: 'success', data: { months: [], points: [] }, traceId: 't' });
    }),
  );
  return asked;
}

const render = (route: string, locale: TestLocale = 'en') => renderWithProviders(<MeterHistoryScreen />, { locale, route, functionCodes: ['meter_history_read'] });

describe('MeterHistoryScreen', () => {
  it.each([
    ['en', 'The end date is before the start date.', 'No readings match these filters.', 'Some of the information entered is not valid'],
    ['tc', '結束日期早於開始日期。', '沒有符合篩選條件的讀數。', '部分資料無效'],
  ] as const)('%s: a date range that ends before it starts sends nothing; only the date field says so', async (locale, inverted, noMatch, banner) => {
    const asked = api();
    render('/my-account/meter-history?dateFrom=2026-11-01&dateTo=2026-01-01', locale);
    expect(await screen.findByText(inverted)).toBeInTheDocument();
    await screen.findByTestId(`machine-${PRINTER.serialNo}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(asked).toEqual({ readings: [], usage: [] });
    expect(screen.queryByText(noMatch)).toBeNull();
    expect(screen.queryByText(banner, { exact: false })).toBeNull();
  });

  it('a range in order asks both the readings and the usage with it', async () => {
    const asked = api();
    render('/my-account/meter-history?dateFrom=2026-01-01&dateTo=2026-11-01');
    expect(await screen.findByText('No readings match these filters.')).toBeInTheDocument();
    expect(asked.usage).toEqual([{ fromMonth: '2026-01', toMonth: '2026-11' }]);
    expect(asked.readings).toHaveLength(1);
  });

  it.each([
    ['en', (date: string) => `Last reading ${date}: B/W 300,000`],
    ['tc', (date: string) => `最近讀數 ${date}：黑白 300,000`],
  ] as const)('%s: a black & white machine’s last reading names its B/W counter only (no "colour 0")', async (locale, line) => {
    api();
    render('/my-account/meter-history', locale);
    const card = await screen.findByTestId(`machine-${PRINTER.serialNo}`);
    expect(card).toHaveTextContent(line(formatDate(PRINTER.lastReading!.readingDate, locale)));
    expect(card).not.toHaveTextContent(locale === 'en' ? /colour/ : /彩色 0/);
  });

  it('the readings of a black & white machine show "–" for the colour counter and colour pages, not 0', async () => {
    const reading = (id: string, machineId: string, serialNo: string): ReadingItem => ({
      id,
      machineId,
      serialNo,
      locationEn: 'Office',
      locationZh: '辦公室',
      readingDate: addDays(today, -30),
      monoCounter: 301_000,
      colourCounter: 0,
      monoPages: 1_000,
      colourPages: 0,
      source: 'web',
      status: 'accepted',
      billed: false,
      hasPhoto: false,
    });
    // A colour machine that printed no colour pages keeps its 0s; a machine the card list does not know keeps its figures.
    const COLOUR: MeterMachine = { ...PRINTER, id: '00000000-0000-4000-8000-000000000002', serialNo: 'COLOUR01', isColour: true };
    api([reading('r1', PRINTER.id, PRINTER.serialNo), reading('r2', COLOUR.id, COLOUR.serialNo)]);
    server.use(http.post(E.listMachines.path, () => HttpResponse.json({ status: 'success', data: { items: [PRINTER, COLOUR], today }, traceId: 't' })));
    render('/my-account/meter-history');
    const mono = (await screen.findAllByText(PRINTER.serialNo)).map((el) => el.closest('tr')).find(Boolean)!;
    const colour = (await screen.findAllByText('COLOUR01')).map((el) => el.closest('tr')).find(Boolean)!;
    const cells = (row: Element) => [...row.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells(mono)).toEqual(expect.arrayContaining(['301,000', '1,000']));
    expect(cells(mono).filter((c) => c === '–')).toHaveLength(2);
    expect(cells(mono)).not.toContain('0');
    expect(cells(colour).filter((c) => c === '0')).toHaveLength(2);
  });

  it.each(['en', 'tc'] as const)('%s: a reading due now is due by the last day it still counts (reading day + 5), never a day already past', async (locale) => {
    // The reading day was 1 Dec; readings count until 6 Dec, so on 3 Dec "due by 1 Dec" read as already missed (QA).
    api(undefined, [{ ...PRINTER, dueFlag: 'due', readingDueOn: '2026-12-01' }]);
    render('/my-account/meter-history', locale);
    const flag = await screen.findByTestId(`due-${PRINTER.serialNo}`);
    expect(flag).toHaveTextContent(locale === 'en' ? 'Reading due by 6 Dec 2026' : '請於2026年12月6日或之前提交讀數');
  });

  it.each(['en', 'tc'] as const)('%s: the overdue badge is never cut: its row of chips wraps and keeps no fixed one-chip height', async (locale) => {
    api();
    render('/my-account/meter-history', locale);
    const flag = await screen.findByTestId(`due-${PRINTER.serialNo}`);
    expect(flag).toHaveTextContent(locale === 'en' ? 'Reading overdue since 1 Nov 2026' : '讀數已逾期（應於2026年11月1日提交）');
    const row = screen.getByTestId(`chips-${PRINTER.serialNo}`);
    const style = getComputedStyle(row);
    expect(style.overflow).not.toBe('hidden');
    expect(style.height).not.toBe('24px');
    expect(style.flexWrap).toBe('wrap');
    // Room for two lines of chips, loaded or loading (the strip does not move when the flag arrives).
    expect(style.minHeight).toBe('52px');
  });
});
