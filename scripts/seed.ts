/**
 * `npm run db:seed`: migrates, then loads the demo data set (docs/demo-data.md). Run by hand it always seeds, on
 * PGlite or PostgreSQL alike (SEED_DEMO only governs what the server does at start-up). Idempotent: a second run
 * inserts nothing. Like db:migrate, it refuses to open an embedded folder that a running server is using.
 */
import { sql } from 'drizzle-orm';
import { seedDemo, type SeedCounts } from '@/lib/server/db/seed';
import { describeDatabase, runDatabaseScript } from './lib/database';
import { queryRows } from '@/lib/server/db/rows';

const TABLES: Record<keyof SeedCounts, string> = {
  customers: 'customers',
  customerNumbers: 'customer_numbers',
  userGroups: 'user_groups',
  userGroupFunctions: 'user_group_functions',
  userAccounts: 'user_accounts',
  userCustomers: 'user_customers',
  userGroupMembers: 'user_group_members',
  systemParams: 'system_params',
  siteContent: 'site_content',
};

runDatabaseScript('npm run db:seed', async (handle, config) => {
  const { inserted } = await seedDemo(handle.db);
  const rows = [];
  for (const [key, table] of Object.entries(TABLES) as [keyof SeedCounts, string][]) {
    const [count] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    const total = count?.n ?? 0;
    rows.push({ table, inserted: inserted[key], total });
  }
  console.log(`demo data on ${describeDatabase(handle, config)}:`);
  console.table(rows);
  console.log('accounts and password: docs/demo-data.md');
});
