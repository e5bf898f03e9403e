import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { addDays, addMonths, hkToday } from '@/lib/dates/hongKong';
import { meterContract } from '@/lib/meter/contract';
import { meterReadings, meterSubmissions, storedFiles, systemParams } from '@/lib/server/db/schema';
import { createMember, tokenFor } from '../helpers/fixtures';
import { withTableHeld } from '../helpers/heldTable';
import { createMachine, createModel } from '../helpers/orderFixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer } from '../helpers/testServer';
import { bigPngLike, gifBytes, jpegBytes, multipart, pngBytes } from '../bills/billFixtures';

const E = meterContract.endpoints;
const today = hkToday();

describeEachDb('meter readings: checks, submission, history, CSV, photos', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = () => getHandle().db;

  /**
   * A customer with a colour and a mono machine, each read monthly (3,000 mono / 600 colour pages a month) for a year.
   * One reading per calendar month: readings 30 days apart put two in one month on some days of the year (CI on
   * 26 Nov: 1 and 31 Mar), and the monthly usage then read 6,000 for that month.
   */
  async function customer(codes: Parameters<typeof createMember>[1] = ['meter_history_read', 'meter_upload_read', 'meter_upload_write']) {
    const m = await createMember(db(), codes);
    const colourModel = await createModel(db(), { isColour: true });
    const monoModel = await createModel(db(), { isColour: false });
    const colour = await createMachine(db(), m.customer, colourModel, { installedOn: addDays(today, -400) });
    const mono = await createMachine(db(), m.customer, monoModel, { installedOn: addDays(today, -400) });
    const rows: (typeof meterReadings.$inferInsert)[] = [];
    for (let k = 12; k >= 1; k -= 1) {
      const date = addMonths(today, -k);
      rows.push({ machineId: colour.id, ucpId: m.customer.ucpId, readingDate: date, monoCounter: 10_000 + (12 - k) * 3000, colourCounter: 2000 + (12 - k) * 600, source: 'automatic' });
      rows.push({ machineId: mono.id, ucpId: m.customer.ucpId, readingDate: date, monoCounter: 50_000 + (12 - k) * 3000, colourCounter: 0, source: 'web' });
    }
    await db().insert(meterReadings).values(rows);
    return { ...m, colour, mono, token: await tokenFor(m.user, m.customer.ucpId), last: { date: addMonths(today, -1), colourMono: 43_000, colour: 8600, mono: 83_000 } };
  }

  type Customer = Awaited<ReturnType<typeof customer>>;

  const issuesOf = (res: { body: { status: string; data?: unknown } }) =>
    (res.body as { data: { rows: { issues: { code: string }[] }[] } }).data.rows.map((r) => r.issues.map((i) => i.code));

  /** parseCsv's data for `csv` sent with `token` (any answer but a success fails the test). */
  const parsedCsv = async (token: string, csv: string) => {
    const res = await callEndpoint(server, E.parseCsv, { csv }, { token });
    if (res.body.status !== 'success') throw new Error(`expected success, got ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  /** Each parsed row as its CSV line number and its issue codes. */
  const linesWithIssues = (data: { rows: { rowNo: number; issues: { code: string }[] }[] }) => data.rows.map((r) => [r.rowNo, r.issues.map((i) => i.code)]);

  // Review: the chart read readings from 45 days before its first month, so a reading more than 45 days older than
  // that month's first day was missed, and the interval it opened (its pages) vanished from the first month shown.
  it('monthly usage counts the first month’s interval whose opening reading is long before it', async () => {
    const m = await createMember(db(), ['meter_history_read']);
    const machine = await createMachine(db(), m.customer, await createModel(db(), { isColour: false }), { installedOn: '2025-01-01' });
    await db()
      .insert(meterReadings)
      .values([
        { machineId: machine.id, ucpId: m.customer.ucpId, readingDate: '2025-12-10', monoCounter: 1000, colourCounter: 0, source: 'web' },
        { machineId: machine.id, ucpId: m.customer.ucpId, readingDate: '2026-04-10', monoCounter: 4000, colourCounter: 0, source: 'web' },
        { machineId: machine.id, ucpId: m.customer.ucpId, readingDate: '2026-05-10', monoCounter: 4500, colourCounter: 0, source: 'web' },
      ]);
    const token = await tokenFor(m.user, m.customer.ucpId);
    const usage = await callEndpoint(server, E.usage, { fromMonth: '2026-04', toMonth: '2026-05' }, { token });
    if (usage.body.status !== 'success') throw new Error(`expected success, got ${JSON.stringify(usage.body)}`);
    expect(usage.body.data.points).toEqual([
      { month: '2026-04', machineId: machine.id, mono: 3000, colour: 0 },
      { month: '2026-05', machineId: machine.id, mono: 500, colour: 0 },
    ]);
  });

  describe('every check rule', () => {
    it('accepts a good row and reports pages used since the previous reading', async () => {
      const c = await customer();
      const res = await callEndpoint(server, E.checkReadings, { rows: [{ serialNo: c.colour.serialNo, readingDate: today, monoCounter: 46_100, colourCounter: 9200 }] }, { token: c.token });
      expect(res.status).toBe(200);
      if (res.body.status !== 'success') throw new Error('expected success');
      expect(res.body.data.errorCount).toBe(0);
      expect(res.body.data.rows[0]).toMatchObject({ monoPages: 3100, colourPages: 600, previous: { readingDate: c.last.date } });
    });

    it('a counter lower than the previous reading is an error (no roll-over)', async () => {
      const c = await customer();
      const res = await callEndpoint(server, E.checkReadings, { rows: [{ serialNo: c.mono.serialNo, readingDate: today, monoCounter: 120 }] }, { token: c.token });
      expect(issuesOf(res)).toEqual([['COUNTER_LOWER']]);
      // A black & white machine's issue names its one counter: no colour figure, the `mono` wording.
      if (res.body.status !== 'success') throw new Error('expected success');
      expect(res.body.data.rows[0]!.issues[0]!.values).toEqual({ previousMono: c.last.mono, date: c.last.date, context: 'mono' });
      const colour = await callEndpoint(server, E.checkReadings, { rows: [{ serialNo: c.colour.serialNo, readingDate: today, monoCounter: 1, colourCounter: 1 }] }, { token: c.token });
      if (colour.body.status !== 'success') throw new Error('expected success');
      expect(colour.body.data.rows[0]!.issues[0]!.values).toEqual({ previousMono: c.last.colourMono, previousColour: c.last.colour, date: c.last.date });
    });

    it('a jump far above the usual monthly volume is a warning', async () => {
      const c = await customer();
      const res = await callEndpoint(server, E.checkReadings, { rows: [{ serialNo: c.mono.serialNo, readingDate: today, monoCounter: c.last.mono + 30_000 }] }, { token: c.token });
      expect(issuesOf(res)).toEqual([['JUMP_WARNING']]);
      if (res.body.status !== 'success') throw new Error('expected success');
      expect(res.body.data).toMatchObject({ errorCount: 0, warningCount: 1 });
    });

    it('a date in the future, before the previous reading, or on the previous reading’s day is an error', async () => {
      const c = await customer();
      const res = await callEndpoint(
        server,
        E.checkReadings,
        {
          rows: [
            { serialNo: c.mono.serialNo, readingDate: addDays(today, 2), monoCounter: c.last.mono + 3000 },
            { serialNo: c.colour.serialNo, readingDate: addDays(c.last.date, -3), monoCounter: c.last.colourMono, colourCounter: c.last.colour },
            { serialNo: c.colour.serialNo, readingDate: c.last.date, monoCounter: c.last.colourMono + 5, colourCounter: c.last.colour },
          ],
        },
        { token: c.token },
      );
      const codes = issuesOf(res);
      expect(codes[0]).toContain('DATE_IN_FUTURE');
      expect(codes[1]).toContain('DATE_BEFORE_PREVIOUS');
      expect(codes[2]).toContain('DUPLICATE_DATE');
    });

    it('an unknown serial and another customer’s serial get the same answer', async () => {
      const c = await customer();
      const other = await customer();
      const res = await callEndpoint(
        server,
        E.checkReadings,
        { rows: [{ serialNo: 'NOPE-000000', readingDate: today, monoCounter: 1 }, { serialNo: other.mono.serialNo, readingDate: today, monoCounter: other.last.mono + 100 }] },
        { token: c.token },
      );
      expect(issuesOf(res)).toEqual([['UNKNOWN_SERIAL'], ['UNKNOWN_SERIAL']]);
    });

    it('colour pages on a mono machine, and the same machine and day twice, are errors', async () => {
      const c = await customer();
      const row = { serialNo: c.mono.serialNo, readingDate: today, monoCounter: c.last.mono + 3000 };
      const res = await callEndpoint(server, E.checkReadings, { rows: [{ ...row, colourCounter: 5 }, row] }, { token: c.token });
      const codes = issuesOf(res);
      expect(codes[0]).toEqual(['COLOUR_ON_MONO']);
      expect(codes[1]).toEqual(['DUPLICATE_ROW']);
    });

    it('a colour machine’s row without its colour counter asks for it (it was read as 0: "lower than the previous reading", or stored as 0)', async () => {
      const c = await customer();
      const row = { serialNo: c.colour.serialNo, readingDate: today, monoCounter: c.last.colourMono + 3000 };
      const res = await callEndpoint(server, E.checkReadings, { rows: [row, { serialNo: c.mono.serialNo, readingDate: today, monoCounter: c.last.mono + 3000 }] }, { token: c.token });
      expect(issuesOf(res)).toEqual([['COLOUR_MISSING'], []]);
      const submit = await callEndpoint(server, E.submitReadings, { idempotencyKey: randomUUID(), channel: 'form', rows: [row] }, { token: c.token });
      expect(submit.status).toBe(400);
      if (submit.body.status !== 'error') throw new Error('expected error');
      expect(submit.body.error.fields).toEqual({ 'rows.0': ['meter:issues.COLOUR_MISSING'] });
      // A machine with no reading yet: the row was saved with colour 0, and its next reading billed the whole counter.
      const model = await createModel(db(), { isColour: true });
      const fresh = await createMachine(db(), c.customer, model, { installedOn: addDays(today, -10) });
      const first = await callEndpoint(server, E.submitReadings, { idempotencyKey: randomUUID(), channel: 'form', rows: [{ serialNo: fresh.serialNo, readingDate: today, monoCounter: 1200 }] }, { token: c.token });
      expect(first.status).toBe(400);
      expect(await db().select().from(meterReadings).where(eq(meterReadings.machineId, fresh.id))).toEqual([]);
      // The CSV's empty colour cell: the same answer on a colour machine, 0 on a black & white one.
      const csv = `serial,date,bw,colour\n${c.colour.serialNo},${today},${c.last.colourMono + 3000},\n${c.mono.serialNo},${today},${c.last.mono + 3000},\n`;
      const parsed = await parsedCsv(c.token, csv);
      expect(linesWithIssues(parsed)).toEqual([
        [2, ['COLOUR_MISSING']],
        [3, []],
      ]);
    });
  });

  describe('submitReadings', () => {
    it('is all or nothing: one bad row saves none', async () => {
      const c = await customer();
      const res = await callEndpoint(
        server,
        E.submitReadings,
        {
          idempotencyKey: randomUUID(),
          channel: 'form',
          rows: [
            { serialNo: c.colour.serialNo, readingDate: today, monoCounter: c.last.colourMono + 3000, colourCounter: c.last.colour + 500 },
            { serialNo: c.mono.serialNo, readingDate: today, monoCounter: 1 },
          ],
        },
        { token: c.token },
      );
      expect(res.status).toBe(400);
      if (res.body.status !== 'error') throw new Error('expected error');
      expect(res.body.error.code).toBe('METER_READINGS_INVALID');
      expect(res.body.error.fields).toEqual({ 'rows.1': ['meter:issues.COUNTER_LOWER'] });
      expect((await db().select().from(meterReadings).where(eq(meterReadings.ucpId, c.customer.ucpId))).filter((r) => r.readingDate === today)).toEqual([]);
    });

    it('asks to confirm a warning, then saves it as confirmed', async () => {
      const c = await customer();
      const body = { idempotencyKey: randomUUID(), channel: 'form' as const, rows: [{ serialNo: c.mono.serialNo, readingDate: today, monoCounter: c.last.mono + 30_000 }] };
      const first = await callEndpoint(server, E.submitReadings, body, { token: c.token });
      expect(first.status).toBe(409);
      if (first.body.status !== 'error') throw new Error('expected error');
      expect(first.body.error.code).toBe('METER_CONFIRM_REQUIRED');
      const confirmed = await callEndpoint(server, E.submitReadings, { ...body, confirmWarnings: true }, { token: c.token });
      expect(confirmed.status).toBe(200);
      const [saved] = await db().select().from(meterReadings).where(eq(meterReadings.machineId, c.mono.id)).orderBy(meterReadings.readingDate).then((r) => r.slice(-1));
      expect(saved).toMatchObject({ readingDate: today, status: 'confirmed', source: 'web', enteredBy: c.user.userAcUuid });
    });

    it('records a double submit once', async () => {
      const c = await customer();
      const body = { idempotencyKey: randomUUID(), channel: 'form' as const, rows: [{ serialNo: c.mono.serialNo, readingDate: today, monoCounter: c.last.mono + 2900 }] };
      const [a, b] = await Promise.all([callEndpoint(server, E.submitReadings, body, { token: c.token }), callEndpoint(server, E.submitReadings, body, { token: c.token })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const again = await callEndpoint(server, E.submitReadings, body, { token: c.token });
      if (again.body.status !== 'success') throw new Error('expected success');
      expect(again.body.data.replayed).toBe(true);
      expect(await db().select().from(meterSubmissions).where(eq(meterSubmissions.ucpId, c.customer.ucpId))).toHaveLength(1);
      expect((await db().select().from(meterReadings).where(eq(meterReadings.machineId, c.mono.id))).filter((r) => r.readingDate === today)).toHaveLength(1);
    });

    // Two submissions of one machine at once (two users of the customer, or two tabs), on different days: each was
    // checked against the readings stored before either committed, so on PostgreSQL both were saved and the machine's
    // counter went down from yesterday to today (a COUNTER_LOWER pair stored, which billing would read as pages).
    // On PostgreSQL the readings table is held until both requests wait (withTableHeld): the race every run.
    it('two submissions for one machine at once: the second is checked against the first', async () => {
      const c = await customer();
      const yesterday = addDays(today, -1);
      const send = (readingDate: string, monoCounter: number) =>
        callEndpoint(server, E.submitReadings, { idempotencyKey: randomUUID(), channel: 'form', rows: [{ serialNo: c.mono.serialNo, readingDate, monoCounter }] }, { token: c.token });
      const both = () => Promise.all([send(yesterday, c.last.mono + 2000), send(today, c.last.mono + 1000)]);
      const answers = await withTableHeld(getHandle(), 'meter_readings', 2, both);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      const saved = (await db().select().from(meterReadings).where(eq(meterReadings.machineId, c.mono.id)).orderBy(meterReadings.readingDate)).slice(-2);
      expect(saved[1]!.monoCounter).toBeGreaterThanOrEqual(saved[0]!.monoCounter);
    });

    it('without meter_upload_write: 403 and nothing saved; a viewer sees the history', async () => {
      const c = await customer(['meter_history_read', 'meter_upload_read']);
      const res = await callEndpoint(
        server,
        E.submitReadings,
        { idempotencyKey: randomUUID(), channel: 'form', rows: [{ serialNo: c.mono.serialNo, readingDate: today, monoCounter: c.last.mono + 100 }] },
        { token: c.token },
      );
      expect(res.status).toBe(403);
      const list = await callEndpoint(server, E.listReadings, { page: 1, pageSize: 5 }, { token: c.token });
      expect(list.status).toBe(200);
      const noHistory = await customer(['meter_upload_read']);
      expect((await callEndpoint(server, E.listReadings, { page: 1, pageSize: 5 }, { token: noHistory.token })).status).toBe(403);
    });
  });

  describe('history', () => {
    it('lists readings with pages since the previous one, only the customer’s own; machines with their flags; monthly usage', async () => {
      const c = await customer();
      await customer();
      const list = await callEndpoint(server, E.listReadings, { page: 1, pageSize: 50, filter: { machineId: c.mono.id } }, { token: c.token });
      if (list.body.status !== 'success') throw new Error('expected success');
      expect(list.body.data.total).toBe(12);
      expect(list.body.data.items[0]).toMatchObject({ readingDate: c.last.date, monoPages: 3000, colourPages: 0, source: 'web', billed: false });
      expect(list.body.data.items.at(-1)).toMatchObject({ monoPages: null });
      const machines = await callEndpoint(server, E.listMachines, {}, { token: c.token });
      if (machines.body.status !== 'success') throw new Error('expected success');
      expect(machines.body.data.items.map((m) => m.id).sort()).toEqual([c.colour.id, c.mono.id].sort());
      expect(machines.body.data.items.find((m) => m.id === c.mono.id)!.usualMonthly!.mono).toBeGreaterThan(2900);
      const usage = await callEndpoint(server, E.usage, {}, { token: c.token });
      if (usage.body.status !== 'success') throw new Error('expected success');
      expect(usage.body.data.months).toHaveLength(12);
      expect(usage.body.data.points.filter((p) => p.machineId === c.colour.id).every((p) => p.mono === 3000 && p.colour === 600)).toBe(true);
      // A range longer than 60 months keeps its last 60, up to toMonth, with this year's usage (QA: the first 60, from
      // 2010, so the chart of "from 2010-01-01" was empty); a month outside 1900–2100 is a 400, not a 500.
      const long = await callEndpoint(server, E.usage, { fromMonth: '2010-01', toMonth: today.slice(0, 7) }, { token: c.token });
      if (long.body.status !== 'success') throw new Error('expected success');
      expect(long.body.data.months).toHaveLength(60);
      expect(long.body.data.months.at(-1)).toBe(today.slice(0, 7));
      expect(long.body.data.points.filter((p) => p.machineId === c.colour.id).length).toBeGreaterThanOrEqual(10);
      // Only a "from" in a later month (the history filter "from 1 Jan 2099", no "to"): that month, empty, not a 400
      // the page showed as "check the highlighted fields" with nothing highlighted (QA 2026-11-25).
      const future = await callEndpoint(server, E.usage, { fromMonth: '2099-01' }, { token: c.token });
      if (future.body.status !== 'success') throw new Error(`expected success, got ${JSON.stringify(future.body)}`);
      expect(future.body.data.months).toEqual(['2099-01']);
      expect(future.body.data.points.every((p) => p.mono === 0 && p.colour === 0)).toBe(true);
      const inverted = await callEndpoint(server, E.usage, { fromMonth: '2026-06', toMonth: '2026-01' }, { token: c.token });
      expect(inverted.status).toBe(400);
      const far = await callEndpoint(server, E.usage, { fromMonth: '0001-01', toMonth: '9999-12' }, { token: c.token });
      expect(far.status).toBe(400);
      expect(far.body).toMatchObject({ error: { fields: { fromMonth: ['ui.validation.date'], toMonth: ['ui.validation.date'] } } });
      const csv = await server.post(E.exportReadings.path, { lang: 'tc', filter: { machineId: c.mono.id } }, { token: c.token });
      expect(csv.status).toBe(200);
      expect(csv.text.startsWith('\uFEFF機身號碼')).toBe(true);
      expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(13);
      // A black & white machine's colour counter and pages are empty cells (the table's '–'), a colour machine's numbers.
      const cellsOf = async (machineId: string) =>
        (await server.post(E.exportReadings.path, { lang: 'en', filter: { machineId } }, { token: c.token })).text.split('\r\n').filter(Boolean).slice(1, 3).map((l) => l.split(',').slice(3, 7));
      expect(await cellsOf(c.mono.id)).toEqual([[String(c.last.mono), '', '3000', ''], [String(c.last.mono - 3000), '', '3000', '']]);
      expect(await cellsOf(c.colour.id)).toEqual([[String(c.last.colourMono), String(c.last.colour), '3000', '600'], [String(c.last.colourMono - 3000), String(c.last.colour - 600), '3000', '600']]);
    });
  });

  describe('CSV', () => {
    it.each([
      ['an empty file', ''],
      ['a header only', 'serial,date,bw,colour\n'],
      ['blank lines', '\n \n,,,\n'],
    ])('%s: "the file has no readings" (not the form\'s "Enter at least one reading")', async (_, csv) => {
      const c = await customer();
      const res = await callEndpoint(server, E.parseCsv, { csv }, { token: c.token });
      expect(res.status).toBe(400);
      if (res.body.status !== 'error') throw new Error('expected error');
      expect(res.body.error.fields).toEqual({ csv: ['meter:errors.csvNoRows'] });
    });

    // The same rows, a mono reading, one with a bad date and the mono reading again, without and with blank lines.
    it.each([
      {
        title: 'reports per-row parse and check errors with the CSV line numbers',
        csv: (c: Customer) => `serial,date,bw,colour\n${c.mono.serialNo},${today},${c.last.mono + 3000},\n${c.colour.serialNo},not-a-date,1,2\n${c.mono.serialNo},${today},${c.last.mono + 3000},0\n`,
        badDateLine: 3,
        lines: [
          [2, []],
          [4, ['DUPLICATE_ROW']],
        ],
      },
      {
        title: 'counts blank lines in the line numbers (a header after blank lines is still the header)',
        // Lines: 1 blank, 2 header, 3 mono, 4 blank, 5 bad date, 6 blank (CRLF), 7 the same mono row again.
        csv: (c: Customer) => `\nserial,date,bw,colour\n${c.mono.serialNo},${today},${c.last.mono + 3000},\n\n${c.colour.serialNo},not-a-date,1,2\r\n\r\n${c.mono.serialNo},${today},${c.last.mono + 3000},0\n`,
        badDateLine: 5,
        lines: [
          [3, []],
          [7, ['DUPLICATE_ROW']],
        ],
      },
    ])('$title', async ({ csv, badDateLine, lines }) => {
      const c = await customer();
      const parsed = await parsedCsv(c.token, csv(c));
      expect(parsed.parseErrors).toEqual([{ rowNo: badDateLine, field: 'date', message: 'meter:errors.csvDate' }]);
      expect(linesWithIssues(parsed)).toEqual(lines);
    });

    it('the template\'s rows left unfilled are machines not read this time, not errors; a row with a colour counter only still is', async () => {
      const c = await customer();
      const template = await server.post(E.csvTemplate.path, {}, { token: c.token });
      expect(template.status).toBe(200);
      const lines = template.text.split('\r\n').filter(Boolean);
      expect(lines.slice(1).sort()).toEqual([`${c.colour.serialNo},${today},,`, `${c.mono.serialNo},${today},,`].sort());
      // The mono machine read, the colour one left as the template wrote it.
      const filled = lines.map((l) => (l.startsWith(`${c.mono.serialNo},`) ? `${c.mono.serialNo},${today},${c.last.mono + 3000},` : l)).join('\r\n');
      const parsed = await parsedCsv(c.token, filled);
      expect(parsed.parseErrors).toEqual([]);
      expect(parsed.rows.map((r) => r.serialNo)).toEqual([c.mono.serialNo]);
      const colourOnly = await parsedCsv(c.token, `${c.colour.serialNo},${today},,${c.last.colour + 300}`);
      expect(colourOnly.parseErrors).toEqual([{ rowNo: 1, field: 'bw', message: 'meter:errors.counterNumber' }]);
    });

    it('reads day-first dates and thousands separators; the template lists the machines', async () => {
      const c = await customer();
      const [y, m, d] = today.split('-');
      const csv = `${c.colour.serialNo},${d}/${m}/${y},"${(c.last.colourMono + 2000).toLocaleString('en-US')}",${c.last.colour + 300}`;
      const parsed = await parsedCsv(c.token, csv);
      expect(parsed).toMatchObject({ errorCount: 0, parseErrors: [], rows: [{ rowNo: 1, readingDate: today, monoCounter: c.last.colourMono + 2000 }] });
    });

    it('reads a date cell as the form reads a typed date: the template\'s date as a spreadsheet re-saves it', async () => {
      const c = await customer();
      const [y, m, d] = today.split('-') as [string, string, string];
      const full = (s: string) => s.replace(/\d/g, (x) => String.fromCharCode(0xff10 + Number(x)));
      const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
      for (const cell of [`${y}/${Number(m)}/${Number(d)}`, `${Number(d)}-${Number(m)}-${y}`, `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`, `${y}年${Number(m)}月${Number(d)}日`, full(today)]) {
        const parsed = await parsedCsv(c.token, `${c.mono.serialNo},${cell},${c.last.mono + 3000},0`);
        expect({ cell, parseErrors: parsed.parseErrors, date: parsed.rows[0]?.readingDate }).toEqual({ cell, parseErrors: [], date: today });
      }
      // Still no date: a day that does not exist, or out of the portal's years.
      for (const cell of ['30/02/2026', '1/1/2200']) {
        expect((await parsedCsv(c.token, `${c.mono.serialNo},${cell},${c.last.mono + 3000},0`)).parseErrors).toEqual([{ rowNo: 1, field: 'date', message: 'meter:errors.csvDate' }]);
      }
    });
  });

  describe('CSV separated by tabs (Excel\'s "Unicode text")', () => {
    it('reads the same columns separated by tabs, thousands commas kept in their cell; a BOM left in the text is ignored', async () => {
      const c = await customer();
      const csv = `\uFEFFserial\tdate\tbw\tcolour\r\n${c.colour.serialNo}\t${today}\t${(c.last.colourMono + 2000).toLocaleString('en-US')}\t${c.last.colour + 300}\r\n${c.mono.serialNo}\t${today}\t${c.last.mono + 3000}\t\r\n`;
      const parsed = await parsedCsv(c.token, csv);
      expect(parsed.parseErrors).toEqual([]);
      expect(parsed.rows).toMatchObject([
        { rowNo: 2, serialNo: c.colour.serialNo, monoCounter: c.last.colourMono + 2000, colourCounter: c.last.colour + 300 },
        { rowNo: 3, serialNo: c.mono.serialNo, monoCounter: c.last.mono + 3000 },
      ]);
    });
  });

  describe('CSV columns by their header', () => {
    it('reads the columns by the header\'s names in any order, so a file with colour before bw does not swap the counters', async () => {
      const c = await customer();
      const csv = `date,serial,colour,bw\n${today},${c.colour.serialNo},${c.last.colour + 300},${c.last.colourMono + 2000}\n`;
      const parsed = await parsedCsv(c.token, csv);
      expect(parsed.parseErrors).toEqual([]);
      expect(parsed.rows).toMatchObject([{ rowNo: 2, serialNo: c.colour.serialNo, readingDate: today, monoCounter: c.last.colourMono + 2000, colourCounter: c.last.colour + 300 }]);
    });

    it('ignores a column the header does not name and the empty cells Excel writes after the last column', async () => {
      const c = await customer();
      const csv = `serial,date,bw,colour,notes,,\r\n${c.colour.serialNo},${today},${c.last.colourMono + 2000},${c.last.colour + 300},front desk,,\r\n${c.mono.serialNo},${today},${c.last.mono + 3000},,,,\r\n`;
      const parsed = await parsedCsv(c.token, csv);
      expect(parsed.parseErrors).toEqual([]);
      expect(parsed.rows.map((r) => [r.rowNo, r.monoCounter, r.colourCounter])).toEqual([
        [2, c.last.colourMono + 2000, c.last.colour + 300],
        [3, c.last.mono + 3000, 0],
      ]);
      // A filled cell under no heading (a row shifted right) is still a wrong number of columns.
      const shifted = await parsedCsv(c.token, `serial,date,bw,colour\n${c.mono.serialNo},${today},${c.last.mono + 3000},,5\n`);
      expect(shifted.parseErrors).toEqual([{ rowNo: 2, field: 'row', message: 'meter:errors.csvColumns' }]);
      // Without a header: trailing empty cells are not columns; a fifth filled cell still is.
      const bare = await parsedCsv(c.token, `${c.mono.serialNo},${today},${c.last.mono + 3000},0,,\n${c.mono.serialNo},${today},1,0,x\n`);
      expect(bare.parseErrors).toEqual([{ rowNo: 2, field: 'row', message: 'meter:errors.csvColumns' }]);
      expect(bare.rows.map((r) => r.rowNo)).toEqual([1]);
    });
  });

  describe('CSV parse errors name the column, once per field', () => {
    it('a quote never closed makes the file unreadable from the line where it opened, and says which', async () => {
      const c = await customer();
      const res = await callEndpoint(server, E.parseCsv, { csv: `serial,date,bw,colour\n${c.mono.serialNo},${today},1,0\n"${c.mono.serialNo},${today},2,0\n${c.mono.serialNo},${today},3,0\n` }, { token: c.token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { fields: { csv: ['meter:errors.csvUnreadableLine|{"line":3}'] } } });
    });
    it('a quote inside an unquoted cell is that row\'s error on its column, not "The CSV could not be read" for the whole file', async () => {
      const c = await customer();
      const parsed = await parsedCsv(c.token, `serial,date,bw,colour\n${c.mono.serialNo},${today},${c.last.mono + 3000},0\n${c.colour.serialNo},${today},12"345,0\n`);
      expect(parsed.parseErrors).toEqual([{ rowNo: 3, field: 'bw', message: 'meter:errors.counterNumber' }]);
      expect(parsed.rows.map((r) => r.rowNo)).toEqual([2]);
    });
    it('a line with several unreadable fields: one error per field, named by its CSV column (serial, date, bw, colour)', async () => {
      const c = await customer();
      const csv = `serial,date,bw,colour\n${c.mono.serialNo},${today},${c.last.mono + 3000},0\n#BAD SERIAL,30/02/2026,1.5,-3\nOK-1,${today},abc,\n,${today},1,0\n`;
      const parsed = await parsedCsv(c.token, csv);
      expect(parsed.parseErrors).toEqual([
        { rowNo: 3, field: 'serial', message: 'meter:errors.serialFormat' },
        { rowNo: 3, field: 'date', message: 'meter:errors.csvDate' },
        { rowNo: 3, field: 'bw', message: 'meter:errors.counterNumber' },
        { rowNo: 3, field: 'colour', message: 'meter:errors.counterNumber' },
        { rowNo: 4, field: 'bw', message: 'meter:errors.counterNumber' },
        { rowNo: 5, field: 'serial', message: 'ui.validation.required' },
      ]);
      expect(parsed.rows.map((r) => r.rowNo)).toEqual([2]);
    });

    it('thousands separators only in their places: "1,5" is not read as 15; a counter past the limit says so', async () => {
      const c = await customer();
      const csv = `${c.mono.serialNo},${today},"1,5",0\n${c.mono.serialNo},${today},"1,000,000,000",0\n${c.colour.serialNo},${today},"${(c.last.colourMono + 2000).toLocaleString('en-US')}","${(c.last.colour + 1000).toLocaleString('en-US')}"\n`;
      const parsed = await parsedCsv(c.token, csv);
      expect(parsed.parseErrors).toEqual([
        { rowNo: 1, field: 'bw', message: 'meter:errors.counterNumber' },
        { rowNo: 2, field: 'bw', message: 'meter:errors.counterMax|{"max":999999999}' },
      ]);
      expect(parsed.rows).toMatchObject([{ rowNo: 3, monoCounter: c.last.colourMono + 2000, colourCounter: c.last.colour + 1000 }]);
    });
  });

  describe('counter photos', () => {
    const photo = (token: string, serialNo: string, file: { fileName: string; contentType: string; content: Buffer }) => {
      const { body, contentType } = multipart([{ name: 'serialNo', value: serialNo }, { name: 'file', ...file }]);
      return server.request(E.uploadPhoto.path, { token, headers: { 'Content-Type': contentType }, rawBody: body });
    };

    it('stores a PNG or JPEG checked by content, refuses other types, other customers’ machines and files over the parameter', async () => {
      const c = await customer();
      const ok = await photo(c.token, c.mono.serialNo, { fileName: 'counter.png', contentType: 'image/png', content: pngBytes() });
      expect(ok.status).toBe(200);
      const fileId = (ok.body as { data: { fileId: string } }).data.fileId;
      expect((await db().select().from(storedFiles).where(eq(storedFiles.id, fileId)))[0]).toMatchObject({ ucpId: c.customer.ucpId, mimeType: 'image/png' });
      expect((await photo(c.token, c.mono.serialNo, { fileName: 'c.jpg', contentType: 'image/jpeg', content: jpegBytes() })).status).toBe(200);
      expect((await photo(c.token, c.mono.serialNo, { fileName: 'c.png', contentType: 'image/png', content: gifBytes() })).status).toBe(415);
      const other = await customer();
      expect((await photo(c.token, other.mono.serialNo, { fileName: 'c.png', contentType: 'image/png', content: pngBytes() })).status).toBe(404);
      await db().insert(systemParams).values({ paramKey: 'upload_file_size', paramValue: '0.01' }).onConflictDoUpdate({ target: systemParams.paramKey, set: { paramValue: '0.01' } });
      try {
        expect((await photo(c.token, c.mono.serialNo, { fileName: 'big.png', contentType: 'image/png', content: bigPngLike(11_000) })).status).toBe(413);
      } finally {
        await db().update(systemParams).set({ paramValue: '1' }).where(eq(systemParams.paramKey, 'upload_file_size'));
      }
      // The photo is named by the reading; another customer's file id is refused.
      const submitWithPhoto = (token: string) =>
        callEndpoint(
          server,
          E.submitReadings,
          { idempotencyKey: randomUUID(), channel: 'form', rows: [{ serialNo: c.mono.serialNo, readingDate: today, monoCounter: c.last.mono + 2500, photoFileId: fileId }] },
          { token },
        );
      expect((await submitWithPhoto(other.token)).status).toBe(400);
      expect((await submitWithPhoto(c.token)).status).toBe(200);
    });

    it('refuses a file of the customer that is not a photo (a payment slip’s PDF) as a reading’s counter photo', async () => {
      const c = await customer();
      const [pdf] = await db()
        .insert(storedFiles)
        .values({ ucpId: c.customer.ucpId, fileName: 'slip.pdf', mimeType: 'application/pdf', sizeBytes: 8, sha256: 'x'.repeat(64), content: Buffer.from('%PDF-1.4') })
        .returning({ id: storedFiles.id });
      const res = await callEndpoint(
        server,
        E.submitReadings,
        { idempotencyKey: randomUUID(), channel: 'form', rows: [{ serialNo: c.mono.serialNo, readingDate: today, monoCounter: c.last.mono + 50, photoFileId: pdf!.id }] },
        { token: c.token },
      );
      expect(res.status).toBe(404);
      expect(await db().select().from(meterReadings).where(eq(meterReadings.photoFileId, pdf!.id))).toHaveLength(0);
    });
  });
});
