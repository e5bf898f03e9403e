import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/server/auth/password';
import type { ServerConfig } from '@/lib/server/config';
import type { Logger } from '@/lib/server/log';
import {
  customerNumbers,
  customers,
  siteContent,
  systemParams,
  userAccounts,
  userCustomers,
  userGroupFunctions,
  userGroupMembers,
  userGroups,
} from './schema';
import {
  DEMO_PASSWORD,
  SEED_CUSTOMERS,
  SEED_CUSTOMER_NUMBERS,
  SEED_GROUPS,
  SEED_LAST_LOGIN,
  SEED_SITE_CONTENT,
  SEED_SYSTEM_PARAMS,
  SEED_TIME,
  SEED_USERS,
} from './seedData';
import { seedAccountChanges } from './seedData/accountChanges';
import { seedAdminControls } from './seedData/adminControls';
import { seedSupport } from './seedData/support';
import { seedBilling } from './seedData/billing';
import { seedEquipment } from './seedData/equipment';
import { seedInbox } from './seedData/inbox';
import { seedMeterReadings } from './seedData/meter';
import { seedRenewals } from './seedData/renewal';
import { seedOrders } from './seedData/orders';
import { seedServiceRequests } from './seedData/serviceRequests';
import type { Db, DbHandle } from './types';

/**
 * The demo data set (docs/demo-data.md): the provider party, three Hong Kong customers, the user groups, the demo
 * accounts of DESIGN.md, the upload-size parameter and the site content, in one transaction.
 *
 * Deterministic and idempotent: every row has a fixed key and fixed timestamps, and every insert is
 * `on conflict do nothing`. A row that already exists is never touched, and the rows that hang off a parent (a
 * customer's numbers, a group's codes, a user's links and memberships) are added only when the seed created that
 * parent now, so running the seed again (SEED_DEMO=1 on every start) never undoes what an administrator changed
 * since.
 */
export type SeedCounts = {
  customers: number;
  customerNumbers: number;
  userGroups: number;
  userGroupFunctions: number;
  userAccounts: number;
  userCustomers: number;
  userGroupMembers: number;
  systemParams: number;
  siteContent: number;
};

export type SeedSummary = { inserted: SeedCounts };

export type SeedOptions = {
  /** A ready hash of the demo password (tests reuse one to skip scrypt); hashed once per run otherwise. */
  passwordHash?: string;
};

/** Serialises concurrent seeds (several instances starting with SEED_DEMO=1 on one PostgreSQL). */
const SEED_LOCK_KEY = 0x5eed_d3;

export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<SeedSummary> {
  const loginIds = SEED_USERS.map((u) => u.loginId);
  const existing = await db
    .select({ loginId: userAccounts.loginId })
    .from(userAccounts)
    .where(inArray(userAccounts.loginId, loginIds));
  // scrypt costs ≈ 0.1 s: hash once per run, and only when some account is still missing. Done before the
  // transaction so it is held as briefly as possible (PGlite has a single connection).
  const passwordHash =
    existing.length < loginIds.length ? (opts.passwordHash ?? (await hashPassword(DEMO_PASSWORD))) : null;

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);

    const newCustomers = await tx
      .insert(customers)
      .values(SEED_CUSTOMERS.map((c) => ({ ...c, status: 'active' as const, createdAt: SEED_TIME, updatedAt: SEED_TIME })))
      .onConflictDoNothing()
      .returning({ ucpId: customers.ucpId });
    const createdUcps = new Set(newCustomers.map((c) => c.ucpId));

    const numbers = SEED_CUSTOMER_NUMBERS.filter((n) => createdUcps.has(n.ucpId));
    const newNumbers = numbers.length
      ? await tx
          .insert(customerNumbers)
          .values(numbers.map((n) => ({ ...n, createdAt: SEED_TIME })))
          .onConflictDoNothing()
          .returning({ id: customerNumbers.id })
      : [];

    const newGroups = await tx
      .insert(userGroups)
      .values(
        SEED_GROUPS.map(({ codes: _codes, ...g }) => ({ ...g, status: 'active' as const, createdAt: SEED_TIME, updatedAt: SEED_TIME })),
      )
      .onConflictDoNothing()
      .returning({ id: userGroups.id, code: userGroups.code });
    const createdGroupCodes = new Set(newGroups.map((g) => g.code));
    // Look the ids up by code: a group of that code made by hand earlier keeps its own id.
    const groupRows = await tx
      .select({ id: userGroups.id, code: userGroups.code })
      .from(userGroups)
      .where(
        inArray(
          userGroups.code,
          SEED_GROUPS.map((g) => g.code),
        ),
      );
    const groupId = new Map(groupRows.map((g) => [g.code, g.id]));

    const functions = SEED_GROUPS.filter((g) => createdGroupCodes.has(g.code)).flatMap((g) =>
      g.codes.map((fnCode) => ({ groupId: groupId.get(g.code)!, fnCode })),
    );
    const newFunctions = functions.length
      ? await tx.insert(userGroupFunctions).values(functions).onConflictDoNothing().returning({ fnCode: userGroupFunctions.fnCode })
      : [];

    const newUsers = passwordHash
      ? await tx
          .insert(userAccounts)
          .values(
            SEED_USERS.map((u) => ({
              userAcUuid: u.userAcUuid,
              loginId: u.loginId,
              email: u.loginId,
              name: u.name,
              passwordHash,
              status: 'active' as const,
              isProviderStaff: u.isProviderStaff,
              mfaEnabled: u.mfaEnabled,
              mfaSecret: u.mfaSecret,
              fontSize: u.fontSize,
              preferredLanguage: u.preferredLanguage,
              // An account that has not accepted the disclaimer has never signed in: no last-login time either.
              lastLoginAt: u.disclaimerAccepted ? SEED_LAST_LOGIN : null,
              disclaimerAcceptedAt: u.disclaimerAccepted ? SEED_TIME : null,
              passwordChangedAt: SEED_TIME,
              createdAt: SEED_TIME,
              updatedAt: SEED_TIME,
            })),
          )
          .onConflictDoNothing()
          .returning({ userAcUuid: userAccounts.userAcUuid, loginId: userAccounts.loginId })
      : [];
    const createdUsers = new Map(newUsers.map((u) => [u.loginId, u.userAcUuid]));

    const links: { userAcUuid: string; ucpId: string; createdAt: Date }[] = [];
    const members: { groupId: string; userAcUuid: string; ucpId: string }[] = [];
    for (const u of SEED_USERS) {
      const uuid = createdUsers.get(u.loginId);
      if (!uuid) continue;
      for (const ucpId of new Set(u.memberships.map((m) => m.ucpId))) links.push({ userAcUuid: uuid, ucpId, createdAt: SEED_TIME });
      for (const m of u.memberships) members.push({ groupId: groupId.get(m.group)!, userAcUuid: uuid, ucpId: m.ucpId });
    }
    const newLinks = links.length
      ? await tx.insert(userCustomers).values(links).onConflictDoNothing().returning({ ucpId: userCustomers.ucpId })
      : [];
    const newMembers = members.length
      ? await tx.insert(userGroupMembers).values(members).onConflictDoNothing().returning({ ucpId: userGroupMembers.ucpId })
      : [];

    const newParams = await tx
      .insert(systemParams)
      .values(SEED_SYSTEM_PARAMS.map((p) => ({ ...p, updatedAt: SEED_TIME })))
      .onConflictDoNothing()
      .returning({ key: systemParams.paramKey });

    const newContent = await tx
      .insert(siteContent)
      .values(SEED_SITE_CONTENT.map((c) => ({ ...c, updatedAt: SEED_TIME })))
      .onConflictDoNothing()
      .returning({ kind: siteContent.kind });

    // Machine models, supplies catalogue, contracts and machines (lib/server/db/seedData/equipment.ts).
    await seedEquipment(tx);
    // Demo orders with their history, shipments and tracking events (lib/server/db/seedData/orders.ts).
    await seedOrders(tx);

    // Two years and more of meter readings (lib/server/db/seedData/meter.ts): the bills are computed from them.
    await seedMeterReadings(tx);
    // Bills with their lines (naming the readings they used), and the demo payment slips (seedData/billing.ts).
    await seedBilling(tx);
    // Renewal offers, renewals and every contract's history (lib/server/db/seedData/renewal.ts).
    await seedRenewals(tx);

    // The demo inbox (lib/server/db/seedData/inbox.ts): after the users and their customer links it delivers to.
    await seedInbox(tx);

    // Demo account-information change requests in every status (lib/server/db/seedData/accountChanges.ts).
    await seedAccountChanges(tx);

    // Staff ↔ customer assignments and promotional offers (lib/server/db/seedData/adminControls.ts).
    await seedAdminControls(tx);
    // Quick help, FAQ and useful links (lib/server/db/seedData/support.ts).
    await seedSupport(tx);
    // Demo service requests in several states, relative to now (lib/server/db/seedData/serviceRequests.ts).
    await seedServiceRequests(tx);
    // New order and slip numbers continue right after the highest one in the table (SO-2026-001294 → 001295,
    // issue 10), instead of jumping to the sequences' start (5001, 1001). The maximum is over every row, so a number
    // handed out before (a re-run of the seed) is never given again.
    await tx.execute(sql`select setval('order_no_seq', m) from (
      select max(substring(order_no from '(\\d+)$')::bigint) as m from orders where order_no ~ '^SO-\\d{4}-\\d+$'
    ) x where m is not null`);
    await tx.execute(sql`select setval('service_request_no_seq', m) from (
      select max(substring(request_no from '(\\d+)$')::bigint) as m from service_requests where request_no ~ '^SR-\\d{4}-\\d+$'
    ) x where m is not null`);
    await tx.execute(sql`select setval('payment_slip_no_seq', m) from (
      select max(substring(slip_no from '(\\d+)$')::bigint) as m from payment_slips where slip_no ~ '^PS-\\d{4}-\\d+$'
    ) x where m is not null`);

    return {
      inserted: {
        customers: newCustomers.length,
        customerNumbers: newNumbers.length,
        userGroups: newGroups.length,
        userGroupFunctions: newFunctions.length,
        userAccounts: newUsers.length,
        userCustomers: newLinks.length,
        userGroupMembers: newMembers.length,
        systemParams: newParams.length,
        siteContent: newContent.length,
      },
    };
  });
}

const insertedAnything = (s: SeedSummary) => Object.values(s.inserted).some((n) => n > 0);

/**
 * Start-up seeding (server.ts). The embedded database gets the demo data when it has no user yet, so
 * `npm start` on a fresh clone shows every screen; PostgreSQL gets it only with SEED_DEMO=1, so a real deployment
 * never receives demo accounts by accident.
 */
export async function seedIfWanted(
  handle: DbHandle,
  config: Pick<ServerConfig, 'seedDemo'>,
  log: Pick<Logger, 'info'>,
): Promise<SeedSummary | null> {
  if (handle.kind === 'pglite') {
    const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(userAccounts);
    if ((row?.n ?? 0) > 0) {
      log.info({ database: handle.kind, users: row?.n }, 'demo seed skipped: the embedded database already has users');
      return null;
    }
  } else if (!config.seedDemo) {
    log.info({ database: handle.kind }, 'demo seed skipped on PostgreSQL (set SEED_DEMO=1 to load the demo data)');
    return null;
  }
  const summary = await seedDemo(handle.db);
  log.info(
    { database: handle.kind, inserted: summary.inserted },
    insertedAnything(summary) ? 'demo data seeded (accounts: docs/demo-data.md)' : 'demo data already present: nothing inserted',
  );
  return summary;
}
