import { and, asc, desc, eq, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  allowedActions,
  customerReadableTypes,
  staffReadableTypes,
  staffWritableTypes,
  type ChangeStatus,
  type ChangeType,
} from '@/lib/accountChanges/constants';
import type {
  ChangeDetail,
  ChangeListResult,
  ChangeSortField,
  CurrentValues,
  listQueueSchema,
  listRequestsSchema,
  QueueResult,
  ReviewDetail,
} from '@/lib/accountChanges/schemas';
import { customerWritableTypes } from '@/lib/accountChanges/constants';
import { hkDayEnd, hkDayStart } from '@/lib/dates/hongKong';
import type { FileResponseInit } from '@/lib/server/api/fileResponse';
import type { CustomerContext, ServiceContext } from '@/lib/server/context';
import { containsPattern, ilikeLiteral, textSearch } from '@/lib/server/db/like';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import { changeRequestAttachments, changeRequests, contracts, customers, machineModels, machines, storedFiles, userAccounts } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import { customerProfileColumns } from '@/lib/server/services/user/getCurrentCustomer';
import { detailColumns, detailOf, requestColumns, toListItem } from './common';
import { itemsOf } from './guards';
import { contractSnapshotColumns, machineSnapshotColumns } from './values';

type ListRequestsQuery = z.output<typeof listRequestsSchema>;
type ListQueueQuery = z.output<typeof listQueueSchema>;

const SORT_COLUMNS: Record<ChangeSortField, AnyColumn | SQL> = {
  requestNo: changeRequests.requestNo,
  submittedAt: sql`${changeRequests.submittedAt}`,
  status: changeRequests.status,
  type: changeRequests.changeType,
};

function commonConditions(f: { type?: ChangeType[]; status?: ChangeStatus[]; dateFrom?: string; dateTo?: string }, types: readonly ChangeType[]): SQL[] {
  const conditions: SQL[] = [inArray(changeRequests.changeType, [...types])];
  if (f.type?.length) conditions.push(inArray(changeRequests.changeType, f.type));
  if (f.status?.length) conditions.push(inArray(changeRequests.status, f.status));
  if (f.dateFrom) conditions.push(gte(changeRequests.submittedAt, hkDayStart(f.dateFrom)));
  if (f.dateTo) conditions.push(lt(changeRequests.submittedAt, hkDayEnd(f.dateTo)));
  return conditions;
}

const orderOf = (sort: { field: ChangeSortField; direction: 'asc' | 'desc' } | undefined, fallback: SQL[]) =>
  sort ? [(sort.direction === 'asc' ? asc : desc)(SORT_COLUMNS[sort.field]), desc(changeRequests.requestNo)] : fallback;

/**
 * What a request holds while it is open (the ids `refuseIfPending` compares): the machines of a machine-location or
 * toner-address request, the contracts of a transfer; [] otherwise.
 */
function heldIdsOf(type: ChangeType, newValue: unknown): { machineIds: string[]; contractIds: string[] } {
  const ids = (itemsOf(type, newValue)?.ids ?? []).filter((id): id is string => typeof id === 'string');
  return type === 'trans_agree' ? { machineIds: [], contractIds: ids } : { machineIds: ids, contractIds: [] };
}

/**
 * `/api/accountChanges/listRequests`: the customer's requests (tenancy from the token) of the types the caller may
 * read (`ac_chg_*_read` / `_write`), newest first; filter type[], status[], submitted from/to, reference number.
 */
export async function listRequests(ctx: CustomerContext, query: ListRequestsQuery): Promise<ChangeListResult> {
  const types = customerReadableTypes(ctx.actor.codes);
  if (types.length === 0) return { items: [], total: 0 };
  const f = query.filter ?? {};
  const conditions = [eq(changeRequests.ucpId, ctx.actor.ucpId), ...commonConditions(f, types)];
  if (f.q) conditions.push(ilikeLiteral(changeRequests.requestNo, containsPattern(f.q)));
  const q = ctx.db
    .select({ ...requestColumns, newValue: changeRequests.newValue, __total: totalCount() })
    .from(changeRequests)
    .leftJoin(userAccounts, eq(userAccounts.userAcUuid, changeRequests.submittedBy))
    .where(and(...conditions))
    .orderBy(...orderOf(query.sort, [desc(changeRequests.submittedAt), desc(changeRequests.requestNo)]));
  return paginate(q, query, (r) => ({ ...toListItem(r), ...heldIdsOf(r.type, r.newValue) }));
}

/**
 * `/api/accountChanges/listQueue`: requests of every customer for provider staff, only of the types of the caller's
 * `apv_*_read` / `_write` codes (and billing-address requests with `cac_chg_bill_addr_read`). Open requests first
 * (pending, then in progress), oldest first among them, so the queue is worked in order.
 */
export async function listQueue(ctx: ServiceContext, query: ListQueueQuery): Promise<QueueResult> {
  const types = staffReadableTypes(ctx.actor.codes);
  if (types.length === 0) return { items: [], total: 0 };
  const f = query.filter ?? {};
  const conditions = commonConditions(f, types);
  if (f.q) conditions.push(textSearch(f.q, [changeRequests.requestNo, customers.nameEn, customers.nameZh, changeRequests.ucpId]));
  const q = ctx.db
    .select({ ...requestColumns, ucpId: changeRequests.ucpId, customerNameEn: customers.nameEn, customerNameZh: customers.nameZh, __total: totalCount() })
    .from(changeRequests)
    .innerJoin(customers, eq(customers.ucpId, changeRequests.ucpId))
    .leftJoin(userAccounts, eq(userAccounts.userAcUuid, changeRequests.submittedBy))
    .where(and(...conditions))
    .orderBy(
      ...orderOf(query.sort, [
        sql`case ${changeRequests.status} when 'pending' then 0 when 'inProgress' then 1 when 'approved' then 2 else 3 end`,
        asc(changeRequests.submittedAt),
        asc(changeRequests.requestNo),
      ]),
    );
  return paginate(q, query, (r) => ({ ...toListItem(r), ucpId: r.ucpId, customerNameEn: r.customerNameEn, customerNameZh: r.customerNameZh }));
}

async function requestRow(db: Db, where: SQL) {
  const [row] = await db
    .select(detailColumns)
    .from(changeRequests)
    .leftJoin(userAccounts, eq(userAccounts.userAcUuid, changeRequests.submittedBy))
    .where(where)
    .limit(1);
  return row;
}

/** `/api/accountChanges/getRequest`: one request of the caller's customer and readable type; anything else NOT_FOUND. */
export async function getRequest(ctx: CustomerContext, id: string): Promise<ChangeDetail> {
  const types = customerReadableTypes(ctx.actor.codes);
  const row = types.length
    ? await requestRow(ctx.db, and(eq(changeRequests.id, id), eq(changeRequests.ucpId, ctx.actor.ucpId), inArray(changeRequests.changeType, types))!)
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', { message: `change request ${id} not found for ${ctx.actor.ucpId}` });
  return detailOf(ctx.db, row, { customerView: true });
}

/** `/api/accountChanges/getForReview`: one request of a type the staff user may read, with what it may do now. */
export async function getForReview(ctx: ServiceContext, id: string): Promise<ReviewDetail> {
  const types = staffReadableTypes(ctx.actor.codes);
  const row = types.length ? await requestRow(ctx.db, and(eq(changeRequests.id, id), inArray(changeRequests.changeType, types))!) : undefined;
  if (!row) throw new AppError('NOT_FOUND', { message: `change request ${id} not found` });
  const [customer] = await ctx.db.select({ nameEn: customers.nameEn, nameZh: customers.nameZh }).from(customers).where(eq(customers.ucpId, row.ucpId));
  const detail = await detailOf(ctx.db, row, { customerView: false });
  const mayAct = staffWritableTypes(ctx.actor.codes).includes(detail.type);
  return {
    ...detail,
    ucpId: row.ucpId,
    customerNameEn: customer?.nameEn ?? '',
    customerNameZh: customer?.nameZh ?? '',
    actions: mayAct ? allowedActions(detail.status) : [],
  };
}

async function attachmentFile(db: Db, requestWhere: SQL, fileId: string): Promise<FileResponseInit> {
  const [row] = await db
    .select({ requestNo: changeRequests.requestNo, fileName: storedFiles.fileName, mimeType: storedFiles.mimeType, content: storedFiles.content })
    .from(changeRequestAttachments)
    .innerJoin(changeRequests, eq(changeRequests.id, changeRequestAttachments.requestId))
    .innerJoin(storedFiles, eq(storedFiles.id, changeRequestAttachments.fileId))
    .where(and(requestWhere, eq(changeRequestAttachments.fileId, fileId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: `attachment ${fileId} not found` });
  return { fileName: `${row.requestNo}-${row.fileName}`, contentType: row.mimeType, body: row.content };
}

/** `/api/accountChanges/getAttachment`: a file of a request the customer user may open (as getRequest). */
export function getAttachment(ctx: CustomerContext, id: string, fileId: string): Promise<FileResponseInit> {
  const types = customerReadableTypes(ctx.actor.codes);
  if (!types.length) throw new AppError('NOT_FOUND', { message: 'no readable type' });
  return attachmentFile(ctx.db, and(eq(changeRequests.id, id), eq(changeRequests.ucpId, ctx.actor.ucpId), inArray(changeRequests.changeType, types))!, fileId);
}

/** `/api/accountChanges/getReviewAttachment`: a file of a request the staff user may read. */
export function getReviewAttachment(ctx: ServiceContext, id: string, fileId: string): Promise<FileResponseInit> {
  const types = staffReadableTypes(ctx.actor.codes);
  if (!types.length) throw new AppError('NOT_FOUND', { message: 'no readable type' });
  return attachmentFile(ctx.db, and(eq(changeRequests.id, id), inArray(changeRequests.changeType, types))!, fileId);
}

/**
 * `/api/accountChanges/getCurrent`: what the forms show beside the new values: the customer's record, its active
 * machines (with model and contract) when the caller may read machine or toner changes, its active contracts when it
 * may read transfers, and the types it may submit.
 */
export async function getCurrent(ctx: CustomerContext): Promise<CurrentValues> {
  const { ucpId, codes } = ctx.actor;
  const readable = customerReadableTypes(codes);
  const [c] = await ctx.db
    .select(customerProfileColumns)
    .from(customers)
    .where(eq(customers.ucpId, ucpId));
  if (!c) throw new AppError('NOT_FOUND', { message: `customer ${ucpId} not found` });
  const wantsMachines = readable.includes('machine_loc') || readable.includes('toner_addr');
  const machineRows = wantsMachines
    ? await ctx.db
        .select({ ...machineSnapshotColumns, modelNameEn: machineModels.nameEn, modelNameZh: machineModels.nameZh, contractNo: contracts.contractNo })
        .from(machines)
        .innerJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
        .leftJoin(contracts, eq(contracts.id, machines.contractId))
        .where(and(eq(machines.ucpId, ucpId), eq(machines.status, 'active')))
        .orderBy(asc(machines.serialNo))
    : [];
  const contractRows = readable.includes('trans_agree')
    ? await ctx.db
        .select(contractSnapshotColumns)
        .from(contracts)
        .where(and(eq(contracts.ucpId, ucpId), eq(contracts.status, 'active')))
        .orderBy(asc(contracts.contractNo))
    : [];
  return { customer: c, machines: machineRows, contracts: contractRows, writable: customerWritableTypes(codes) };
}
