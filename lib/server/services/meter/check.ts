import { and, eq, inArray, sql } from 'drizzle-orm';
import { daysBetween, hkToday } from '@/lib/dates/hongKong';
import { JUMP_FACTOR } from '@/lib/meter/constants';
import type { CheckResult, CheckedRow, ReadingRow, RowIssue } from '@/lib/meter/schemas';
import type { CounterReading } from '@/lib/meter/usage';
import type { CustomerContext } from '@/lib/server/context';
import { machines } from '@/lib/server/db/schema';
import { machineSelect, readingsByMachine, usualDaily } from './machines';

const normal = (serial: string) => serial.trim().toUpperCase();

/**
 * Every check of docs/contracts-and-meters.md on a set of rows, before anything is saved. Rows of one machine are
 * checked in date order, each against the previous one (a stored reading or an earlier row of the same submission).
 * Errors refuse the submission; a warning (an unusually high volume) asks the user to confirm.
 */
export async function checkRows(ctx: CustomerContext, rows: readonly ReadingRow[]): Promise<CheckResult> {
  const today = hkToday(ctx.now());
  const serials = [...new Set(rows.map((r) => normal(r.serialNo)))];
  const found = serials.length
    ? await machineSelect(ctx.db).where(and(inArray(sql`upper(${machines.serialNo})`, serials), eq(machines.ucpId, ctx.actor.ucpId), eq(machines.status, 'active')))
    : [];
  const bySerial = new Map(found.map((m) => [normal(m.serialNo), m]));
  const history = await readingsByMachine(
    ctx.db,
    found.map((m) => m.id),
    '1900-01-01',
  );

  const checked: CheckedRow[] = rows.map((r, i) => ({ ...r, colourCounter: r.colourCounter ?? 0, rowNo: i + 1, machineId: null, previous: null, monoPages: null, colourPages: null, issues: [] }));
  const seen = new Set<string>();
  // Per machine, rows in date order (stable for equal dates).
  const order = [...checked].sort((a, b) => a.readingDate.localeCompare(b.readingDate) || a.rowNo - b.rowNo);
  const chain = new Map<string, CounterReading[]>();

  for (const row of order) {
    const issues: RowIssue[] = row.issues;
    const machine = bySerial.get(normal(row.serialNo));
    if (!machine) {
      issues.push({ code: 'UNKNOWN_SERIAL', severity: 'error', values: { serial: row.serialNo } });
      continue;
    }
    row.machineId = machine.id;
    row.serialNo = machine.serialNo;
    const key = `${machine.id}:${row.readingDate}`;
    if (seen.has(key)) {
      issues.push({ code: 'DUPLICATE_ROW', severity: 'error' });
      continue;
    }
    seen.add(key);
    if (row.readingDate > today) issues.push({ code: 'DATE_IN_FUTURE', severity: 'error', values: { today } });
    if (!machine.isColour && row.colourCounter > 0) issues.push({ code: 'COLOUR_ON_MONO', severity: 'error' });
    const colourMissing = machine.isColour && rows[row.rowNo - 1]!.colourCounter === undefined;
    if (colourMissing) issues.push({ code: 'COLOUR_MISSING', severity: 'error', values: { serial: machine.serialNo } });

    const stored = history.get(machine.id) ?? [];
    const lastStored = stored.at(-1) ?? null;
    if (lastStored && row.readingDate === lastStored.readingDate) issues.push({ code: 'DUPLICATE_DATE', severity: 'error', values: { date: lastStored.readingDate } });
    else if (lastStored && row.readingDate < lastStored.readingDate) issues.push({ code: 'DATE_BEFORE_PREVIOUS', severity: 'error', values: { date: lastStored.readingDate } });

    const earlier = chain.get(machine.id) ?? [...stored];
    const previous = [...earlier].reverse().find((p) => p.readingDate < row.readingDate) ?? null;
    if (previous) {
      row.previous = { readingDate: previous.readingDate, monoCounter: previous.monoCounter, colourCounter: previous.colourCounter };
      // A colour counter left out is asked for (COLOUR_MISSING), not compared as 0.
      const colourBack = machine.isColour && !colourMissing && row.colourCounter < previous.colourCounter;
      if (row.monoCounter < previous.monoCounter || colourBack) {
        issues.push({
          code: 'COUNTER_LOWER',
          severity: 'error',
          // A black & white machine's message names its one counter (i18next context `mono`): "colour 0" beside a
          // B/W counter read as if the machine had a colour counter (QA).
          values: machine.isColour
            ? { previousMono: previous.monoCounter, previousColour: previous.colourCounter, date: previous.readingDate }
            : { previousMono: previous.monoCounter, date: previous.readingDate, context: 'mono' },
        });
      } else if (!colourMissing) {
        row.monoPages = row.monoCounter - previous.monoCounter;
        row.colourPages = machine.isColour ? row.colourCounter - previous.colourCounter : 0;
      }
    }
    if (issues.length === 0 && previous && row.monoPages !== null && row.colourPages !== null) {
      const usual = usualDaily([...earlier.filter((p) => p.readingDate <= previous.readingDate)], previous.readingDate);
      const days = Math.max(1, daysBetween(previous.readingDate, row.readingDate));
      if (usual) {
        const monoLimit = Math.ceil(usual.mono * days * JUMP_FACTOR);
        const colourLimit = Math.ceil(usual.colour * days * JUMP_FACTOR);
        if (row.monoPages > Math.max(monoLimit, 100) || (machine.isColour && row.colourPages > Math.max(colourLimit, 100))) {
          issues.push({
            code: 'JUMP_WARNING',
            severity: 'warning',
            values: { pages: row.monoPages + row.colourPages, usual: Math.round((usual.mono + usual.colour) * days), days },
          });
        }
      }
    }
    if (!issues.some((x) => x.severity === 'error')) {
      chain.set(machine.id, [...earlier.filter((p) => p.readingDate < row.readingDate), { readingDate: row.readingDate, monoCounter: row.monoCounter, colourCounter: row.colourCounter }]);
    }
  }
  const errorCount = checked.filter((r) => r.issues.some((i) => i.severity === 'error')).length;
  const warningCount = checked.filter((r) => r.issues.some((i) => i.severity === 'warning')).length;
  return { rows: checked, errorCount, warningCount };
}
