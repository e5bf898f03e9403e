import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '@/lib/server/config';

const secrets = {
  NEXTAUTH_SECRET: 'n'.repeat(40),
  API_TOKEN_SECRET: 'a'.repeat(40),
  CONTENT_API_KEY: 'content-key-123',
};

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('with DATABASE_URL, a missing secret is a start-up error naming it (never a silent default)', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db', NEXTAUTH_SECRET: secrets.NEXTAUTH_SECRET })).toThrow(ConfigError);
    try {
      loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db', NEXTAUTH_SECRET: secrets.NEXTAUTH_SECRET });
    } catch (err) {
      expect((err as Error).message).toMatch(/API_TOKEN_SECRET, CONTENT_API_KEY are missing/);
    }
  });

  it('with DATABASE_URL and every secret set, it starts without warnings', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db', ...secrets });
    expect(config.databaseUrl).toBe('postgres://x@127.0.0.1/db');
    expect(config.warnings).toEqual([]);
    expect(config.apiTokenSecret).toBe(secrets.API_TOKEN_SECRET);
  });

  it('on the embedded database it generates the secrets once, keeps them in the data folder, and warns', () => {
    const env = { PGLITE_DIR: path.join(dir, 'pglite') };
    const first = loadConfig(env);
    expect(first.warnings.join(' ')).toMatch(/generated/);
    expect(first.apiTokenSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).API_TOKEN_SECRET).toBe(first.apiTokenSecret);
    expect(statSync(file).mode & 0o077).toBe(0);
    const second = loadConfig(env);
    expect(second.apiTokenSecret).toBe(first.apiTokenSecret);
    expect(second.nextAuthSecret).toBe(first.nextAuthSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ API_TOKEN_SECRET: 'short' }, /API_TOKEN_SECRET/],
    [{ API_TOKEN_TTL_SECONDS: '5' }, /API_TOKEN_TTL_SECONDS/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('refuses %p with a message naming the variable', (env, name) => {
    expect(() => loadConfig({ PGLITE_DIR: path.join(dir, 'pglite'), ...env })).toThrow(name);
  });

  it('the production flag follows NODE_ENV', () => {
    expect(loadConfig({ NODE_ENV: 'production', PGLITE_DIR: path.join(dir, 'p') }).isProduction).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', PGLITE_DIR: path.join(dir, 'p') }).isProduction).toBe(false);
  });
});
