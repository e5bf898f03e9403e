import { asc, eq } from 'drizzle-orm';
import type { ChangeType } from '@/lib/accountChanges/constants';
import { VALUE_SCHEMAS, type ChangeAttachment, type ChangeDetail, type ChangeEvent, type ChangeListItem, type ChangeValues } from '@/lib/accountChanges/schemas';
import { changeRequestAttachments, changeRequestEvents, changeRequests, storedFiles, userAccounts } from '@/lib/server/db/schema';
import type { Db, RowOf } from '@/lib/server/db/types';

/** The columns every list and detail reads. */
export const requestColumns = {
  id: changeRequests.id,
  requestNo: changeRequests.requestNo,
  type: changeRequests.changeType,
  status: changeRequests.status,
  channelSource: changeRequests.channelSource,
  submittedAt: changeRequests.submittedAt,
  submittedByName: userAccounts.name,
  reviewerComment: changeRequests.reviewerComment,
  updatedAt: changeRequests.updatedAt,
};

/** The submitter is LEFT-joined (an account deleted since reads no name). */
type RequestRow = RowOf<typeof requestColumns, 'submittedByName'>;

export const toListItem = (r: RequestRow): ChangeListItem => ({
  id: r.id,
  requestNo: r.requestNo,
  type: r.type,
  status: r.status,
  channelSource: 'W',
  submittedAt: r.submittedAt.toISOString(),
  submittedByName: r.submittedByName,
  reviewerComment: r.reviewerComment,
  updatedAt: r.updatedAt.toISOString(),
});

/** The stored JSON read back through its type's schemas: a row written by any other path cannot reach the screen untyped. */
export function parseValues(type: ChangeType, oldValue: unknown, newValue: unknown): ChangeValues {
  const schemas = VALUE_SCHEMAS[type];
  return { type, oldValue: schemas.old.parse(oldValue), newValue: schemas.new.parse(newValue) } as ChangeValues;
}

export async function historyOf(db: Db, requestId: string): Promise<ChangeEvent[]> {
  const rows = await db
    .select({
      at: changeRequestEvents.at,
      fromStatus: changeRequestEvents.fromStatus,
      toStatus: changeRequestEvents.toStatus,
      actorName: userAccounts.name,
      byProvider: changeRequestEvents.byProvider,
      comment: changeRequestEvents.comment,
    })
    .from(changeRequestEvents)
    .leftJoin(userAccounts, eq(userAccounts.userAcUuid, changeRequestEvents.actorUuid))
    .where(eq(changeRequestEvents.requestId, requestId))
    .orderBy(asc(changeRequestEvents.at), asc(changeRequestEvents.id));
  return rows.map((r) => ({
    at: r.at.toISOString(),
    fromStatus: (r.fromStatus) ?? null,
    toStatus: r.toStatus,
    actorName: r.actorName,
    byProvider: r.byProvider,
    comment: r.comment,
  }));
}

export async function attachmentsOf(db: Db, requestId: string): Promise<ChangeAttachment[]> {
  const rows = await db
    .select({ fileId: storedFiles.id, kind: changeRequestAttachments.kind, fileName: storedFiles.fileName, mimeType: storedFiles.mimeType, sizeBytes: storedFiles.sizeBytes })
    .from(changeRequestAttachments)
    .innerJoin(storedFiles, eq(storedFiles.id, changeRequestAttachments.fileId))
    .where(eq(changeRequestAttachments.requestId, requestId))
    .orderBy(asc(storedFiles.createdAt));
  return rows.map((r) => ({ ...r, kind: r.kind, sizeBytes: Number(r.sizeBytes) }));
}

/** A full request row with its values, history and attachments (the caller decides who may see it). */
export async function detailOf(
  db: Db,
  row: RequestRow & { oldValue: unknown; newValue: unknown; effectiveDate: string | null },
  opts: { customerView: boolean },
): Promise<ChangeDetail> {
  const history = await historyOf(db, row.id);
  return {
    ...toListItem(row),
    ...parseValues(row.type, row.oldValue, row.newValue),
    effectiveDate: row.effectiveDate,
    attachments: await attachmentsOf(db, row.id),
    // Customers see that the provider took a step, not which staff member did.
    history: opts.customerView ? history.map((e) => (e.byProvider ? { ...e, actorName: null } : e)) : history,
  };
}

export const detailColumns = {
  ...requestColumns,
  ucpId: changeRequests.ucpId,
  oldValue: changeRequests.oldValue,
  newValue: changeRequests.newValue,
  effectiveDate: changeRequests.effectiveDate,
};
