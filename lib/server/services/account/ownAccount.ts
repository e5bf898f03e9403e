import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { userAccounts } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';

/**
 * The given columns of the signed-in user's own account. The router loaded this user a moment ago; gone now means
 * deleted meanwhile: the session is over (TOKEN_EXPIRED).
 */
export async function ownAccount<F extends SelectedFields>(db: Db, userAcUuid: string, fields: F) {
  const [row] = await db.select(fields).from(userAccounts).where(eq(userAccounts.userAcUuid, userAcUuid)).limit(1);
  if (!row) throw new AppError('TOKEN_EXPIRED', { message: 'user gone' });
  return row;
}
