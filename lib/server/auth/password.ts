import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto, no native add-on), stored as `scrypt$N$r$p$saltB64$hashB64`.
 * The parameters travel with each hash, so they can be raised later: `needsRehash` tells the sign-in flow to store a
 * fresh hash after a successful verification with older parameters.
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 64;

/**
 * Bounds for parameters read back from the database: a tampered or corrupt row must not make verification allocate
 * gigabytes or spin for minutes. N up to 2^20 (1 GiB at r=8 would be too much, so memory is capped separately).
 */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;
const MAX_MEMORY = 256 * 1024 * 1024;
/** Far above the policy's 128; only stops absurd inputs from reaching scrypt. */
const MAX_INPUT_CHARS = 4096;

/** scrypt needs 128·N·r bytes (plus a little); Node's default maxmem (32 MiB) is exactly too small for N=2^15 r=8. */
const maxmemFor = (N: number, r: number, p: number) => 128 * N * r * p + 2 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** NFKC so that the same password typed on another keyboard / IME (full-width digits, composed accents) matches. */
const normalize = (password: string) => password.normalize('NFKC');

export async function hashPassword(password: string): Promise<string> {
  if (typeof password !== 'string' || password.length === 0 || password.length > MAX_INPUT_CHARS) {
    throw new TypeError('password must be a non-empty string');
  }
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(normalize(password), salt, KEY_BYTES, { N, r, p, maxmem: maxmemFor(N, r, p) });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

type Parsed = { N: number; r: number; p: number; salt: Buffer; hash: Buffer };

const B64 = /^[A-Za-z0-9+/]+={0,2}$/;
const INT = /^[1-9][0-9]{0,9}$/;

/** Strict parse of a stored hash; null for anything malformed or outside the safe bounds. */
function parse(stored: unknown): Parsed | null {
  if (typeof stored !== 'string' || stored.length > 512) return null;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, nText, rText, pText, saltText, hashText] = parts as [string, string, string, string, string, string];
  if (!INT.test(nText) || !INT.test(rText) || !INT.test(pText)) return null;
  const N = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  // N must be a power of two > 1 (scrypt rejects anything else).
  if (N < 2 || N > MAX_N || (N & (N - 1)) !== 0 || r > MAX_R || p > MAX_P) return null;
  if (128 * N * r * p > MAX_MEMORY) return null;
  if (!B64.test(saltText) || !B64.test(hashText)) return null;
  const salt = Buffer.from(saltText, 'base64');
  const hash = Buffer.from(hashText, 'base64');
  if (salt.length < 8 || hash.length < 16 || hash.length > 128) return null;
  return { N, r, p, salt, hash };
}

/**
 * True when `password` matches `stored`. Never throws: a malformed, empty or null stored value (an account without a
 * password yet) and a non-string password are simply `false`.
 */
export async function verifyPassword(password: unknown, stored: unknown): Promise<boolean> {
  if (typeof password !== 'string' || password.length === 0 || password.length > MAX_INPUT_CHARS) return false;
  const parsed = parse(stored);
  if (!parsed) return false;
  const { N, r, p, salt, hash } = parsed;
  try {
    const key = await scrypt(normalize(password), salt, hash.length, { N, r, p, maxmem: maxmemFor(N, r, p) });
    return timingSafeEqual(key, hash);
  } catch {
    return false;
  }
}

/** True when the stored hash is unreadable or uses other parameters / sizes than the current ones. */
export function needsRehash(stored: unknown): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return (
    parsed.N !== SCRYPT_PARAMS.N ||
    parsed.r !== SCRYPT_PARAMS.r ||
    parsed.p !== SCRYPT_PARAMS.p ||
    parsed.salt.length !== SALT_BYTES ||
    parsed.hash.length !== KEY_BYTES
  );
}

/**
 * Password policy for new passwords (activation, change, reset): defined once in lib/auth/passwordRules.ts, which the
 * browser's forms use too, so the client's hints and the server's check cannot disagree. Messages are keys of the
 * `error` namespace so the client shows them translated.
 */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordSchema, type Password } from '@/lib/auth/passwordRules';
