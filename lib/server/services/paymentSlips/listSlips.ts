import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { slipDownloadName, type listSlipsSchema, type SlipListItem, type SlipListResult, type SlipSortField } from '@/lib/paymentSlips/schemas';
import { paymentSlips, storedFiles, userAccounts } from '@/lib/server/db/schema';
import { canAccess } from '@/lib/permissions/canAccess';
import type { CustomerActor, CustomerContext } from '@/lib/server/context';
import type { Db, RowOf } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import type { FileResponseInit } from '@/lib/server/api/fileResponse';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import { billsOfSlips } from './common';

export type ListSlipsQuery = z.output<typeof listSlipsSchema>;

export const SLIP_SORT_COLUMNS = {
  slipNo: paymentSlips.slipNo,
  createdAt: paymentSlips.createdAt,
  paymentDate: paymentSlips.paymentDate,
  amount: paymentSlips.amountCents,
} as const satisfies Record<SlipSortField, unknown>;

/** The columns every slip row shows (customer history and staff review alike). */
export const slipColumns = {
  id: paymentSlips.id,
  slipNo: paymentSlips.slipNo,
  amountCents: paymentSlips.amountCents,
  paymentDate: paymentSlips.paymentDate,
  paymentMethod: paymentSlips.paymentMethod,
  reference: paymentSlips.reference,
  status: paymentSlips.status,
  reviewComment: paymentSlips.reviewComment,
  reviewedAt: paymentSlips.reviewedAt,
  createdAt: paymentSlips.createdAt,
  uploadedByName: userAccounts.name,
  // The file's name and type (stored_files is joined wherever slips are listed): what the file downloads as.
  storedFileName: storedFiles.fileName,
  storedMimeType: storedFiles.mimeType,
};

/** The uploader is LEFT-joined (an account deleted since reads no name). */
type SlipRow = RowOf<typeof slipColumns, 'uploadedByName'>;

export const toSlipItem = ({ storedFileName, storedMimeType, ...r }: SlipRow, billsOf: Awaited<ReturnType<typeof billsOfSlips>>): SlipListItem => ({
  ...r,
  fileName: slipDownloadName(r.slipNo, storedFileName, storedMimeType),
  paymentMethod: r.paymentMethod,
  status: r.status,
  reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
  bills: billsOf.get(r.id) ?? [],
});

/** Whose slips a caller sees: the customer's, and with `payslip_upload_read` but not `payslip_upload_read_all` (or `all`) only its own uploads. */
const scopeWhere = (actor: CustomerActor): SQL =>
  canAccess(actor.codes, ['payslip_upload_read_all'])
    ? eq(paymentSlips.ucpId, actor.ucpId)
    : and(eq(paymentSlips.ucpId, actor.ucpId), eq(paymentSlips.uploadedBy, actor.userAcUuid))!;

/**
 * `/api/paymentSlips/listSlips`: the slip history of the customer, newest first, with status, reviewer's comment
 * and the bills each slip names. `payslip_upload_read_all` sees every slip of the customer; `payslip_upload_read`
 * only the caller's own uploads.
 */
export async function listSlips({ db, actor }: CustomerContext, query: ListSlipsQuery): Promise<SlipListResult> {
  const conditions: SQL[] = [scopeWhere(actor)];
  if (query.filter?.status?.length) conditions.push(inArray(paymentSlips.status, query.filter.status));
  const where = and(...conditions);
  const sort = query.sort ?? { field: 'createdAt', direction: 'desc' };
  const dir = sort.direction === 'asc' ? asc : desc;

  const q = db
    .select({ ...slipColumns, __total: totalCount() })
    .from(paymentSlips)
    .innerJoin(storedFiles, eq(storedFiles.id, paymentSlips.fileId))
    .leftJoin(userAccounts, eq(userAccounts.userAcUuid, paymentSlips.uploadedBy))
    .where(where)
    .orderBy(dir(SLIP_SORT_COLUMNS[sort.field]), dir(paymentSlips.slipNo));
  const page = await paginate(q, query, (r) => r);
  const billsOf = await billsOfSlips(db, page.items.map((r) => r.id));
  return { items: page.items.map((r) => toSlipItem(r, billsOf)), total: page.total };
}

/** The stored file of one slip as a download; `where` decides who may see which slip. */
export async function slipFile(db: Db, where: SQL): Promise<FileResponseInit> {
  const [row] = await db
    .select({ slipNo: paymentSlips.slipNo, fileName: storedFiles.fileName, mimeType: storedFiles.mimeType, content: storedFiles.content })
    .from(paymentSlips)
    .innerJoin(storedFiles, eq(storedFiles.id, paymentSlips.fileId))
    .where(where)
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'slip file not found' });
  return { fileName: slipDownloadName(row.slipNo, row.fileName, row.mimeType), contentType: row.mimeType, body: row.content };
}

/** `/api/paymentSlips/getSlipFile`: the file of a slip the caller may see (as listSlips); else NOT_FOUND. */
export function getSlipFile({ db, actor }: CustomerContext, id: string): Promise<FileResponseInit> {
  return slipFile(db, and(eq(paymentSlips.id, id), scopeWhere(actor))!);
}
