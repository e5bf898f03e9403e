import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import { userAccounts } from '@/lib/server/db/schema';

/** The sign-in before the current one ("last login"), as an ISO string; null on a first sign-in. */
export async function getLastLoginTime(db: Db, userAcUuid: string): Promise<{ lastLoginTime: string | null }> {
  const [row] = await db
    .select({ previousLoginAt: userAccounts.previousLoginAt })
    .from(userAccounts)
    .where(eq(userAccounts.userAcUuid, userAcUuid))
    .limit(1);
  return { lastLoginTime: row?.previousLoginAt ? row.previousLoginAt.toISOString() : null };
}
