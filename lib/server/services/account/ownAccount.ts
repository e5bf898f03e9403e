import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { userAccounts } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';

/**
 * The given columns of the signed-in user's own account. The router loaded this user a moment ago; gone now means
 * deleted meanwhile: the session is over (TOKEN_EXPIRED).
 */
export async function ownAccount<F extends SelectedFields>(db: Db, userAcUuid: string, fields: F): Promise<SelectResultFields<F>> {
  // Typed by hand: with `fields` generic, drizzle's builder type does not resolve to its row array.
  const rows = (await db.select(fields).from(userAccounts).where(eq(userAccounts.userAcUuid, userAcUuid)).limit(1)) as SelectResultFields<F>[];
  const row = rows[0];
  if (!row) throw new AppError('TOKEN_EXPIRED', { message: 'user gone' });
  return row;
}
