/**
 * PostgreSQL for the fault tests: each test file gets its own fresh database on the server DATABASE_URL points
 * at (created here, dropped in afterAll), so terminating backends or hammering sign-ins touches nobody else.
 * CI (CI=true, or E2E=required as .ci/run sets it) must have DATABASE_URL: there a missing one fails the suite
 * instead of skipping it.
 */
import pg from 'pg';

export const DATABASE_URL = process.env.DATABASE_URL;
export const isCi = ['1', 'true'].includes(String(process.env.CI).toLowerCase()) || process.env.E2E === 'required';

/** `describe` when PostgreSQL is available; locally without DATABASE_URL a skip with the reason in the output. */
export function describePostgres(name: string, fn: () => void): void {
  if (DATABASE_URL) {
    describe(name, fn);
    return;
  }
  if (isCi) {
    describe(name, () => {
      it('needs DATABASE_URL (required in CI)', () => {
        throw new Error('DATABASE_URL is not set: the PostgreSQL fault tests are required in CI');
      });
    });
    return;
  }
  console.warn(`[faults] SKIPPED "${name}": DATABASE_URL is not set (set it to a PostgreSQL server to run it)`);
  describe.skip(name, fn);
}

export const urlFor = (database: string): string => {
  const url = new URL(DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
};

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database; returns its name and URL. */
export async function createDatabase(label: string): Promise<{ name: string; url: string }> {
  const name = `portal_faults_${label}_${Date.now()}_${process.pid}`;
  await admin((c) => c.query(`create database "${name}"`));
  return { name, url: urlFor(name) };
}

export async function dropDatabase(name: string | undefined): Promise<void> {
  if (!name) return;
  await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
}

/** One connection to `url`, for the test's own queries (closed by the caller). */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: 'faults-test' });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}
