import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { MeterUploadScreen } from '@/components/meter/MeterUploadScreen';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { meterContract } from '@/lib/meter/contract';
import type { CheckResult, MeterMachine, ParseCsvResult, ReadingRowInput } from '@/lib/meter/schemas';
import { renderWithProviders, type TestLocale } from '../testUtils/render';
import { server } from '../testUtils/server';
import { useBrowserLocale } from '../testUtils/browserLocale';
import { useInsecureContext } from '../testUtils/insecureContext';

// jest-fixed-jsdom leaves jsdom's File (no text()); a browser's File has it.
globalThis.File = NodeFile as unknown as typeof File;

const E = meterContract.endpoints;
const today = hkToday();
const MONO = '3B7-209156';
const COLOUR = '3C4-512784';

const machine = (serialNo: string, isColour: boolean, n: number): MeterMachine => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  serialNo,
  modelCode: 'M',
  modelNameEn: 'Model',
  modelNameZh: '型號',
  isColour,
  locationEn: 'Office',
  locationZh: '辦公室',
  contractId: null,
  contractNo: 'CT-2024-00118',
  lastReading: { readingDate: addDays(today, -30), monoCounter: 300_000, colourCounter: isColour ? 5000 : 0, source: 'web' },
  readingDueOn: null,
  dueFlag: 'ok',
  usualMonthly: null,
});
const MACHINES = [machine(COLOUR, true, 1), machine(MONO, false, 2)];

/** The API as the upload page calls it: the rows each check and submit received. */
function api(check: (rows: ReadingRowInput[]) => CheckResult | Response = okCheck) {
  const checked: ReadingRowInput[][] = [];
  const submitted: ReadingRowInput[][] = [];
  server.use(
    http.post(E.listMachines.path, () => HttpResponse.json({ status: 'success', data: { items: MACHINES, today }, traceId: 't' })),
    http.post(E.checkReadings.path, async ({ request }) => {
      const { rows } = (await request.json()) as { rows: ReadingRowInput[] };
      checked.push(rows);
      const answer = check(rows);
      return answer instanceof Response ? answer : HttpResponse.json({ status: 'success', data: answer, traceId: 't' });
    }),
    http.post(E.submitReadings.path, async ({ request }) => {
      const { rows } = (await request.json()) as { rows: ReadingRowInput[] };
      submitted.push(rows);
      return HttpResponse.json({ status: 'success', data: { submissionId: 's1', count: rows.length, replayed: false }, traceId: 't' });
    }),
  );
  return { checked, submitted };
}

function okCheck(rows: ReadingRowInput[]): CheckResult {
  return {
    rows: rows.map((r, i) => ({ ...r, colourCounter: r.colourCounter ?? 0, rowNo: i + 1, machineId: null, previous: null, monoPages: null, colourPages: null, issues: [] })),
    errorCount: 0,
    warningCount: 0,
  };
}

/** The machines, and a CSV check whose one row (line 2) names a serial the customer does not have. */
function answerCsvWithUnknownSerial() {
  const checked = okCheck([{ serialNo: MONO, readingDate: today, monoCounter: 301_000, colourCounter: 0 }]);
  const bad = { ...checked, errorCount: 1, rows: [{ ...checked.rows[0]!, rowNo: 2, issues: [{ code: 'UNKNOWN_SERIAL', severity: 'error' as const, values: { serial: MONO } }] }] };
  server.use(
    http.post(E.listMachines.path, () => HttpResponse.json({ status: 'success', data: { items: MACHINES, today }, traceId: 't' })),
    http.post(E.parseCsv.path, () => HttpResponse.json({ status: 'success', data: { ...bad, parseErrors: [] }, traceId: 't' })),
  );
}

const LABELS = {
  en: { date: (s: string) => `Reading date of ${s}`, mono: (s: string) => `B/W counter of ${s}`, colour: (s: string) => `Colour counter of ${s}`, submit: 'Check and submit' },
  tc: { date: (s: string) => `${s} 的讀數日期`, mono: (s: string) => `${s} 的黑白計數`, colour: (s: string) => `${s} 的彩色計數`, submit: '檢查並提交' },
} as const;

async function openForm(locale: TestLocale = 'en') {
  const user = userEvent.setup();
  renderWithProviders(<MeterUploadScreen />, { locale, route: '/my-account/meter-history/upload', functionCodes: ['meter_upload_read', 'meter_upload_write'] });
  await screen.findByLabelText(LABELS[locale].mono(MONO));
  const L = LABELS[locale];
  const typeInto = async (label: string, text: string) => {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (text) await user.type(field, text);
  };
  return { user, L, typeInto, submit: () => user.click(screen.getByRole('button', { name: L.submit })) };
}

/** The helper text of a field (MUI links it with aria-describedby). */
const helperOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('MeterUploadScreen, the form', () => {
  it('counters typed in the form are still there after a look at the CSV tab (switching tabs emptied the form)', async () => {
    api();
    const { user, L, typeInto } = await openForm();
    await typeInto(L.mono(MONO), '303000');
    await user.click(screen.getByRole('tab', { name: 'Upload CSV' }));
    expect(screen.getByRole('tabpanel', { name: 'Upload CSV' })).toBeVisible();
    expect(screen.queryByLabelText(L.mono(MONO))).not.toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Enter counters' }));
    expect(screen.getByLabelText(L.mono(MONO))).toHaveValue('303000');
  });

  it('each machine’s calendar button names that machine’s date (every row’s button was "Choose a date from the calendar")', async () => {
    api();
    const { L } = await openForm();
    for (const serial of [COLOUR, MONO]) expect(screen.getByRole('button', { name: `${L.date(serial)}: choose a date from the calendar` })).toBeInTheDocument();
  });

  it.each([
    ['en', '30 Feb 2026', 'Enter a valid date.'],
    ['en', '01/01/2099', `The date is in the future (today is `],
    ['tc', '30 Feb 2026', '請輸入有效日期。'],
    ['tc', '01/01/2099', '日期在未來'],
  ] as const)('%s: an impossible date (%s) is shown on the date field itself, and nothing is sent', async (locale, typed, message) => {
    const calls = api();
    const { L, typeInto, submit } = await openForm(locale);
    await typeInto(L.date(MONO), typed);
    await typeInto(L.mono(MONO), '303000');
    await submit();
    const date = screen.getByLabelText(L.date(MONO));
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(helperOf(date)).toContain(message);
    expect(screen.getByTestId('form-errors')).toHaveTextContent(MONO);
    expect(screen.getByLabelText(L.mono(MONO))).toHaveAttribute('aria-invalid', 'false');
    expect(calls.checked).toEqual([]);
    // Correcting the date clears its message.
    await typeInto(L.date(MONO), addDays(today, -1));
    expect(screen.getByLabelText(L.date(MONO))).toHaveAttribute('aria-invalid', 'false');
  });

  it('a field the server refuses (400 rows.N.readingDate) is highlighted on that machine’s date field', async () => {
    const calls = api(() => endpointErrorResponse({ 'rows.0.readingDate': ['ui.validation.date'] }));
    const { L, typeInto, submit } = await openForm();
    await typeInto(L.mono(MONO), '303000');
    await submit();
    const date = screen.getByLabelText(L.date(MONO));
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(helperOf(date)).toBe('Enter a valid date.');
    expect(screen.getByLabelText(L.date(COLOUR))).toHaveAttribute('aria-invalid', 'false');
    expect(calls.checked).toHaveLength(1);
  });

  it('a date the check refuses (on the previous reading’s day) is told under the date, not under the counter', async () => {
    api((rows) => {
      const result = okCheck(rows);
      result.rows[0]!.issues = [{ code: 'DUPLICATE_DATE', severity: 'error', values: { date: today } }];
      return { ...result, errorCount: 1 };
    });
    const { L, typeInto, submit } = await openForm();
    await typeInto(L.mono(MONO), '303000');
    await submit();
    expect(await screen.findByTestId(`date-issues-${MONO}`)).toHaveTextContent('This machine already has a reading on');
    expect(screen.getByLabelText(L.date(MONO))).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId(`issues-${MONO}`)).toBeNull();
  });

  it.each(['en', 'tc'] as const)('%s: counters with thousands separators are read as the page writes them; decimals and negatives are still refused', async (locale) => {
    const calls = api();
    const { L, typeInto, submit } = await openForm(locale);
    await typeInto(L.mono(COLOUR), '307,600');
    await typeInto(L.colour(COLOUR), '1,000');
    await typeInto(L.mono(MONO), '1.5');
    await submit();
    expect(await screen.findByTestId('form-errors')).toHaveTextContent(MONO);
    expect(screen.getByLabelText(L.mono(MONO))).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(L.mono(COLOUR))).toHaveAttribute('aria-invalid', 'false');
    expect(calls.checked).toEqual([]);
    await typeInto(L.mono(MONO), '-5');
    await submit();
    expect(screen.getByLabelText(L.mono(MONO))).toHaveAttribute('aria-invalid', 'true');
    expect(calls.checked).toEqual([]);

    await typeInto(L.mono(MONO), '');
    await submit();
    await waitFor(() => expect(calls.submitted).toHaveLength(1));
    expect(calls.checked[0]).toEqual([{ serialNo: COLOUR, readingDate: today, monoCounter: 307_600, colourCounter: 1000 }]);
  });

  it.each([
    ['en', 'Enter the colour counter of 3C4-512784 as well.'],
    ['tc', '請同時輸入 3C4-512784 的彩色計數。'],
  ] as const)('%s: a colour machine’s colour counter left empty is asked for on its field, and nothing is sent (it went as 0: "lower than the previous reading")', async (locale, message) => {
    const calls = api();
    const { L, typeInto, submit } = await openForm(locale);
    await typeInto(L.mono(COLOUR), '307,600');
    await submit();
    const colour = screen.getByLabelText(L.colour(COLOUR));
    await waitFor(() => expect(colour).toHaveAttribute('aria-invalid', 'true'));
    expect(helperOf(colour)).toBe(message.replace('3C4-512784', COLOUR));
    expect(screen.getByTestId('form-errors')).toHaveTextContent(message.replace('3C4-512784', COLOUR));
    expect(screen.getByLabelText(L.mono(COLOUR))).toHaveAttribute('aria-invalid', 'false');
    expect(calls.checked).toEqual([]);
  });

  it.each([
    ['en', [`${COLOUR}, B/W counter: Enter a whole number of pages (0 or more)`, `${COLOUR}, Colour counter: Enter a whole number of pages (0 or more)`]],
    ['tc', [`${COLOUR} 黑白計數：請輸入整數頁數（0 或以上）`, `${COLOUR} 彩色計數：請輸入整數頁數（0 或以上）`]],
  ] as const)('%s: the summary names the field of each problem, so a colour machine’s two bad counters are not one line twice', async (locale, lines) => {
    const calls = api();
    const { L, typeInto, submit } = await openForm(locale);
    await typeInto(L.mono(COLOUR), '1.5');
    await typeInto(L.colour(COLOUR), '-3');
    await submit();
    const box = await screen.findByTestId('form-errors');
    expect(within(box).getAllByText(/./, { selector: 'div.MuiBox-root' }).map((d) => d.textContent)).toEqual(lines);
    expect(calls.checked).toEqual([]);
  });

  it.each([
    ['en', 'The file is larger than the 1 MB limit.', 'This file type is not accepted. Choose a JPEG or PNG file.'],
    ['tc', '檔案超過 1 MB 的上限。', null],
  ] as const)('%s: a counter photo over the size limit or not a picture is refused in the browser with a message naming the limit / the types', async (locale, tooLarge, wrongType) => {
    let uploads = 0;
    api();
    server.use(
      http.post(E.uploadPhoto.path, () => {
        uploads += 1;
        return HttpResponse.json({ status: 'error', error: { code: 'PAYLOAD_TOO_LARGE', message: 'too large' }, traceId: 't' }, { status: 413 });
      }),
    );
    const { user } = await openForm(locale);
    const big = new Uint8Array(2 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await user.upload(screen.getByTestId(`photo-${MONO}`), new File([big], 'counter.png', { type: 'image/png' }));
    expect(await screen.findByTestId(`photo-error-${MONO}`)).toHaveTextContent(tooLarge);
    if (wrongType) {
      await user.upload(screen.getByTestId(`photo-${MONO}`), new File(['hello'], 'notes.png', { type: 'image/png' }));
      await waitFor(() => expect(screen.getByTestId(`photo-error-${MONO}`)).toHaveTextContent(wrongType));
    }
    expect(uploads).toBe(0);
  });

  // QA desk review: "Check and submit" stayed on while a counter photo uploaded; sent meanwhile, the readings were saved
  // without it. And a counter typed while the photo uploaded went back to what it was when the photo was chosen.
  it.each([
    ['en', 'Wait for the counter photos to finish uploading, then submit.'],
    ['tc', '請待計數相片上載完成後再提交。'],
  ] as const)('%s: submit waits for a counter photo, and what is typed meanwhile stays', async (locale, wait) => {
    const calls = api();
    let finish: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (finish = resolve));
    server.use(
      http.post(E.uploadPhoto.path, async () => {
        await held;
        return HttpResponse.json({ status: 'success', data: { fileId: '5eed0099-0000-4000-8000-000000000001' }, traceId: 't' });
      }),
    );
    const { user, L, typeInto } = await openForm(locale);
    const png = new Uint8Array(64);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await user.upload(screen.getByTestId(`photo-${MONO}`), new File([png], 'counter.png', { type: 'image/png' }));
    expect(await screen.findByTestId('photos-uploading')).toHaveTextContent(wait);
    expect(screen.getByRole('button', { name: L.submit })).toBeDisabled();
    await typeInto(L.mono(MONO), '301000');
    finish();
    expect(await screen.findByTestId(`photo-name-${MONO}`)).toHaveTextContent('counter.png');
    expect(screen.queryByTestId('photos-uploading')).not.toBeInTheDocument();
    expect(screen.getByLabelText(L.mono(MONO))).toHaveValue('301000');
    await user.click(screen.getByRole('button', { name: L.submit }));
    await waitFor(() => expect(calls.checked).toHaveLength(1));
    expect(calls.checked[0]).toEqual([expect.objectContaining({ serialNo: MONO, monoCounter: 301_000, photoFileId: '5eed0099-0000-4000-8000-000000000001' })]);
  });

  it('a counter photo’s long file name breaks inside its card instead of widening the page past a phone’s screen', async () => {
    api();
    server.use(http.post(E.uploadPhoto.path, () => HttpResponse.json({ status: 'success', data: { fileId: '5eed0099-0000-4000-8000-000000000001' }, traceId: 't' })));
    const { user } = await openForm();
    const png = new Uint8Array(64);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await user.upload(screen.getByTestId(`photo-${MONO}`), new File([png], `${'IMG_20261125_counter_'.repeat(6)}.png`, { type: 'image/png' }));
    expect(getComputedStyle(await screen.findByTestId(`photo-name-${MONO}`)).overflowWrap).toBe('anywhere');
  });

  it.each(['en', 'tc'] as const)('%s: a refused submit moves the focus to the first field to correct (the summary is a screen above the button on a phone)', async (locale) => {
    const calls = api();
    const { L, typeInto, submit } = await openForm(locale);
    await typeInto(L.mono(MONO), 'abc');
    await submit();
    await waitFor(() => expect(screen.getByLabelText(L.mono(MONO))).toHaveFocus());
    expect(calls.checked).toEqual([]);
  });

  it('en: nothing entered focuses the first B/W counter; a row the check refuses focuses its field', async () => {
    const refused = (rows: ReadingRowInput[]): CheckResult => {
      const ok = okCheck(rows);
      return { ...ok, errorCount: 1, rows: ok.rows.map((r) => ({ ...r, issues: [{ code: 'DATE_BEFORE_PREVIOUS', severity: 'error' as const, values: { previous: today } }] })) };
    };
    api(refused);
    const { L, typeInto, submit } = await openForm('en');
    await submit();
    await waitFor(() => expect(screen.getByLabelText(L.mono(COLOUR))).toHaveFocus());
    await typeInto(L.mono(MONO), '303000');
    await submit();
    await waitFor(() => expect(screen.getByLabelText(L.date(MONO))).toHaveFocus());
  });

  it.each([
    ['en', 'The B/W counter is lower than the previous reading of', 'This machine already has a reading on'],
    ['tc', '黑白計數低於', '已有讀數'],
  ] as const)('%s: the check’s reason for refusing a field is that field’s description (focus lands there; a screen reader heard only "invalid")', async (locale, counterText, dateText) => {
    const previous = { date: addDays(today, -30), previousMono: 300_000, context: 'mono' };
    api((rows) => {
      const result = okCheck(rows);
      result.rows[0]!.issues = [{ code: 'COUNTER_LOWER', severity: 'error', values: previous }];
      return { ...result, errorCount: 1 };
    });
    const { L, typeInto, submit } = await openForm(locale);
    await typeInto(L.mono(MONO), '1000');
    await submit();
    const mono = screen.getByLabelText(L.mono(MONO));
    await waitFor(() => expect(mono).toHaveFocus());
    expect(mono).toHaveAttribute('aria-invalid', 'true');
    expect(mono).toHaveAccessibleDescription(expect.stringContaining(counterText));
    expect(screen.getByLabelText(L.date(MONO))).not.toHaveAccessibleDescription(expect.stringContaining(counterText));

    api((rows) => {
      const result = okCheck(rows);
      result.rows[0]!.issues = [{ code: 'DUPLICATE_DATE', severity: 'error', values: { date: today } }];
      return { ...result, errorCount: 1 };
    });
    await typeInto(L.mono(MONO), '303000');
    await submit();
    const date = screen.getByLabelText(L.date(MONO));
    await waitFor(() => expect(date).toHaveFocus());
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription(expect.stringContaining(dateText));
  });

  it('a colour machine’s counter issue describes both of its counters (it is listed once, under the B/W counter)', async () => {
    api((rows) => {
      const result = okCheck(rows);
      result.rows[0]!.issues = [{ code: 'COUNTER_LOWER', severity: 'error', values: { date: addDays(today, -30), previousMono: 300_000, previousColour: 5000 } }];
      return { ...result, errorCount: 1 };
    });
    const { L, typeInto, submit } = await openForm();
    await typeInto(L.mono(COLOUR), '301000');
    await typeInto(L.colour(COLOUR), '100');
    await submit();
    await waitFor(() => expect(screen.getByLabelText(L.mono(COLOUR))).toHaveFocus());
    expect(screen.getByLabelText(L.mono(COLOUR))).toHaveAccessibleDescription(expect.stringContaining('A counter is lower than the previous reading'));
    expect(screen.getByLabelText(L.colour(COLOUR))).toHaveAccessibleDescription(expect.stringContaining('A counter is lower than the previous reading'));
  });

  it('after a reading is saved the counters are emptied (the date stays), so submitting again is not a duplicate', async () => {
    const calls = api();
    const { user, L, typeInto, submit } = await openForm();
    const yesterday = addDays(today, -1);
    await typeInto(L.date(MONO), yesterday);
    await typeInto(L.mono(MONO), '303000');
    await submit();
    expect(await screen.findByTestId('upload-saved')).toHaveTextContent('1 reading saved.');
    expect(calls.submitted).toEqual([[{ serialNo: MONO, readingDate: yesterday, monoCounter: 303_000, colourCounter: 0 }]]);
    expect(screen.getByLabelText(L.mono(MONO))).toHaveValue('');
    expect(screen.getByLabelText(L.date(MONO))).not.toHaveValue('');
    // Submitting again sends nothing: there is nothing entered.
    await user.click(screen.getByRole('button', { name: L.submit }));
    expect(await screen.findByTestId('form-errors')).toHaveTextContent('Enter at least one reading');
    expect(calls.checked).toHaveLength(1);
    // The next counter typed keeps the date chosen before.
    await typeInto(L.mono(MONO), '306000');
    await submit();
    await waitFor(() => expect(calls.submitted).toHaveLength(2));
    expect(calls.submitted[1]).toEqual([{ serialNo: MONO, readingDate: yesterday, monoCounter: 306_000, colourCounter: 0 }]);
  });
});

describe('MeterUploadScreen over plain http on an intranet (no crypto.randomUUID)', () => {
  useInsecureContext();
  it('en: the page opens and readings are submitted with an idempotency key (the page threw on crypto.randomUUID)', async () => {
    api();
    const keys: string[] = [];
    server.use(
      http.post(E.submitReadings.path, async ({ request }) => {
        const body = (await request.json()) as { idempotencyKey: string; rows: ReadingRowInput[] };
        keys.push(body.idempotencyKey);
        return HttpResponse.json({ status: 'success', data: { submissionId: 's1', count: body.rows.length, replayed: false }, traceId: 't' });
      }),
    );
    const { L, typeInto, submit } = await openForm();
    await typeInto(L.mono(MONO), '303000');
    await submit();
    expect(await screen.findByTestId('upload-saved')).toHaveTextContent('1 reading saved.');
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)]);
  });
});

function endpointErrorResponse(fields: Record<string, string[]>): Response {
  return HttpResponse.json({ status: 'error', error: { code: 'VALIDATION', message: 'invalid', fields }, traceId: 't' }, { status: 400 });
}

describe('MeterUploadScreen, the CSV', () => {
  const parsed: ParseCsvResult = {
    rows: [],
    errorCount: 0,
    warningCount: 0,
    parseErrors: [
      { rowNo: 3, field: 'serial', message: 'meter:errors.serialFormat' },
      { rowNo: 3, field: 'date', message: 'meter:errors.csvDate' },
      { rowNo: 3, field: 'bw', message: 'meter:errors.counterNumber' },
      { rowNo: 3, field: 'colour', message: 'meter:errors.counterMax|{"max":999999999}' },
      { rowNo: 4, field: 'row', message: 'meter:errors.csvColumns' },
    ],
  };

  async function upload(locale: TestLocale, answer: ParseCsvResult) {
    const user = userEvent.setup();
    server.use(
      http.post(E.listMachines.path, () => HttpResponse.json({ status: 'success', data: { items: MACHINES, today }, traceId: 't' })),
      http.post(E.parseCsv.path, () => HttpResponse.json({ status: 'success', data: answer, traceId: 't' })),
    );
    renderWithProviders(<MeterUploadScreen />, { locale, route: '/my-account/meter-history/upload', functionCodes: ['meter_upload_read', 'meter_upload_write'] });
    await user.click(await screen.findByRole('tab', { name: locale === 'en' ? 'Upload CSV' : '上載 CSV' }));
    await user.upload(screen.getByTestId('csv-input'), new File(['serial,date,bw,colour\n'], 'readings.csv', { type: 'text/csv' }));
    return within(await screen.findByTestId('csv-parse-errors'));
  }

  it('counts the rows that could not be read, not their errors; names each column as the form does', async () => {
    const box = await upload('en', parsed);
    expect(box.getByText(/rows could not be read/)).toHaveTextContent('2 rows could not be read.');
    const lines = box.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual([
      'Row 3 (Serial no.): Letters, digits and dashes only',
      'Row 3 (Reading date): Not a valid date',
      'Row 3 (B/W counter): Enter a whole number of pages (0 or more)',
      'Row 3 (Colour counter): At most 999,999,999',
      'Row 4: Expected 4 columns: serial, date, bw, colour',
    ]);
  });

  it('one row with three bad fields is one row (tc), its columns in Chinese', async () => {
    const box = await upload('tc', { ...parsed, parseErrors: parsed.parseErrors.slice(1, 4) });
    expect(box.getByText(/無法讀取/)).toHaveTextContent('有 1 行無法讀取');
    const lines = box.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(lines[0]).toMatch(/^第 3 行（讀數日期）：/);
    expect(lines[1]).toMatch(/^第 3 行（黑白計數）：/);
    expect(lines[2]).toMatch(/^第 3 行（彩色計數）：/);
    expect(lines.join()).not.toMatch(/serialNo|bw|colour|date/);
  });

  it('the preview names each value’s column on its cell (tc), so that on a phone each row stacks as a card instead of six squeezed columns', async () => {
    const user = userEvent.setup();
    answerCsvWithUnknownSerial();
    renderWithProviders(<MeterUploadScreen />, { locale: 'tc', route: '/my-account/meter-history/upload', functionCodes: ['meter_upload_read', 'meter_upload_write'] });
    await user.click(await screen.findByRole('tab', { name: '上載 CSV' }));
    await user.upload(screen.getByTestId('csv-input'), new File(['x'], 'readings.csv', { type: 'text/csv' }));
    const table = await screen.findByTestId('csv-rows');
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['行', '機身號碼', '讀數日期', '黑白計數', '彩色計數', '檢查結果']);
    // The first line of a phone's card says which line of the file it is (the column head is hidden there).
    expect(cells[0]).toHaveTextContent('第 2 行');
  });

  it.each([
    ['en', 'Upload CSV', '1 row has errors: correct it in the file and choose the file again.', 'submit again'],
    ['tc', '上載 CSV', '有 1 行資料有誤，請在檔案中更正後重新選擇檔案。', '再提交'],
  ] as const)('%s: a file with errors is told to be corrected in the file, not "nothing was saved, submit again" before anything was submitted', async (locale, tab, said, notSaid) => {
    const user = userEvent.setup();
    answerCsvWithUnknownSerial();
    renderWithProviders(<MeterUploadScreen />, { locale, route: '/my-account/meter-history/upload', functionCodes: ['meter_upload_read', 'meter_upload_write'] });
    await user.click(await screen.findByRole('tab', { name: tab }));
    await user.upload(screen.getByTestId('csv-input'), new File(['x'], 'readings.csv', { type: 'text/csv' }));
    const alert = await screen.findByTestId('upload-errors');
    expect(alert).toHaveTextContent(said);
    expect(alert).not.toHaveTextContent(notSaid);
  });

  it('the preview writes "–" for a black & white machine’s colour counter (the file leaves it empty), as the form does, and the colour machine’s figure', async () => {
    const user = userEvent.setup();
    const checked = okCheck([
      { serialNo: MONO, readingDate: today, monoCounter: 301_000, colourCounter: 0 },
      { serialNo: COLOUR, readingDate: today, monoCounter: 302_000, colourCounter: 6000 },
    ]);
    server.use(
      http.post(E.listMachines.path, () => HttpResponse.json({ status: 'success', data: { items: MACHINES, today }, traceId: 't' })),
      http.post(E.parseCsv.path, () => HttpResponse.json({ status: 'success', data: { ...checked, parseErrors: [] }, traceId: 't' })),
    );
    renderWithProviders(<MeterUploadScreen />, { route: '/my-account/meter-history/upload', functionCodes: ['meter_upload_read', 'meter_upload_write'] });
    await user.click(await screen.findByRole('tab', { name: 'Upload CSV' }));
    await user.upload(screen.getByTestId('csv-input'), new File(['x'], 'readings.csv', { type: 'text/csv' }));
    const rows = within(await screen.findByTestId('csv-rows')).getAllByRole('row').slice(1);
    const colourCell = (row: HTMLElement) => within(row).getAllByRole('cell')[4];
    expect(colourCell(rows[0]!)).toHaveTextContent(/^–$/);
    expect(colourCell(rows[1]!)).toHaveTextContent('6,000');
  });

  it('after the rows are saved the save button goes (no second submission of the same file) until another file is chosen', async () => {
    const user = userEvent.setup();
    const { submitted } = api();
    const good = okCheck([{ serialNo: MONO, readingDate: today, monoCounter: 301_000, colourCounter: 0 }]);
    server.use(http.post(E.parseCsv.path, () => HttpResponse.json({ status: 'success', data: { ...good, parseErrors: [] }, traceId: 't' })));
    renderWithProviders(<MeterUploadScreen />, { route: '/my-account/meter-history/upload', functionCodes: ['meter_upload_read', 'meter_upload_write'] });
    await user.click(await screen.findByRole('tab', { name: 'Upload CSV' }));
    const csv = () => new File([`serial,date,bw,colour\n${MONO},${today},301000,0\n`], 'readings.csv', { type: 'text/csv' });
    await user.upload(screen.getByTestId('csv-input'), csv());
    await user.click(await screen.findByRole('button', { name: 'Save 1 reading' }));
    expect(await screen.findByTestId('upload-saved')).toHaveTextContent('1 reading saved.');
    expect(submitted).toHaveLength(1);
    expect(screen.queryByTestId('submit-csv')).not.toBeInTheDocument();
    expect(screen.queryByTestId('csv-rows')).not.toBeInTheDocument();
    // A new file: its preview and its save button again.
    await user.upload(screen.getByTestId('csv-input'), csv());
    expect(await screen.findByTestId('submit-csv')).toBeEnabled();
    expect(screen.queryByTestId('upload-saved')).not.toBeInTheDocument();
  });

  it.each([
    ['UTF-16 LE', (t: string) => Buffer.from(`\uFEFF${t}`, 'utf16le')],
    ['UTF-16 BE', (t: string) => Buffer.from(`\uFEFF${t}`, 'utf16le').swap16()],
    ['UTF-8 with a BOM', (t: string) => Buffer.from(`\uFEFF${t}`, 'utf8')],
  ])('a %s file (Excel’s "Unicode text", tab-separated) is sent as its text, not refused as "not a CSV" nor read as empty', async (_, encode) => {
    const user = userEvent.setup();
    const text = `serial\tdate\tbw\tcolour\r\n${MONO}\t${today}\t301,000\t0\r\n`;
    const sent: string[] = [];
    const good = okCheck([{ serialNo: MONO, readingDate: today, monoCounter: 301_000, colourCounter: 0 }]);
    server.use(
      http.post(E.listMachines.path, () => HttpResponse.json({ status: 'success', data: { items: MACHINES, today }, traceId: 't' })),
      http.post(E.parseCsv.path, async ({ request }) => {
        sent.push(((await request.json()) as { csv: string }).csv);
        return HttpResponse.json({ status: 'success', data: { ...good, parseErrors: [] }, traceId: 't' });
      }),
    );
    renderWithProviders(<MeterUploadScreen />, { route: '/my-account/meter-history/upload', functionCodes: ['meter_upload_read', 'meter_upload_write'] });
    await user.click(await screen.findByRole('tab', { name: 'Upload CSV' }));
    await user.upload(screen.getByTestId('csv-input'), new File([encode(text)], 'readings.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('button', { name: 'Save 1 reading' })).toBeEnabled();
    expect(sent).toEqual([text]);
    expect(screen.queryByText(/not a CSV text file/)).not.toBeInTheDocument();
    // Excel saves "Unicode text" as .txt: the picker offers it.
    expect(screen.getByTestId('csv-input')).toHaveAttribute('accept', expect.stringContaining('.txt'));
  });
});

describe('MeterUploadScreen, a wrong or big file chosen as the CSV', () => {
  async function choose(locale: TestLocale, file: File) {
    const user = userEvent.setup();
    const parsed: string[] = [];
    server.use(
      http.post(E.listMachines.path, () => HttpResponse.json({ status: 'success', data: { items: MACHINES, today }, traceId: 't' })),
      http.post(E.parseCsv.path, async ({ request }) => {
        parsed.push(((await request.json()) as { csv: string }).csv);
        return HttpResponse.json({ status: 'success', data: { rows: [], errorCount: 0, warningCount: 0, parseErrors: [] }, traceId: 't' });
      }),
    );
    renderWithProviders(<MeterUploadScreen />, { locale, route: '/my-account/meter-history/upload', functionCodes: ['meter_upload_read', 'meter_upload_write'] });
    await user.click(await screen.findByRole('tab', { name: locale === 'en' ? 'Upload CSV' : '上載 CSV' }));
    await user.upload(screen.getByTestId('csv-input'), file);
    return parsed;
  }
  /** A PNG's first bytes, then 200 KB of picture: a photo chosen by mistake, far past the CSV's 100,000 characters. */
  const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), new Uint8Array(200_000).fill(0x41)], 'IMG_2041.csv', { type: 'text/csv' });

  it.each([
    ['en', 'This file is not a CSV text file. Choose the CSV you filled in from the template.', /too large/],
    ['tc', '此檔案不是 CSV 文字檔。請選擇按範本填寫的 CSV 檔案。', /過大/],
  ] as const)('%s: a photo renamed .csv is "not a CSV file", whatever its size (a real photo was told "The CSV is too large")', async (locale, message, notTold) => {
    const parsed = await choose(locale, photo());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(notTold)).not.toBeInTheDocument();
    expect(parsed).toEqual([]);
  });

  it.each([
    ['en', 'The CSV is too large (at most 100,000 characters)'],
    ['tc', 'CSV 檔案過大（最多 100,000 個字元）'],
  ] as const)('%s: a text file past the limit names the limit as the page writes numbers', async (locale, message) => {
    const parsed = await choose(locale, new File([`serial,date,bw,colour\n${'x'.repeat(100_001)}`], 'big.csv', { type: 'text/csv' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(parsed).toEqual([]);
  });

  it('a long file name without spaces breaks inside its own box instead of widening the page past a phone’s screen', async () => {
    await choose('en', new File(['serial,date,bw,colour\n'], `${'meter_readings_harbour_view_'.repeat(5)}.csv`, { type: 'text/csv' }));
    expect(getComputedStyle(await screen.findByTestId('csv-file-name')).overflowWrap).toBe('anywhere');
  });
});

describe('MeterUploadScreen, counters in the page’s language (not the browser’s)', () => {
  useBrowserLocale('de-DE');

  it('the form’s last readings and the CSV preview group counters as the page writes them', async () => {
    const user = userEvent.setup();
    const good = okCheck([{ serialNo: MONO, readingDate: today, monoCounter: 301_000, colourCounter: 0 }]);
    server.use(
      http.post(E.listMachines.path, () => HttpResponse.json({ status: 'success', data: { items: MACHINES, today }, traceId: 't' })),
      http.post(E.parseCsv.path, () => HttpResponse.json({ status: 'success', data: { ...good, parseErrors: [] }, traceId: 't' })),
    );
    renderWithProviders(<MeterUploadScreen />, { route: '/my-account/meter-history/upload', functionCodes: ['meter_upload_read', 'meter_upload_write'] });
    expect(await screen.findByText(/300,000 \/ 5,000/)).toBeInTheDocument();
    expect(screen.queryByText(/300\.000/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Upload CSV' }));
    await user.upload(screen.getByTestId('csv-input'), new File([`serial,date,bw,colour\n${MONO},${today},301000,0\n`], 'readings.csv', { type: 'text/csv' }));
    expect(within(await screen.findByTestId('csv-rows')).getByText('301,000')).toBeInTheDocument();
  });
});
