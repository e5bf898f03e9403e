import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { addMonths, hkToday } from '@/lib/dates/hongKong';
import { USAGE_MAX_MONTHS, type ReadingFilter, type ReadingItem, type ReadingListResult, type UsageBody, type UsagePoint, type UsageResult } from '@/lib/meter/schemas';
import { intervalsOf, usageMonthOf } from '@/lib/meter/usage';
import type { CustomerContext } from '@/lib/server/context';
import { csvFile, formulaSafe } from '@/lib/server/csv';
import { billLineReadings, machineModels, machines, meterReadings } from '@/lib/server/db/schema';
import { paginate, totalCount, type PageRow } from '@/lib/server/db/paginate';
import { AppError } from '@/lib/server/errors';
import { msg } from '@/lib/zodMessages';
import type { CheckedFile } from '@/lib/server/uploads';
import { readingsByMachine } from './machines';
import { storeUpload } from '@/lib/server/uploads/store';

type ListBody = { page: number; pageSize: number; sort?: { field: 'readingDate' | 'serialNo'; direction: 'asc' | 'desc' }; filter?: ReadingFilter };

/** Readings with the previous reading's counters of the same machine (window function over every reading). */
function withPrevious(ctx: CustomerContext) {
  return ctx.db
    .select({
      id: meterReadings.id,
      machineId: meterReadings.machineId,
      readingDate: meterReadings.readingDate,
      monoCounter: meterReadings.monoCounter,
      colourCounter: meterReadings.colourCounter,
      source: meterReadings.source,
      status: meterReadings.status,
      photoFileId: meterReadings.photoFileId,
      prevMono: sql<number | null>`lag(${meterReadings.monoCounter}) over (partition by ${meterReadings.machineId} order by ${meterReadings.readingDate})`.as('prev_mono'),
      prevColour: sql<number | null>`lag(${meterReadings.colourCounter}) over (partition by ${meterReadings.machineId} order by ${meterReadings.readingDate})`.as('prev_colour'),
    })
    .from(meterReadings)
    .where(eq(meterReadings.ucpId, ctx.actor.ucpId))
    .as('r');
}

function filterWhere(r: ReturnType<typeof withPrevious>, filter: ReadingFilter | undefined): SQL | undefined {
  const parts: SQL[] = [];
  if (filter?.machineId) parts.push(eq(r.machineId, filter.machineId));
  if (filter?.dateFrom) parts.push(gte(r.readingDate, filter.dateFrom));
  if (filter?.dateTo) parts.push(lte(r.readingDate, filter.dateTo));
  if (filter?.source?.length) parts.push(inArray(r.source, filter.source));
  return parts.length ? and(...parts) : undefined;
}

function readingQuery(ctx: CustomerContext, filter: ReadingFilter | undefined, sort: ListBody['sort']) {
  const r = withPrevious(ctx);
  const dir = sort?.direction === 'asc' ? asc : desc;
  const order = sort?.field === 'serialNo' ? [dir(machines.serialNo), desc(r.readingDate)] : [dir(r.readingDate), asc(machines.serialNo)];
  return ctx.db
    .select({
      id: r.id,
      machineId: r.machineId,
      serialNo: machines.serialNo,
      locationEn: machines.locationEn,
      locationZh: machines.locationZh,
      readingDate: r.readingDate,
      monoCounter: r.monoCounter,
      colourCounter: r.colourCounter,
      prevMono: r.prevMono,
      prevColour: r.prevColour,
      source: r.source,
      status: r.status,
      photoFileId: r.photoFileId,
      billed: sql<boolean>`exists (select 1 from ${billLineReadings} where ${billLineReadings.closingReadingId} = ${r.id})`,
      __total: totalCount(),
    })
    .from(r)
    .innerJoin(machines, eq(machines.id, r.machineId))
    .where(filterWhere(r, filter))
    .orderBy(...order);
}

type Row = PageRow<ReturnType<typeof readingQuery>>;

const toItem = (row: Row): ReadingItem => ({
  id: row.id,
  machineId: row.machineId,
  serialNo: row.serialNo,
  locationEn: row.locationEn,
  locationZh: row.locationZh,
  readingDate: row.readingDate,
  monoCounter: row.monoCounter,
  colourCounter: row.colourCounter,
  monoPages: row.prevMono === null ? null : row.monoCounter - Number(row.prevMono),
  colourPages: row.prevColour === null ? null : row.colourCounter - Number(row.prevColour),
  source: row.source,
  status: row.status,
  billed: Boolean(row.billed),
  hasPhoto: row.photoFileId !== null,
});

export function listReadings(ctx: CustomerContext, body: ListBody): Promise<ReadingListResult> {
  return paginate(readingQuery(ctx, body.filter, body.sort), body, toItem);
}

/** Pages per machine and month (the month of the closing reading) from the customer's readings. */
export async function usage(ctx: CustomerContext, body: UsageBody): Promise<UsageResult> {
  const today = hkToday(ctx.now());
  // No "to": up to this month, or to the "from" month when that is later (a filter "from 1 Jan 2099" alone was a 400).
  const toMonth = body.toMonth ?? (body.fromMonth && body.fromMonth > today.slice(0, 7) ? body.fromMonth : today.slice(0, 7));
  const askedFrom = body.fromMonth ?? addMonths(`${toMonth}-01`, -11).slice(0, 7);
  if (askedFrom > toMonth) throw new AppError('VALIDATION', { fields: { fromMonth: ['meter:errors.monthRange'] } });
  // At most the last USAGE_MAX_MONTHS months up to toMonth: a longer range (the history filter "from 2010") keeps its
  // most recent months. QA: it kept the first 60 (2010-01 … 2014-12), so the chart showed nothing of the latest years.
  const earliest = addMonths(`${toMonth}-01`, -(USAGE_MAX_MONTHS - 1)).slice(0, 7);
  const fromMonth = askedFrom < earliest ? earliest : askedFrom;
  const months: string[] = [];
  for (let m = `${fromMonth}-01`; m.slice(0, 7) <= toMonth; m = addMonths(m, 1)) months.push(m.slice(0, 7));
  const own = await ctx.db
    .select({ id: machines.id })
    .from(machines)
    .where(and(eq(machines.ucpId, ctx.actor.ucpId), body.machineId ? eq(machines.id, body.machineId) : undefined));
  // From the first month on, with each machine's reading before it (however old), so the first month's intervals are whole.
  const byMachine = await readingsByMachine(
    ctx.db,
    own.map((m) => m.id),
    `${fromMonth}-01`,
    { opening: true },
  );
  const points: UsagePoint[] = [];
  for (const [machineId, readings] of byMachine) {
    const perMonth = new Map<string, { mono: number; colour: number }>();
    for (const iv of intervalsOf(readings)) {
      const month = usageMonthOf(iv);
      if (month < fromMonth || month > toMonth) continue;
      const sum = perMonth.get(month) ?? { mono: 0, colour: 0 };
      sum.mono += iv.mono;
      sum.colour += iv.colour;
      perMonth.set(month, sum);
    }
    for (const month of months) {
      const v = perMonth.get(month);
      if (v) points.push({ month, machineId, mono: v.mono, colour: v.colour });
    }
  }
  return { months, points };
}

const HEAD = {
  en: ['Serial no.', 'Location', 'Reading date', 'B/W counter', 'Colour counter', 'B/W pages', 'Colour pages', 'Source', 'Status', 'Billed'],
  tc: ['機身號碼', '位置', '讀數日期', '黑白計數', '彩色計數', '黑白印量', '彩色印量', '來源', '狀態', '已開帳單'],
} as const;
const SOURCE = { en: { web: 'Web (W)', automatic: 'Automatic', staff: 'Staff', estimated: 'Estimated' }, tc: { web: '網上（W）', automatic: '自動', staff: '職員', estimated: '估算' } } as const;
const STATUS = { en: { accepted: 'Accepted', confirmed: 'Confirmed (high volume)' }, tc: { accepted: '已接受', confirmed: '已確認（高印量）' } } as const;

/** The most readings one export file holds. */
const MAX_EXPORT_READINGS = 10_000;
/** A count as both languages of the portal write it: 10,000. */
const grouped = (n: number) => new Intl.NumberFormat('en').format(n);

/**
 * The readings of the filter as CSV (UTF-8 with BOM, CRLF), at most 10,000 rows. A filter finding more is refused with
 * the count on `filter` (as the user export is): the file was cut at 10,000 without a word, its oldest readings missing.
 */
export async function exportReadings(ctx: CustomerContext, filter: ReadingFilter | undefined, lang: 'en' | 'tc'): Promise<Buffer> {
  const rows = await readingQuery(ctx, filter, { field: 'readingDate', direction: 'desc' }).limit(MAX_EXPORT_READINGS);
  const found = Number(rows[0]?.__total ?? 0);
  if (found > MAX_EXPORT_READINGS) {
    throw new AppError('VALIDATION', {
      message: `export too large: ${found} readings`,
      fields: { filter: [msg('meter:errors.exportTooMany', { found: grouped(found), max: grouped(MAX_EXPORT_READINGS) })] },
    });
  }
  // A black & white machine has no colour counter: empty cells, as the table's '–' (they read 0).
  const monoOnly = new Set(
    (
      await ctx.db
        .select({ id: machines.id })
        .from(machines)
        .innerJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
        .where(and(eq(machines.ucpId, ctx.actor.ucpId), eq(machineModels.isColour, false)))
    ).map((m) => m.id),
  );
  const records = rows.map(toItem).map((r) => [
    formulaSafe(r.serialNo),
    formulaSafe(lang === 'tc' ? r.locationZh : r.locationEn),
    r.readingDate,
    r.monoCounter,
    monoOnly.has(r.machineId) ? '' : r.colourCounter,
    r.monoPages ?? '',
    monoOnly.has(r.machineId) ? '' : (r.colourPages ?? ''),
    SOURCE[lang][r.source],
    STATUS[lang][r.status],
    r.billed ? (lang === 'tc' ? '是' : 'Yes') : lang === 'tc' ? '否' : 'No',
  ]);
  return csvFile(HEAD[lang], records);
}

/** Stores a counter photo for a machine of the customer (checked by content by the router); answers its file id. */
export async function storePhoto(ctx: CustomerContext, serialNo: string, file: CheckedFile): Promise<{ fileId: string }> {
  const [machine] = await ctx.db
    .select({ id: machines.id })
    .from(machines)
    .where(and(eq(machines.ucpId, ctx.actor.ucpId), sql`upper(${machines.serialNo}) = ${serialNo.trim().toUpperCase()}`));
  if (!machine) throw new AppError('NOT_FOUND', { publicMessage: 'No machine of yours has this serial number' });
  return { fileId: await storeUpload(ctx.db, { ucpId: ctx.actor.ucpId, uploadedBy: ctx.actor.userAcUuid, createdAt: ctx.now() }, file) };
}
