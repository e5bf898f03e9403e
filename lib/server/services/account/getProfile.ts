import type { Db } from '@/lib/server/db/types';
import { userAccounts } from '@/lib/server/db/schema';
import { ownAccount } from '@/lib/server/services/account/ownAccount';
import { iso } from '@/lib/server/services/common';
import { preferencesOf } from '@/lib/server/services/preferences/preferenceInfo';
import type { AccountProfile } from '@/lib/account/schemas';

export type { AccountProfile } from '@/lib/account/schemas';


export async function getProfile(db: Db, userAcUuid: string): Promise<AccountProfile> {
  const row = await ownAccount(db, userAcUuid, {
    loginId: userAccounts.loginId,
    name: userAccounts.name,
    email: userAccounts.email,
    fontSize: userAccounts.fontSize,
    preferredLanguage: userAccounts.preferredLanguage,
    mfaEnabled: userAccounts.mfaEnabled,
    mfaRequired: userAccounts.mfaRequired,
    skipMfa: userAccounts.skipMfa,
    previousLoginAt: userAccounts.previousLoginAt,
    passwordChangedAt: userAccounts.passwordChangedAt,
    isProviderStaff: userAccounts.isProviderStaff,
  });
  return {
    loginId: row.loginId,
    name: row.name,
    email: row.email,
    ...preferencesOf(row),
    mfaEnabled: row.mfaEnabled,
    mfaRequired: row.mfaRequired,
    skipMfa: row.skipMfa,
    lastLoginTime: iso(row.previousLoginAt),
    passwordChangedAt: iso(row.passwordChangedAt),
    isProviderStaff: row.isProviderStaff,
  };
}
