/**
 * User list report (docs/user-list-report.md). One row per user and customer it is linked to (group membership is per
 * user and customer, so each row lists the groups held for that customer). `user_list_rpt_read_all` (or `all`) sees
 * every row, users linked to no customer included; `user_list_rpt_read` only rows of the customers assigned to the
 * caller in `staff_customer_assignments`. The list and both exports read the same query, so an export is exactly the
 * filtered set of the screen, in its order. Exports are written while the rows are read, a batch at a time.
 */
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { hkDayEnd, hkDayStart } from '@/lib/dates/hongKong';
import { canAccess } from '@/lib/permissions/canAccess';
import type { ExportReportBody, ListReportBody, ReportFilter, ReportResult, ReportRow } from '@/lib/userListReport/schemas';
import type { UserStatus } from '@/lib/users/constants';
import type { ServiceContext } from '@/lib/server/context';
import { customers, userAccounts, userCustomers } from '@/lib/server/db/schema';
import { containsPattern, ilikeLiteral } from '@/lib/server/db/like';
import { paginate, totalCount, type PageRow } from '@/lib/server/db/paginate';
import { formulaSafe } from '@/lib/server/csv';
import { hkDateTime } from '@/lib/server/hkDateTime';

export type ReportScope = 'all' | 'assigned';

export const scopeOf = (ctx: ServiceContext): ReportScope => (canAccess(ctx.actor.codes, ['user_list_rpt_read_all']) ? 'all' : 'assigned');

// Written qualified by hand: inside these subqueries an unqualified column would bind to the inner table.
const groupsJson = sql<{ code: string; nameEn: string; nameZh: string }[]>`coalesce((
  select json_agg(json_build_object('code', g.code, 'nameEn', g.name_en, 'nameZh', g.name_zh) order by g.code)
  from user_group_members m join user_groups g on g.id = m.group_id
  where m.user_ac_uuid = "user_accounts"."user_ac_uuid" and m.ucp_id = "user_customers"."ucp_id"), '[]'::json)`;

function whereOf(ctx: ServiceContext, scope: ReportScope, f: ReportFilter): SQL | undefined {
  const where: SQL[] = [];
  if (scope === 'assigned') {
    where.push(sql`"user_customers"."ucp_id" in (select a.ucp_id from staff_customer_assignments a where a.staff_user_ac_uuid = ${ctx.actor.userAcUuid})`);
  }
  const q = f.q ? containsPattern(f.q) : null;
  if (q) where.push(or(ilikeLiteral(userAccounts.loginId, q), ilikeLiteral(userAccounts.name, q), ilikeLiteral(userAccounts.email, q))!);
  const c = f.customer ? containsPattern(f.customer) : null;
  if (c) where.push(or(ilikeLiteral(customers.ucpId, c), ilikeLiteral(customers.nameEn, c), ilikeLiteral(customers.nameZh, c))!);
  const g = f.group ? containsPattern(f.group) : null;
  if (g) {
    where.push(sql`exists (select 1 from user_group_members m join user_groups g on g.id = m.group_id
      where m.user_ac_uuid = "user_accounts"."user_ac_uuid" and m.ucp_id = "user_customers"."ucp_id"
        and (g.code ilike ${g} escape '\\' or g.name_en ilike ${g} escape '\\' or g.name_zh ilike ${g} escape '\\'))`);
  }
  if (f.status?.length) where.push(inArray(userAccounts.status, f.status));
  if (f.mfa) where.push(eq(userAccounts.mfaEnabled, f.mfa === 'on'));
  if (f.createdFrom) where.push(gte(userAccounts.createdAt, hkDayStart(f.createdFrom)));
  if (f.createdTo) where.push(lt(userAccounts.createdAt, hkDayEnd(f.createdTo)));
  return where.length ? and(...where) : undefined;
}

function orderOf(sort: ListReportBody['sort']) {
  const dir = sort?.direction === 'desc' ? desc : asc;
  const tie = [asc(userAccounts.loginId), sql`"user_customers"."ucp_id" asc nulls first`];
  switch (sort?.field) {
    case 'createdAt':
      return [dir(userAccounts.createdAt), ...tie];
    case 'lastLoginAt':
      return [sql`${userAccounts.lastLoginAt} ${sql.raw(sort.direction === 'desc' ? 'desc' : 'asc')} nulls last`, ...tie];
    default:
      return [sort?.direction === 'desc' ? desc(userAccounts.loginId) : asc(userAccounts.loginId), sql`"user_customers"."ucp_id" asc nulls first`];
  }
}

const columns = {
  userId: userAccounts.userAcUuid,
  loginId: userAccounts.loginId,
  name: userAccounts.name,
  email: userAccounts.email,
  ucpId: userCustomers.ucpId,
  customerNameEn: customers.nameEn,
  customerNameZh: customers.nameZh,
  customerStatus: customers.status,
  groups: groupsJson,
  status: userAccounts.status,
  isProviderStaff: userAccounts.isProviderStaff,
  mfaEnabled: userAccounts.mfaEnabled,
  createdAt: userAccounts.createdAt,
  lastLoginAt: userAccounts.lastLoginAt,
};

/** A row as the query reads it: the report row before its id is built and its times are written out. */
type Raw = PageRow<ReturnType<typeof reportQuery>>;

const toRow = (r: Raw): ReportRow => ({
  id: `${r.userId}:${r.ucpId ?? ''}`,
  userId: r.userId,
  loginId: r.loginId,
  name: r.name,
  email: r.email,
  ucpId: r.ucpId,
  customerNameEn: r.customerNameEn,
  customerNameZh: r.customerNameZh,
  // Null when the user is linked to no customer.
  customerStatus: r.customerStatus,
  groups: r.groups,
  status: r.status,
  isProviderStaff: r.isProviderStaff,
  mfaEnabled: r.mfaEnabled,
  createdAt: r.createdAt.toISOString(),
  lastLoginAt: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
});

/** The report's rows: read_all keeps users linked to no customer (one row, no customer); the assigned scope needs a link. */
function reportQuery(ctx: ServiceContext, body: { filter?: ReportFilter; sort?: ListReportBody['sort'] }, withTotal: boolean) {
  const scope = scopeOf(ctx);
  return ctx.db
    // The export reads batches without the total: a window count would scan the whole filtered set for each batch.
    .select({ ...columns, __total: withTotal ? totalCount() : sql<number>`0`.as('__total') })
    .from(userAccounts)
    .leftJoin(userCustomers, eq(userCustomers.userAcUuid, userAccounts.userAcUuid))
    .leftJoin(customers, eq(customers.ucpId, userCustomers.ucpId))
    .where(whereOf(ctx, scope, body.filter ?? {}))
    .orderBy(...orderOf(body.sort));
}

export async function listReport(ctx: ServiceContext, body: ListReportBody): Promise<ReportResult> {
  const q = reportQuery(ctx, body, true);
  const page = await paginate(q, body, toRow);
  return { ...page, scope: scopeOf(ctx) };
}

/** Rows of the whole filtered set, read a batch at a time so an export never holds it all. */
export async function* reportRows(ctx: ServiceContext, body: Pick<ExportReportBody, 'filter' | 'sort'>, batchSize = 500): AsyncGenerator<ReportRow> {
  for (let offset = 0; ; offset += batchSize) {
    const rows = await reportQuery(ctx, body, false).limit(batchSize).offset(offset);
    for (const r of rows) yield toRow(r);
    if (rows.length < batchSize) return;
  }
}

const HEAD = {
  en: ['Login ID', 'Name', 'E-mail', 'UCP ID', 'Customer', 'Customer status', 'Groups', 'Status', 'Staff', 'MFA', 'Created', 'Last login'],
  tc: ['登入名稱', '姓名', '電郵', 'UCP 編號', '客戶', '客戶狀態', '群組', '狀態', '職員', '雙重驗證', '建立時間', '上次登入'],
} as const;
/** The customer's status, beside the user's own (a user stays "Active" when its customer is deactivated). */
const CUSTOMER_STATUS = {
  en: { active: 'Active', inactive: 'Deactivated' },
  tc: { active: '使用中', inactive: '已停用' },
} as const;
const STATUS = {
  en: { pending: 'Pending activation', active: 'Active', locked: 'Locked', inactive: 'Disabled' },
  tc: { pending: '待啟用', active: '使用中', locked: '已鎖定', inactive: '已停用' },
} as const satisfies Record<'en' | 'tc', Record<UserStatus, string>>;
const YES_NO = { en: ['Yes', 'No'], tc: ['是', '否'] } as const;

function cells(r: ReportRow, lang: 'en' | 'tc'): string[] {
  const zh = lang === 'tc';
  return [
    r.loginId,
    r.name,
    r.email,
    r.ucpId ?? '',
    (zh ? r.customerNameZh : r.customerNameEn) ?? '',
    r.customerStatus ? CUSTOMER_STATUS[lang][r.customerStatus] : '',
    r.groups.map((g) => g.code).join(', '),
    STATUS[lang][r.status],
    YES_NO[lang][r.isProviderStaff ? 0 : 1],
    YES_NO[lang][r.mfaEnabled ? 0 : 1],
    hkDateTime(r.createdAt),
    hkDateTime(r.lastLoginAt),
  ];
}

export function writeCsv(ctx: ServiceContext, body: ExportReportBody) {
  return async (out: Writable) => {
    async function* records() {
      yield [...HEAD[body.lang]];
      for await (const r of reportRows(ctx, body)) yield cells(r, body.lang).map(formulaSafe);
    }
    await pipeline(Readable.from(records()), stringify({ bom: true, record_delimiter: 'windows' }), out);
  };
}

export function writeXlsx(ctx: ServiceContext, body: ExportReportBody) {
  return async (out: Writable) => {
    // exceljs writes into a PassThrough that is piped on with back-pressure; each row is committed (written and
    // forgotten) as soon as it is added.
    const through = new PassThrough();
    const piping = pipeline(through, out);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: through, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(body.lang === 'tc' ? '用戶列表' : 'Users', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = HEAD[body.lang].map((header, i) => ({ header, width: [28, 22, 30, 14, 32, 16, 28, 18, 8, 8, 18, 18][i] }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const r of reportRows(ctx, body)) {
      sheet.addRow(cells(r, body.lang)).commit();
      // Let the socket drain when the client reads slower than the database answers.
      if (through.writableNeedDrain) await new Promise((resolve) => through.once('drain', resolve));
    }
    sheet.commit();
    await workbook.commit();
    await piping;
  };
}
