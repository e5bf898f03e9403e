import type { GroupCode } from './groups';
import { GROUP } from './groups';
import { DEMO_UCP, PROVIDER_UCP_ID } from './customers';

/** The one password of every demo account (DESIGN.md, README, docs/demo-data.md). */
export const DEMO_PASSWORD = 'Portal#Demo2026';
/** TOTP secret of mfa@demo.hk, published in the README so anyone can add it to an authenticator app. */
export const DEMO_MFA_SECRET = 'JBSWY3DPEHPK3PXP';

/** Fixed times keep seeded rows identical from one database to the next. */
export const SEED_TIME = new Date('2026-01-05T01:00:00.000Z');
export const SEED_LAST_LOGIN = new Date('2026-01-20T01:15:00.000Z');

export type SeedMembership = { ucpId: string; group: GroupCode };

export type SeedUser = {
  userAcUuid: string;
  loginId: string;
  name: string;
  isProviderStaff: boolean;
  mfaEnabled: boolean;
  mfaSecret: string | null;
  preferredLanguage: 'en' | 'tc';
  fontSize: 'S' | 'M' | 'L';
  /** False only for viewer@demo.hk, so the first-sign-in disclaimer can be shown. */
  disclaimerAccepted: boolean;
  /** Customers the user may act for, with the groups held for each (membership is per user and customer). */
  memberships: readonly SeedMembership[];
};

export const SEED_USERS: readonly SeedUser[] = [
  {
    userAcUuid: '5eed0001-0000-4000-8000-000000000001',
    loginId: 'customer@demo.hk',
    name: 'Chan Tai Man',
    isProviderStaff: false,
    mfaEnabled: false,
    mfaSecret: null,
    preferredLanguage: 'en',
    fontSize: 'M',
    disclaimerAccepted: true,
    memberships: [{ ucpId: DEMO_UCP.harbourView, group: GROUP.custAdmin }],
  },
  {
    userAcUuid: '5eed0001-0000-4000-8000-000000000002',
    loginId: 'multi@demo.hk',
    name: 'Wong Siu Ming',
    isProviderStaff: false,
    mfaEnabled: false,
    mfaSecret: null,
    preferredLanguage: 'tc',
    fontSize: 'M',
    disclaimerAccepted: true,
    memberships: [
      { ucpId: DEMO_UCP.lungCheong, group: GROUP.custAdmin },
      { ucpId: DEMO_UCP.sunrise, group: GROUP.custViewer },
    ],
  },
  {
    userAcUuid: '5eed0001-0000-4000-8000-000000000003',
    loginId: 'viewer@demo.hk',
    name: 'Lee Ka Yan',
    isProviderStaff: false,
    mfaEnabled: false,
    mfaSecret: null,
    preferredLanguage: 'en',
    fontSize: 'L',
    disclaimerAccepted: false,
    memberships: [{ ucpId: DEMO_UCP.harbourView, group: GROUP.custViewer }],
  },
  {
    userAcUuid: '5eed0001-0000-4000-8000-000000000004',
    loginId: 'mfa@demo.hk',
    name: 'Cheung Wing Sze',
    isProviderStaff: false,
    mfaEnabled: true,
    mfaSecret: DEMO_MFA_SECRET,
    preferredLanguage: 'en',
    fontSize: 'M',
    disclaimerAccepted: true,
    memberships: [{ ucpId: DEMO_UCP.sunrise, group: GROUP.custAdmin }],
  },
  {
    userAcUuid: '5eed0001-0000-4000-8000-000000000005',
    loginId: 'admin@demo.hk',
    name: 'Ho Chi Keung',
    isProviderStaff: true,
    mfaEnabled: false,
    mfaSecret: null,
    preferredLanguage: 'en',
    fontSize: 'M',
    disclaimerAccepted: true,
    memberships: [{ ucpId: PROVIDER_UCP_ID, group: GROUP.providerAdmin }],
  },
  {
    userAcUuid: '5eed0001-0000-4000-8000-000000000006',
    loginId: 'staff@demo.hk',
    name: 'Lam Mei Ling',
    isProviderStaff: true,
    mfaEnabled: false,
    mfaSecret: null,
    preferredLanguage: 'tc',
    fontSize: 'M',
    disclaimerAccepted: true,
    memberships: [{ ucpId: PROVIDER_UCP_ID, group: GROUP.billApprover }],
  },
  {
    userAcUuid: '5eed0001-0000-4000-8000-000000000007',
    loginId: 'ops@demo.hk',
    name: 'Ng Kwok Wai',
    isProviderStaff: true,
    mfaEnabled: false,
    mfaSecret: null,
    preferredLanguage: 'en',
    fontSize: 'M',
    disclaimerAccepted: true,
    memberships: [{ ucpId: PROVIDER_UCP_ID, group: GROUP.super }],
  },
  {
    userAcUuid: '5eed0001-0000-4000-8000-000000000008',
    loginId: 'credit@demo.hk',
    name: 'Tsang Wai Kit',
    isProviderStaff: true,
    mfaEnabled: false,
    mfaSecret: null,
    preferredLanguage: 'en',
    fontSize: 'M',
    disclaimerAccepted: true,
    memberships: [{ ucpId: PROVIDER_UCP_ID, group: GROUP.creditControl }],
  },
  {
    userAcUuid: '5eed0001-0000-4000-8000-000000000009',
    loginId: 'auditor@demo.hk',
    name: 'Yip Hoi Yan',
    isProviderStaff: true,
    mfaEnabled: false,
    mfaSecret: null,
    preferredLanguage: 'en',
    fontSize: 'M',
    disclaimerAccepted: true,
    memberships: [{ ucpId: PROVIDER_UCP_ID, group: GROUP.auditor }],
  },
];
