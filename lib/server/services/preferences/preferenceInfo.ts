import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import { userAccounts } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';
import { ownAccount } from '@/lib/server/services/account/ownAccount';

import { FONT_SIZES, type PreferenceInfo } from '@/lib/auth/schemas';

export { FONT_SIZES, LANGUAGES, type PreferenceInfo } from '@/lib/auth/schemas';

/** The stored font size and language as the portal knows them (anything else reads as the defaults, M and en). */
export const preferencesOf = (row: { fontSize: string; preferredLanguage: string }): PreferenceInfo => ({
  fontSize: (FONT_SIZES as readonly string[]).includes(row.fontSize) ? (row.fontSize as PreferenceInfo['fontSize']) : 'M',
  preferredLanguage: row.preferredLanguage === 'tc' ? 'tc' : 'en',
});

export async function getPreferenceInfo(db: Db, userAcUuid: string): Promise<PreferenceInfo> {
  return preferencesOf(await ownAccount(db, userAcUuid, { fontSize: userAccounts.fontSize, preferredLanguage: userAccounts.preferredLanguage }));
}

/** Saves the given fields only; returns what is stored afterwards. */
export async function savePreferenceInfo(db: Db, userAcUuid: string, input: Partial<PreferenceInfo>): Promise<PreferenceInfo> {
  const [row] = await db
    .update(userAccounts)
    .set({
      ...(input.fontSize ? { fontSize: input.fontSize } : {}),
      ...(input.preferredLanguage ? { preferredLanguage: input.preferredLanguage } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(userAccounts.userAcUuid, userAcUuid))
    .returning({ fontSize: userAccounts.fontSize, preferredLanguage: userAccounts.preferredLanguage });
  if (!row) throw new AppError('TOKEN_EXPIRED', { message: 'user gone' });
  return preferencesOf(row);
}
