import type { PreferenceInfo, SessionGrant } from '@/lib/auth/schemas';
import type { GroupCode } from './groups';
import { GROUP } from './groups';
import { DEMO_UCP, PROVIDER_UCP_ID } from './customers';
import { seedId } from './ids';

/** The one password of every demo account (DESIGN.md, README, docs/demo-data.md). */
export const DEMO_PASSWORD = 'Portal#Demo2026';
/** TOTP secret of mfa@demo.hk, published in the README so anyone can add it to an authenticator app. */
export const DEMO_MFA_SECRET = 'JBSWY3DPEHPK3PXP';

/** Fixed times keep seeded rows identical from one database to the next. */
export const SEED_TIME = new Date('2026-01-05T01:00:00.000Z');
export const SEED_LAST_LOGIN = new Date('2026-01-20T01:15:00.000Z');

export type SeedMembership = { ucpId: string; group: GroupCode };

/** A demo account: who it is as a session names it, its preferences, and what the seed gives it. */
export type SeedUser = Pick<SessionGrant, 'userAcUuid' | 'loginId' | 'name' | 'isProviderStaff' | 'mfaEnabled'> &
  PreferenceInfo & {
    mfaSecret: string | null;
    /** False only for viewer@demo.hk, so the first-sign-in disclaimer can be shown. */
    disclaimerAccepted: boolean;
    /** Customers the user may act for, with the groups held for each (membership is per user and customer). */
    memberships: readonly SeedMembership[];
  };

const userId = (n: number): string => seedId('0001', n);

/** A demo account: the usual settings (no MFA, English, medium font, disclaimer accepted) and what differs. */
const user = (n: number, loginId: string, name: string, memberships: readonly SeedMembership[], differs: Partial<SeedUser> = {}): SeedUser => ({
  userAcUuid: userId(n),
  loginId,
  name,
  isProviderStaff: false,
  mfaEnabled: false,
  mfaSecret: null,
  preferredLanguage: 'en',
  fontSize: 'M',
  disclaimerAccepted: true,
  memberships,
  ...differs,
});

/** A provider staff account: member of one provider group. */
const staff = (n: number, loginId: string, name: string, group: GroupCode, differs: Partial<SeedUser> = {}): SeedUser =>
  user(n, loginId, name, [{ ucpId: PROVIDER_UCP_ID, group }], { isProviderStaff: true, ...differs });

export const SEED_USERS: readonly SeedUser[] = [
  user(1, 'customer@demo.hk', 'Chan Tai Man', [{ ucpId: DEMO_UCP.harbourView, group: GROUP.custAdmin }]),
  user(
    2,
    'multi@demo.hk',
    'Wong Siu Ming',
    [
      { ucpId: DEMO_UCP.lungCheong, group: GROUP.custAdmin },
      { ucpId: DEMO_UCP.sunrise, group: GROUP.custViewer },
    ],
    { preferredLanguage: 'tc' },
  ),
  user(3, 'viewer@demo.hk', 'Lee Ka Yan', [{ ucpId: DEMO_UCP.harbourView, group: GROUP.custViewer }], { fontSize: 'L', disclaimerAccepted: false }),
  user(4, 'mfa@demo.hk', 'Cheung Wing Sze', [{ ucpId: DEMO_UCP.sunrise, group: GROUP.custAdmin }], { mfaEnabled: true, mfaSecret: DEMO_MFA_SECRET }),
  staff(5, 'admin@demo.hk', 'Ho Chi Keung', GROUP.providerAdmin),
  staff(6, 'staff@demo.hk', 'Lam Mei Ling', GROUP.billApprover, { preferredLanguage: 'tc' }),
  staff(7, 'ops@demo.hk', 'Ng Kwok Wai', GROUP.super),
  staff(8, 'credit@demo.hk', 'Tsang Wai Kit', GROUP.creditControl),
  staff(9, 'auditor@demo.hk', 'Yip Hoi Yan', GROUP.auditor),
];

/** A demo account by its login id (the other seed files name the demo accounts as docs/demo-data.md does). */
export function seedUser(loginId: string): SeedUser {
  const user = SEED_USERS.find((u) => u.loginId === loginId);
  if (!user) throw new Error(`seed: no demo user ${loginId}`);
  return user;
}

/** The account id of a demo user, by login id. */
export const seedUserUuid = (loginId: string): string => seedUser(loginId).userAcUuid;
