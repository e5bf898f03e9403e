import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AppError } from '@/lib/server/errors';

/**
 * The API token (`session.jwtToken`): HS256, expiring, holding the user uuid, the current customer (ucpId) and the
 * user's token version. The API checks the version against the database on every call, so a logout or a password
 * change revokes every older token at once.
 */
export type TokenClaims = { sub: string; ucp: string | null; ver: number };

const ISSUER = 'print-portal';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
/** A customer id as the database holds them: printable, at most 64 characters; or null (none selected yet). */
const isUcpClaim = (v: unknown): v is string | null => v === null || (typeof v === 'string' && v.length > 0 && v.length <= 64 && !/[\u0000-\u001f\u007f]/.test(v));
const AUDIENCE = 'print-portal-api';

/**
 * One KeyObject per secret: jose would otherwise import a raw key on every verify, which measured 3× slower
 * (≈ 110 µs against ≈ 40 µs per token here) on the hottest path of every API call.
 */
const keyCache = new Map<string, KeyObject>();
const keyOf = (secret: string): KeyObject => {
  let key = keyCache.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keyCache.set(secret, key);
  }
  return key;
};

export async function signApiToken(claims: TokenClaims, secret: string, ttlSeconds: number): Promise<string> {
  return new SignJWT({ ucp: claims.ucp, ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keyOf(secret));
}

/**
 * Tokens whose signature and claims were already checked, per secret: a session sends the same token on every call
 * for its lifetime, and jose's WebCrypto verify (key import, a thread-pool job, a promise) was the largest single
 * cost of an API call once the identity was cached (≈ 15 % of the process's CPU under `npm run bench:api`). A token's
 * signature never changes, so remembering the verdict is safe; its expiry is checked again on every call, and
 * revocation (logout, password change, deactivation) is the token version the identity query compares, not this.
 * Bounded: the oldest entries go first.
 */
type Verified = TokenClaims & { exp: number };
const VERIFIED_MAX = 10_000;
const verified = new Map<string, Verified>();
let verifiedSecret: string | null = null;

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function verifyApiToken(token: string, secret: string): Promise<TokenClaims & { exp: number }> {
  if (verifiedSecret !== secret) {
    verified.clear();
    verifiedSecret = secret;
  }
  const known = verified.get(token);
  if (known) {
    // jose's rule: expired once now >= exp (no clock tolerance configured).
    if (known.exp <= nowSeconds()) {
      verified.delete(token);
      throw new AppError('TOKEN_EXPIRED', { message: 'token expired' });
    }
    return known;
  }
  const claims = await verifyWithJose(token, secret);
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, claims);
  return claims;
}

async function verifyWithJose(token: string, secret: string): Promise<Verified> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const { sub, ucp, ver, exp } = payload as { sub?: unknown; ucp?: unknown; ver?: unknown; exp?: unknown };
    // Signed by us, yet still checked for shape before any claim reaches SQL: a subject that is not a UUID (a token
    // signed with a leaked or test secret, or by an older format) would make PostgreSQL refuse the query (a 500).
    if (!isUuid(sub) || !Number.isSafeInteger(ver) || (ver as number) < 0 || typeof exp !== 'number' || !isUcpClaim(ucp)) {
      throw new AppError('AUTH_REQUIRED', { message: 'token claims malformed' });
    }
    return Object.freeze({ sub, ucp, ver: ver as number, exp });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', { message: 'token expired' });
    throw new AppError('AUTH_REQUIRED', { message: 'token invalid' });
  }
}

/** `Authorization: Bearer <jwt>` → the token, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  return m?.[1] ?? null;
}
