import type { FunctionEntry } from '@/lib/permissions/canAccess';

/** What the browser session carries (spec §3 "Session"), plus the display fields the shell needs. */
export type PortalSessionFields = {
  jwtToken: string;
  functionList: FunctionEntry[];
  currentUser: { userAcUuid: string; ucpId: string | null };
  skipmfa: boolean;
  profile: {
    loginId: string;
    name: string;
    isProviderStaff: boolean;
    needsDisclaimer: boolean;
    customerCount: number;
    mfaEnabled: boolean;
    fontSize: 'S' | 'M' | 'L';
    preferredLanguage: 'en' | 'tc';
  };
  /** API token expiry, epoch seconds. */
  tokenExp: number;
};

/** Arguments of `useSession().update(...)`. */
export type SessionUpdate =
  | { ucpId: string }
  | { refresh: true }
  | { disclaimerAccepted: true }
  /** After a password change: the server revoked every older token and issued this one for the current session. */
  | { jwtToken: string };
