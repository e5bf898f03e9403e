import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import { userAccounts } from '@/lib/server/db/schema';
import type { InboxLang } from './visibility';

/** The language asked for, else the user's preferred language (a call without `lang` still reads naturally). */
export async function resolveLang(db: Db, userAcUuid: string, lang: InboxLang | undefined): Promise<InboxLang> {
  if (lang) return lang;
  const [row] = await db
    .select({ preferredLanguage: userAccounts.preferredLanguage })
    .from(userAccounts)
    .where(eq(userAccounts.userAcUuid, userAcUuid))
    .limit(1);
  return row?.preferredLanguage === 'tc' ? 'tc' : 'en';
}
