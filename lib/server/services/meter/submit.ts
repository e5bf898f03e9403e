import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SubmitReadingsResult } from '@/lib/meter/schemas';
import { submitReadingsSchema } from '@/lib/meter/schemas';
import { COUNTER_PHOTO_TYPES } from '@/lib/meter/constants';
import type { z } from 'zod';
import { inTransaction, type CustomerContext } from '@/lib/server/context';
import { machines, meterReadings, meterSubmissions, storedFiles } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';
import { replayedOr } from '@/lib/server/services/common';
import { checkRows } from './check';

type SubmitInput = z.output<typeof submitReadingsSchema>;

/** `rows.N` → the issue codes of that row (N from 0, the order sent), for the form to show per row. */
function fieldsOf(rows: { issues: { code: string; severity: string }[] }[], severity: 'error' | 'warning'): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  rows.forEach((r, i) => {
    const codes = r.issues.filter((x) => x.severity === severity).map((x) => `meter:issues.${x.code}`);
    if (codes.length) fields[`rows.${i}`] = codes;
  });
  return fields;
}

/**
 * Saves a submission of readings, all or nothing (docs/contracts-and-meters.md): the rows are checked again inside
 * the transaction; any error refuses all of them, unconfirmed warnings too. The idempotency key is claimed first: a
 * replay (double click, retry after a time-out) answers the first submission and records nothing.
 */
export async function submitReadings(ctx: CustomerContext, input: SubmitInput): Promise<SubmitReadingsResult> {
  return inTransaction(ctx, async (tx) => {
    const replay = async (): Promise<SubmitReadingsResult | null> => {
      const [prior] = await tx.db
        .select({ id: meterSubmissions.id, count: meterSubmissions.readingCount })
        .from(meterSubmissions)
        .where(and(eq(meterSubmissions.ucpId, ctx.actor.ucpId), eq(meterSubmissions.idempotencyKey, input.idempotencyKey)));
      return prior ? { submissionId: prior.id, count: prior.count, replayed: true } : null;
    };
    // The key is claimed before anything is checked: a concurrent request with the same key waits on this insert until
    // the first commits (and then answers it as a replay) or fails (and then goes ahead itself). Checking first let
    // the second request see the first's readings, just committed, and refuse them as duplicates (400 on a double
    // submit, PostgreSQL only: PGlite runs one transaction at a time).
    const [submission] = await tx.db
      .insert(meterSubmissions)
      .values({ ucpId: ctx.actor.ucpId, submittedBy: ctx.actor.userAcUuid, channel: input.channel, idempotencyKey: input.idempotencyKey, readingCount: input.rows.length, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ id: meterSubmissions.id });
    if (!submission) return replayedOr(replay, 'CONFLICT');

    // The machines named are locked (in id order) before their readings are read: another submission for one of them
    // (two users of the customer, two tabs) waits here until this one commits, then is checked against its readings.
    // Without it both were checked against the readings stored before either saved, and on PostgreSQL both were saved
    // (a counter lower than the day before's). NO KEY UPDATE: the readings' foreign keys on the machine are not held up.
    const serials = [...new Set(input.rows.map((r) => r.serialNo.trim().toUpperCase()))];
    await tx.db
      .select({ id: machines.id })
      .from(machines)
      .where(and(eq(machines.ucpId, ctx.actor.ucpId), inArray(sql`upper(${machines.serialNo})`, serials)))
      .orderBy(asc(machines.id))
      .for('no key update');

    const result = await checkRows(tx, input.rows);
    if (result.errorCount > 0) throw new AppError('METER_READINGS_INVALID', { fields: fieldsOf(result.rows, 'error') });
    if (result.warningCount > 0 && !input.confirmWarnings) throw new AppError('METER_CONFIRM_REQUIRED', { fields: fieldsOf(result.rows, 'warning') });

    const photoIds = [...new Set(input.rows.flatMap((r) => (r.photoFileId ? [r.photoFileId] : [])))];
    if (photoIds.length) {
      const own = await tx.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        // A photo this customer uploaded (JPEG or PNG, as uploadPhoto takes): any other file of theirs (a payment slip's
        // PDF) would be shown to staff as the reading's counter photo.
        .where(and(inArray(storedFiles.id, photoIds), eq(storedFiles.ucpId, ctx.actor.ucpId), inArray(storedFiles.mimeType, [...COUNTER_PHOTO_TYPES])));
      if (own.length !== photoIds.length) throw new AppError('NOT_FOUND', { publicMessage: 'Counter photo not found' });
    }

    const inserted = await tx.db
      .insert(meterReadings)
      .values(
        result.rows.map((r) => ({
          machineId: r.machineId!,
          ucpId: ctx.actor.ucpId,
          readingDate: r.readingDate,
          monoCounter: r.monoCounter,
          colourCounter: r.colourCounter,
          source: 'web' as const,
          status: r.issues.some((x) => x.code === 'JUMP_WARNING') ? ('confirmed' as const) : ('accepted' as const),
          submissionId: submission.id,
          photoFileId: r.photoFileId ?? null,
          enteredBy: ctx.actor.userAcUuid,
          createdAt: ctx.now(),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: meterReadings.id });
    // Another submission saved a reading for the same machine and day meanwhile: all or nothing.
    if (inserted.length !== result.rows.length) throw new AppError('CONFLICT', { publicMessage: 'A reading for the same machine and day was just saved' });
    return { submissionId: submission.id, count: inserted.length, replayed: false };
  });
}
