import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FunctionCode } from '@/lib/permissions/codes';
import { hashPassword } from '@/lib/server/auth/password';
import type { Db } from '@/lib/server/db/types';
import { userAccounts } from '@/lib/server/db/schema';
import { createMember, type CustomerRow } from '../helpers/fixtures';
import { startTestServer, testConfig, type TestServer, type TestServerOptions } from '../helpers/testServer';
import type { TestDb } from '../helpers/testDb';

/** The password of every user these tests sign in with; hashed once per file (scrypt costs ≈ 0.1 s). */
export const PASSWORD = 'Correct#Horse42';
let hashOnce: Promise<string> | undefined;
export const passwordHash = (): Promise<string> => (hashOnce ??= hashPassword(PASSWORD));

/** Keys a SessionGrant has, and nothing else (no hash, secret or password can ride along). */
export const GRANT_KEYS = [
  'customerCount',
  'fontSize',
  'functionList',
  'isProviderStaff',
  'jwtToken',
  'loginId',
  'mfaEnabled',
  'name',
  'needsDisclaimer',
  'preferredLanguage',
  'skipMfa',
  'tokenExp',
  'ucpId',
  'userAcUuid',
].sort();

/** A client address of its own per test: sign-in throttling is per address (the server trusts X-Forwarded-For here). */
export const newIp = (): string => `10.${[...randomBytes(3)].join('.')}`;

export const fromIp = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });

/** An active user with the test password, linked to a new customer with `codes`. */
export async function signInUser(
  db: Db,
  codes: readonly FunctionCode[] = ['home'],
  overrides: { user?: Partial<typeof userAccounts.$inferInsert>; customer?: Partial<CustomerRow> } = {},
): ReturnType<typeof createMember> {
  const suffix = randomBytes(4).toString('hex');
  return createMember(db, codes, {
    user: { loginId: `login-${suffix}@example.test`, passwordHash: await passwordHash(), ...overrides.user },
    customer: overrides.customer,
  });
}

export async function userRow(db: Db, userAcUuid: string) {
  const [row] = await db.select().from(userAccounts).where(eq(userAccounts.userAcUuid, userAcUuid));
  return row!;
}

/** A test server over the file's database that trusts X-Forwarded-For (one client address per test). */
export function startAuthServer(handle: TestDb, opts: TestServerOptions = {}): Promise<TestServer> {
  return startTestServer(handle, { config: testConfig({ TRUST_PROXY: '1' }), ...opts });
}

/** Fails the test when a response body carries any of these strings. */
export function expectNoSecrets(text: string, secrets: readonly (string | null | undefined)[]): void {
  for (const s of secrets) if (s) expect(text).not.toContain(s);
}
