import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Server configuration, validated once at start-up (.env.example mirrors it). On the embedded database the secrets
 * may be absent: they are generated once and kept in the data folder, with a warning. With DATABASE_URL (a real
 * deployment) a missing secret is a start-up error, never a silent default.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PGLITE_DIR: z.string().default('.data/pglite'),
  NEXTAUTH_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  NEXTAUTH_URL: z.url().optional(),
  API_TOKEN_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  API_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(7_200),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(30_000),
  APPLICATIONINSIGHTS_CONNECTION_STRING: z.string().optional(),
  CONTENT_API_KEY: z.string().min(8).optional(),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Pacific Imaging Customer Portal <no-reply@portal.example.hk>'),
  PUBLIC_URL: z.url().optional(),
  JOBS: z.enum(['0', '1']).default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ServerConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl?: string;
  pgliteDir: string;
  nextAuthSecret: string;
  nextAuthUrl?: string;
  apiTokenSecret: string;
  apiTokenTtlSeconds: number;
  requestTimeoutMs: number;
  telemetryConnectionString?: string;
  contentApiKey: string;
  seedDemo: boolean;
  trustProxy: boolean;
  /**
   * Proxies in front of the server that append to X-Forwarded-For (0 without TRUST_PROXY). The client address is the
   * entry this many places from the right (lib/server/http.ts clientIp); entries further left are the client's own.
   */
  trustProxyHops: number;
  logLevel: string;
  /** SMTP server for outgoing mail; unset → mail is kept in the outbox (docs/mail.md). */
  smtpUrl?: string;
  mailFrom: string;
  /** The portal's public address, for links in e-mails: PUBLIC_URL, else NEXTAUTH_URL, else http://localhost:PORT. */
  publicUrl: string;
  /** Run the background jobs (mail sender, inbox delivery) in this process. */
  jobs: boolean;
  /** Warnings to log once the logger exists (generated secrets). */
  warnings: string[];
};

export class ConfigError extends Error {}

const GENERATED = ['NEXTAUTH_SECRET', 'API_TOKEN_SECRET', 'CONTENT_API_KEY'] as const;

/** Reads (or creates) `<PGLITE_DIR>/../secrets.json` for the embedded mode. */
function embeddedSecrets(pgliteDir: string): Record<(typeof GENERATED)[number], string> {
  const file = path.join(path.dirname(path.resolve(pgliteDir)), 'secrets.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    if (GENERATED.every((k) => typeof saved[k] === 'string' && saved[k].length >= 32)) {
      return saved as Record<(typeof GENERATED)[number], string>;
    }
  }
  const fresh = Object.fromEntries(GENERATED.map((k) => [k, randomBytes(32).toString('base64url')])) as Record<
    (typeof GENERATED)[number],
    string
  >;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600 });
  return fresh;
}

export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.TRUST_PROXY_HOPS !== undefined && e.TRUST_PROXY !== '1') {
    throw new ConfigError('Invalid configuration:\n  TRUST_PROXY_HOPS: set TRUST_PROXY=1 too (without it no forwarding header is trusted)');
  }
  const warnings: string[] = [];
  let nextAuthSecret = e.NEXTAUTH_SECRET;
  let apiTokenSecret = e.API_TOKEN_SECRET;
  let contentApiKey = e.CONTENT_API_KEY;
  if (e.DATABASE_URL) {
    const missing = (['NEXTAUTH_SECRET', 'API_TOKEN_SECRET', 'CONTENT_API_KEY'] as const).filter((k) => !e[k]);
    if (missing.length) {
      throw new ConfigError(
        `DATABASE_URL is set (a real deployment) but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing. ` +
          'Set them in the environment (see .env.example); they are never generated for PostgreSQL.',
      );
    }
  } else if (!nextAuthSecret || !apiTokenSecret || !contentApiKey) {
    const saved = embeddedSecrets(e.PGLITE_DIR);
    nextAuthSecret ??= saved.NEXTAUTH_SECRET;
    apiTokenSecret ??= saved.API_TOKEN_SECRET;
    contentApiKey ??= saved.CONTENT_API_KEY;
    warnings.push(
      `Secrets not set in the environment: using ones generated for the embedded database in ${path.dirname(
        path.resolve(e.PGLITE_DIR),
      )}/secrets.json. Set NEXTAUTH_SECRET, API_TOKEN_SECRET and CONTENT_API_KEY for a real deployment.`,
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    nextAuthSecret: nextAuthSecret!,
    nextAuthUrl: e.NEXTAUTH_URL,
    apiTokenSecret: apiTokenSecret!,
    apiTokenTtlSeconds: e.API_TOKEN_TTL_SECONDS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    telemetryConnectionString: e.APPLICATIONINSIGHTS_CONNECTION_STRING || undefined,
    contentApiKey: contentApiKey!,
    seedDemo: e.SEED_DEMO === '1',
    trustProxy: e.TRUST_PROXY === '1',
    trustProxyHops: e.TRUST_PROXY === '1' ? (e.TRUST_PROXY_HOPS ?? 1) : 0,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? e.NEXTAUTH_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jobs: e.JOBS === '1',
    warnings,
  };
}
