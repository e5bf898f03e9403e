import { hashPassword, needsRehash, passwordSchema, SCRYPT_PARAMS, verifyPassword } from '@/lib/server/auth/password';

describe('password hashing (scrypt)', () => {
  let hash: string;
  beforeAll(async () => {
    hash = await hashPassword('Portal#Demo2026');
  });

  it('stores scrypt$N$r$p$salt$hash with a 16-byte salt and a 64-byte key', () => {
    const parts = hash.split('$');
    expect(parts).toHaveLength(6);
    expect(parts.slice(0, 4)).toEqual(['scrypt', String(2 ** 15), '8', '1']);
    expect(Buffer.from(parts[4]!, 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5]!, 'base64')).toHaveLength(64);
    expect(SCRYPT_PARAMS).toEqual({ N: 32768, r: 8, p: 1 });
  });

  it('verifies the right password and refuses a wrong one', async () => {
    await expect(verifyPassword('Portal#Demo2026', hash)).resolves.toBe(true);
    await expect(verifyPassword('portal#demo2026', hash)).resolves.toBe(false);
    await expect(verifyPassword('Portal#Demo2026 ', hash)).resolves.toBe(false);
  });

  it('salts every hash: the same password hashes differently and both verify', async () => {
    const again = await hashPassword('Portal#Demo2026');
    expect(again).not.toBe(hash);
    expect(again.split('$')[4]).not.toBe(hash.split('$')[4]);
    await expect(verifyPassword('Portal#Demo2026', again)).resolves.toBe(true);
  });

  it('treats the NFKC forms of a password as the same password (full-width digits from an IME)', async () => {
    const h = await hashPassword('Secret2026');
    await expect(verifyPassword('Secret２０２６', h)).resolves.toBe(true);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an empty string', ''],
    ['another scheme', 'bcrypt$2b$10$abcdefghijklmnopqrstuv'],
    ['too few fields', 'scrypt$32768$8$1$c2FsdA=='],
    ['too many fields', 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA==$x'],
    ['N not a power of two', 'scrypt$1000$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaGhhc2g='],
    ['N absurdly large', 'scrypt$1073741824$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaGhhc2g='],
    ['r zero', 'scrypt$16384$0$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaGhhc2g='],
    ['negative p', 'scrypt$16384$8$-1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaGhhc2g='],
    ['non-numeric N', 'scrypt$abc$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaGhhc2g='],
    ['salt not base64', 'scrypt$16384$8$1$!!!notbase64!!!$aGFzaGhhc2hoYXNoaGFzaGhhc2g='],
    ['empty hash', 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA==$'],
    ['hash too short', 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaA=='],
    ['a huge string', `scrypt$16384$8$1$${'A'.repeat(100_000)}$${'A'.repeat(100)}`],
  ])('returns false, without throwing, for a malformed stored value: %s', async (_label, stored) => {
    await expect(verifyPassword('Portal#Demo2026', stored)).resolves.toBe(false);
  });

  it('returns false for a non-string or empty password', async () => {
    await expect(verifyPassword(undefined, hash)).resolves.toBe(false);
    await expect(verifyPassword(12345, hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
    await expect(verifyPassword('x'.repeat(10_000), hash)).resolves.toBe(false);
  });

  it('detects a tampered hash', async () => {
    const parts = hash.split('$');
    const key = Buffer.from(parts[5]!, 'base64');
    key[0] = key[0]! ^ 1;
    parts[5] = key.toString('base64');
    await expect(verifyPassword('Portal#Demo2026', parts.join('$'))).resolves.toBe(false);
  });

  it('verifies a hash made with other (weaker) parameters and asks for a rehash', async () => {
    // A hash as an older release with N=2^14 would have stored it.
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const key = scryptSync('Portal#Demo2026', salt, 64, { N: 2 ** 14, r: 8, p: 1 });
    const old = `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    await expect(verifyPassword('Portal#Demo2026', old)).resolves.toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash('garbage')).toBe(true);
    expect(needsRehash(null)).toBe(true);
  });

  it('refuses to hash an empty or non-string password', async () => {
    await expect(hashPassword('')).rejects.toThrow(TypeError);
    await expect(hashPassword(undefined as unknown as string)).rejects.toThrow(TypeError);
  });
});

describe('passwordSchema (policy for new passwords)', () => {
  it.each([
    ['the demo password', 'Portal#Demo2026'],
    ['exactly 10 characters', 'abcdefghi1'],
    ['Chinese letters and a digit', '香港密碼香港密碼香港1'],
    ['exactly 128 characters', 'a'.repeat(120) + '12345678'],
  ])('accepts %s', (_label, pw) => {
    expect(passwordSchema.safeParse(pw).success).toBe(true);
  });

  it.each([
    ['short', 'abc123', 'password_too_short'],
    ['no digit', 'abcdefghijkl', 'password_needs_digit'],
    ['no letter', '1234567890!', 'password_needs_letter'],
    ['too long', 'a1'.repeat(65), 'password_too_long'],
  ])('refuses a password that is %s', (_label, pw, message) => {
    const result = passwordSchema.safeParse(pw);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });

  it('refuses a non-string', () => {
    expect(passwordSchema.safeParse(12345678901).success).toBe(false);
  });
});
