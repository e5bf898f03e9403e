/**
 * Export and import of user accounts (docs/user-accounts.md). The export writes the filtered users in the columns
 * the import reads (USER_FILE_COLUMNS), as CSV (UTF-8 with BOM, so Excel shows Chinese) or XLSX. The import reads a
 * CSV or XLSX file of new users, checks every row (a dry run answers every row's errors), and saves all rows or none.
 */
import { parse } from 'csv-parse/sync';
import { decodeTextBytes, delimiterOf } from '@/lib/upload/decodeText';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { count, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { hkDateOf } from '@/lib/dates/hongKong';
import { keyErrorMap, msg } from '@/lib/zodMessages';
import {
  MAX_IMPORT_ROWS,
  USER_FILE_COLUMNS,
  USER_IMPORT_COLUMNS,
  USER_KINDS,
  createUserSchema,
  loginIdSchema,
  userLinkSchema,
  type CreateUserBody,
  type ImportRowResult,
  type ImportUsersResult,
  type ListUsersBody,
  type UserFilter,
  type UserListItem,
} from '@/lib/users/schemas';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { userAccounts, userGroups } from '@/lib/server/db/schema';
import { csvErrorLine, formulaSafe } from '@/lib/server/csv';
import { AppError } from '@/lib/server/errors';
import { hkDateTime } from '@/lib/server/hkDateTime';
import { XLSX_MIME, type CheckedFile } from '@/lib/server/uploads';
import { checkLinks, customerLinkRequired, insertPendingUser, toListItem, userFilterWhere, userListColumns, userOrder } from './maintenance';

/** More than any provider's user base; a bigger export is refused rather than built in memory. */
const MAX_EXPORT_ROWS = 50_000;

const fileRow = (u: UserListItem): string[] => [
  u.loginId,
  u.name,
  u.email,
  '',
  u.kind,
  u.customers.join(';'),
  u.groups.join(';'),
  u.status,
  u.mfaEnabled ? 'on' : 'off',
  hkDateTime(u.lastLoginAt),
  hkDateTime(u.createdAt),
];

/** A count as both languages of the portal write it: 50,000. */
const grouped = (n: number) => new Intl.NumberFormat('en').format(n);

export async function exportUsers(ctx: ServiceContext, body: { format: 'csv' | 'xlsx'; filter: UserFilter; sort?: ListUsersBody['sort'] }): Promise<{ fileName: string; contentType: string; body: Buffer }> {
  const where = userFilterWhere(body.filter);
  // Counted first, so a refusal says how many the filter found, and never reads 50,001 rows to throw them away.
  // The refusal is a translated message on `filter` (the screen shows it instead of the general "not valid"): it was
  // an English-only publicMessage, which no screen shows.
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(userAccounts).where(where);
  if (n > MAX_EXPORT_ROWS) {
    throw new AppError('VALIDATION', {
      message: `export too large: ${n} users`,
      fields: { filter: [msg('users:export.tooMany', { found: grouped(n), max: grouped(MAX_EXPORT_ROWS) })] },
    });
  }
  const rows = await ctx.db
    .select(userListColumns)
    .from(userAccounts)
    .where(where)
    .orderBy(...userOrder(body.sort))
    .limit(MAX_EXPORT_ROWS);
  const languages = new Map(rows.map((r) => [r.id, r.preferredLanguage]));
  const data = rows.map((r) => {
    const line = fileRow(toListItem(r));
    line[3] = languages.get(r.id) === 'tc' ? 'tc' : 'en';
    return line;
  });
  const stamp = hkDateOf(ctx.now());
  if (body.format === 'csv') {
    // A name starting = + - @ would run as a formula when the file is opened in a spreadsheet (QA: a user named
    // '=HYPERLINK(…)' came out as a live formula; the user list report already guarded it): such text gets an apostrophe.
    const csv = stringify([[...USER_FILE_COLUMNS], ...data.map((line) => line.map(formulaSafe))]);
    return { fileName: `users-${stamp}.csv`, contentType: 'text/csv; charset=utf-8', body: Buffer.concat([Buffer.from('\uFEFF', 'utf8'), Buffer.from(csv, 'utf8')]) };
  }
  const book = new ExcelJS.Workbook();
  book.created = ctx.now();
  const sheet = book.addWorksheet('users');
  sheet.addRow([...USER_FILE_COLUMNS]).font = { bold: true };
  for (const line of data) sheet.addRow(line);
  sheet.columns.forEach((c) => {
    c.width = 22;
  });
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return { fileName: `users-${stamp}.xlsx`, contentType: XLSX_MIME, body: buffer };
}

type RawRow = Record<string, string>;
/**
 * A file as read: its header row and the rows under it, each a list of cells, with each row's number as the
 * spreadsheet shows it (`rowNos`, blank rows counted), which the import's errors name.
 */
type Table = { header: string[]; body: string[][]; rowNos: number[] };

const headerKey = (h: unknown) => String(h ?? '').trim().toLowerCase().replace(/\s+/g, '_');

/**
 * The rows as records of the columns the import reads (USER_IMPORT_COLUMNS, by header name; a repeated header: its
 * last column). Only those: a header of a million empty or unknown columns made every row a million-entry record,
 * which held the server for minutes before the row limit was even checked (QA).
 */
function recordsOf({ header, body }: Table): RawRow[] {
  const at = new Map<string, number>();
  header.forEach((h, i) => {
    const key = headerKey(h);
    if ((USER_IMPORT_COLUMNS as readonly string[]).includes(key)) at.set(key, i);
  });
  return body.map((r) => Object.fromEntries([...at].map(([k, i]) => [k, r[i] ?? ''])));
}

function readCsv(content: Buffer): Table {
  // UTF-8 (with or without BOM) or UTF-16 with its BOM: inspectFile let only such text through.
  const text = decodeTextBytes(content);
  const delimiter = delimiterOf(text);
  let records: string[][];
  try {
    // Blank lines are kept as records (and left out below), so a record's index is its row in a spreadsheet: with
    // skip_empty_lines every row after a blank line was reported a row too early (as the meter CSV's were).
    // A quote inside an unquoted cell (Chan "Tommy" Tai Man) is text, as Excel reads it (relax_quotes): the file was
    // refused as damaged, naming no row.
    records = parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (err) {
    // Named by its line (a quote never closed: where it opened); it was "damaged or incomplete… save or scan it again".
    const line = csvErrorLine(err, text, delimiter);
    if (line) throw new AppError('VALIDATION', { message: `csv: ${(err as Error).message}`, fields: { file: [msg('users:import.unreadableLine', { line })] } });
    throw new AppError('FILE_CORRUPT', { message: `csv: ${(err as Error).message}` });
  }
  const rows = records.flatMap((cells, i) => (cells.some(Boolean) ? [{ cells, rowNo: i + 1 }] : []));
  const [header, ...body] = rows;
  return { header: header?.cells ?? [], body: body.map((r) => r.cells), rowNos: body.map((r) => r.rowNo) };
}

/**
 * A cell's text as Excel shows it. A hyperlink's text may be rich text (an address typed in Excel becomes a link, and
 * formatting part of it makes it rich), a formula's result may be an error: both were read as "[object Object]", so a
 * formatted address was "not a valid e-mail" and a VLOOKUP's #N/A a user's name. An error reads as Excel writes it.
 */
const cellText = (v: ExcelJS.CellValue | ExcelJS.CellHyperlinkValue['text']): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if (v instanceof Date) return v.toISOString();
    if ('richText' in v) return v.richText.map((p) => p.text).join('');
    if ('hyperlink' in v) return cellText(v.text);
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('error' in v) return v.error;
  }
  return String(v);
};

async function readXlsx(content: Buffer): Promise<Table> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch (err) {
    throw new AppError('FILE_CORRUPT', { message: `xlsx: ${(err as Error).message}` });
  }
  const sheet = book.worksheets[0];
  if (!sheet) return { header: [], body: [], rowNos: [] };
  const rows: string[][] = [];
  const rowNos: number[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    // Data rows: only as many cells as the header has (a row's cell count can reach 16,384 columns).
    const width = rows.length ? Math.min(row.cellCount, rows[0]!.length) : row.cellCount;
    const values: string[] = [];
    for (let c = 1; c <= width; c += 1) values.push(cellText(row.getCell(c).value).trim());
    if (values.some(Boolean)) {
      rows.push(values);
      rowNos.push(row.number);
    }
  });
  const [header = [], ...body] = rows;
  return { header, body, rowNos: rowNos.slice(1) };
}

/** A cell's UCP ids or group codes: read half-width (NFKC) as the forms read them, so `ＵＣＰ１０００１` is `UCP10001`. */
const list = (s: string | undefined) =>
  (s ?? '')
    .normalize('NFKC')
    .split(/[;,\n]/)
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * zod issues of one row as `field: key` messages (the screen translates the key part). zod's defaults become keys
 * (keyErrorMap); a user_type or language outside its list says which values the column takes. The row's customers
 * and group codes are read into `links`: an issue of a link's `groupIds` (more than 50 codes) is the groups column's,
 * any other of `links` the customers column's (it showed under customers, where nothing was wrong).
 */
const columnOf = (path: readonly PropertyKey[]) => (path[0] === 'links' && path.includes('groupIds') ? 'groups' : String(path[0] ?? 'row'));
const issuesOf = (err: z.ZodError) =>
  err.issues.map((i) => {
    const field = columnOf(i.path);
    if (i.code === 'invalid_value' && field === 'kind') return 'kind:users:import.kindInvalid';
    if (i.code === 'invalid_value' && field === 'preferredLanguage') return 'preferredLanguage:users:import.languageInvalid';
    return `${field}:${i.message}`;
  });

const kindSchema = z.enum(USER_KINDS);
/**
 * Text without a NUL. The router refuses one in every JSON body, but a file's cells come another way: exceljs reads an
 * XLSX cell's `_x0000_` as U+0000, which PostgreSQL cannot take, so a name or UCP id holding one failed the whole
 * import (even its dry run, at the customer and group lookups) with 500 (QA). It is a row error on its column.
 */
const clean = (value: string) => !value.includes('\u0000');
/** A UCP id the link schema would refuse is reported by it (too long); looking it up would only add "unknown". */
const lookupUcpId = (ucpId: string) => userLinkSchema.shape.ucpId.safeParse(ucpId).success;

/**
 * Checks every row: format (the add form's schema), login id free and not repeated in the file, customers and
 * group codes known and of the user's kind. Every check runs whatever the others found, so one dry run lists all of
 * a row's errors (QA: a row with a bad user_type was not checked for unknown customers, whose error showed only
 * after the next upload). A check that depends on a bad value is left out rather than reported against it: the
 * login id's uniqueness needs a well-formed login id, and "customer / group of the other user type" needs a known
 * user_type (unknown customers and groups are still reported).
 */
async function checkRows(ctx: ServiceContext, raw: RawRow[], rowNos: readonly number[]): Promise<{ results: ImportRowResult[]; bodies: CreateUserBody[] }> {
  const codes = [...new Set(raw.flatMap((r) => list(r.groups)).filter(clean))];
  const groups = codes.length ? await ctx.db.select({ id: userGroups.id, code: userGroups.code }).from(userGroups).where(inArray(userGroups.code, codes)) : [];
  // A provider group giving codes the importer does not hold is refused on the row's groups by checkLinks, as the
  // add form refuses it (../userGroups/rights.ts): with only _impexp, a file of staff accounts in an administrators'
  // group, mailed to an address of the importer's choosing, made it an administrator (QA desk review).
  // Looked up as stored (loginIdSchema: NFKC, lower case): a full-width id of an existing user passed the dry run and
  // then failed the import, its error on no row (QA).
  const loginIds = [...new Set(raw.map((r) => loginIdSchema.safeParse(r.login_id ?? '')).flatMap((p) => (p.success ? [p.data] : [])))];
  const taken = new Set(
    loginIds.length ? (await ctx.db.select({ loginId: userAccounts.loginId }).from(userAccounts).where(inArray(userAccounts.loginId, loginIds))).map((r) => r.loginId) : [],
  );
  const seen = new Map<string, number>();
  const results: ImportRowResult[] = [];
  const bodies: CreateUserBody[] = [];
  for (const [i, r] of raw.entries()) {
    const rowNo = rowNos[i] ?? i + 2;
    const errors: string[] = [];
    for (const column of USER_IMPORT_COLUMNS) if (!clean(r[column] ?? '')) errors.push(`${column}:ui.validation.controlCharacter`);
    const groupCodes = list(r.groups);
    const unknown = groupCodes.filter((c) => clean(c) && !groups.some((g) => g.code === c));
    if (unknown.length) errors.push(`groups:${msg('users:import.groupUnknown', { codes: unknown.join(', ') })}`);
    const groupIds = groupCodes.map((c) => groups.find((g) => g.code === c)?.id).filter((x): x is string => Boolean(x));
    const kindText = (r.user_type ?? '').trim().toLowerCase() || 'customer';
    const links = list(r.customers).map((ucpId) => ({ ucpId, groupIds }));
    const parsed = createUserSchema.safeParse(
      {
        loginId: r.login_id ?? '',
        name: r.name ?? '',
        email: r.email ?? '',
        preferredLanguage: (r.language ?? '').trim().toLowerCase() || 'en',
        kind: kindText,
        skipMfa: false,
        links,
      },
      { error: keyErrorMap },
    );
    if (!parsed.success) errors.push(...issuesOf(parsed.error));

    const loginId = loginIdSchema.safeParse(r.login_id ?? '');
    if (loginId.success) {
      if (taken.has(loginId.data)) errors.push('login_id:users:errors.loginIdTaken');
      const first = seen.get(loginId.data);
      if (first !== undefined) errors.push(`login_id:${msg('users:import.repeated', { row: first })}`);
      else seen.set(loginId.data, rowNo);
    }
    const kind = kindSchema.safeParse(kindText);
    const linkErrors = { ...customerLinkRequired(kind.success ? kind.data : null, links), ...(await checkLinks(ctx, kind.success ? kind.data : null, links.filter((l) => clean(l.ucpId) && lookupUcpId(l.ucpId)))) };
    for (const [field, keys] of Object.entries(linkErrors)) for (const k of keys) errors.push(`${field.endsWith('groupIds') ? 'groups' : 'customers'}:${k}`);

    if (parsed.success && !errors.length) bodies.push(parsed.data);
    results.push({ row: rowNo, loginId: (r.login_id ?? '').trim(), errors: [...new Set(errors)] });
  }
  return { results, bodies };
}

export async function importUsers(ctx: ServiceContext, file: CheckedFile, dryRun: boolean): Promise<ImportUsersResult> {
  const table = file.mimeType === 'text/csv' ? readCsv(file.content) : await readXlsx(file.content);
  const keys = new Set(table.header.map(headerKey));
  const missing = USER_IMPORT_COLUMNS.slice(0, 3).filter((c) => !keys.has(c));
  if (table.body.length === 0) throw new AppError('VALIDATION', { fields: { file: ['users:import.empty'] }, message: 'import without rows' });
  if (missing.length) throw new AppError('VALIDATION', { fields: { file: [msg('users:import.missingColumns', { columns: missing.join(', ') })] }, message: 'import columns missing' });
  if (table.body.length > MAX_IMPORT_ROWS) throw new AppError('VALIDATION', { fields: { file: [msg('users:import.tooManyRows', { max: MAX_IMPORT_ROWS })] }, message: 'import too large' });
  const raw = recordsOf(table);
  const { results, bodies } = await checkRows(ctx, raw, table.rowNos);
  const failed = results.filter((r) => r.errors.length);
  const summary = { total: results.length, valid: results.length - failed.length, rows: results };
  if (dryRun) return { dryRun: true, imported: 0, ...summary };
  if (failed.length) {
    throw new AppError('USER_IMPORT_INVALID', {
      message: `${failed.length} rows refused`,
      fields: Object.fromEntries(failed.map((r) => [`rows.${r.row}`, r.errors])),
    });
  }
  return inTransaction(ctx, async (tx) => {
    for (const body of bodies) {
      const id = await insertPendingUser(tx, body);
      // A concurrent add took the login id between the check and here: the whole import rolls back.
      if (!id) throw new AppError('USER_IMPORT_INVALID', { message: `login id ${body.loginId} taken meanwhile`, fields: { [`rows.${results.find((r) => loginIdSchema.safeParse(r.loginId).data === body.loginId)?.row ?? 0}`]: ['login_id:users:errors.loginIdTaken'] } });
      await audit(tx, { action: 'import', entity: 'user_account', entityId: id, after: { loginId: body.loginId, kind: body.kind, status: 'pending', name: body.name, email: body.email, links: body.links } });
    }
    return { dryRun: false, imported: bodies.length, ...summary };
  });
}
