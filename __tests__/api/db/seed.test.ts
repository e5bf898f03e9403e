import { asc, sql } from 'drizzle-orm';
import pino from 'pino';
import { ADMIN_CODES, CUSTOMER_CODES, FUNCTION_CODES } from '@/lib/permissions/codes';
import { loadPrincipal } from '@/lib/server/auth/principal';
import { verifyPassword } from '@/lib/server/auth/password';
import * as schema from '@/lib/server/db/schema';
import { seedDemo, seedIfWanted, type SeedSummary } from '@/lib/server/db/seed';
import { DEMO_MFA_SECRET, DEMO_PASSWORD, DEMO_UCP, PROVIDER_UCP_ID, SEED_USERS } from '@/lib/server/db/seedData';
import type { Db } from '@/lib/server/db/types';
import { getUploadFileSize } from '@/lib/server/services/systemParam/getUploadFileSize';
import { createTestDb, describeEachDb } from '../helpers/testDb';
import { queryRows } from '@/lib/server/db/rows';

const silent = pino({ level: 'silent' });


/** The function codes a user holds for one customer, straight from the tables (as loadPrincipal reads them). */
async function codesFor(db: Db, loginId: string, ucpId: string): Promise<string[]> {
  const rows = await queryRows<{ fn_code: string }>(db, sql`
    select distinct f.fn_code from user_accounts u
      join user_group_members m on m.user_ac_uuid = u.user_ac_uuid and m.ucp_id = ${ucpId}
      join user_groups g on g.id = m.group_id and g.status = 'active'
      join user_group_functions f on f.group_id = g.id
    where u.login_id = ${loginId} order by f.fn_code`);
  return rows.map((r) => r.fn_code);
}

async function customersOf(db: Db, loginId: string): Promise<string[]> {
  const rows = await queryRows<{ ucp_id: string }>(db, sql`
    select uc.ucp_id from user_customers uc join user_accounts u on u.user_ac_uuid = uc.user_ac_uuid
    where u.login_id = ${loginId} order by uc.ucp_id`);
  return rows.map((r) => r.ucp_id);
}

/** Every row of every seeded table, in a stable order: equal dumps mean the database did not change. */
async function dump(db: Db) {
  return {
    customers: await db.select().from(schema.customers).orderBy(asc(schema.customers.ucpId)),
    customerNumbers: await db.select().from(schema.customerNumbers).orderBy(asc(schema.customerNumbers.id)),
    userGroups: await db.select().from(schema.userGroups).orderBy(asc(schema.userGroups.id)),
    userGroupFunctions: await db
      .select()
      .from(schema.userGroupFunctions)
      .orderBy(asc(schema.userGroupFunctions.groupId), asc(schema.userGroupFunctions.fnCode)),
    userAccounts: await db.select().from(schema.userAccounts).orderBy(asc(schema.userAccounts.userAcUuid)),
    userCustomers: await db.select().from(schema.userCustomers).orderBy(asc(schema.userCustomers.userAcUuid), asc(schema.userCustomers.ucpId)),
    userGroupMembers: await db
      .select()
      .from(schema.userGroupMembers)
      .orderBy(asc(schema.userGroupMembers.groupId), asc(schema.userGroupMembers.userAcUuid), asc(schema.userGroupMembers.ucpId)),
    systemParams: await db.select().from(schema.systemParams).orderBy(asc(schema.systemParams.paramKey)),
    siteContent: await db.select().from(schema.siteContent).orderBy(asc(schema.siteContent.kind), asc(schema.siteContent.lang)),
  };
}

const sorted = (codes: readonly string[]) => [...new Set(codes)].sort();

describeEachDb('demo seed', (getHandle, kind) => {
  let first: SeedSummary;
  beforeAll(async () => {
    first = await seedDemo(getHandle().db);
  });

  it('inserts the demo data set on an empty database', () => {
    expect(first.inserted).toEqual({
      customers: 4,
      customerNumbers: 9,
      userGroups: 7,
      userGroupFunctions: expect.any(Number),
      userAccounts: 9,
      userCustomers: 10,
      userGroupMembers: 10,
      systemParams: 1,
      siteContent: 10,
    });
  });

  it('gives every function code of spec §6 to at least one active group that has a member', async () => {
    const rows = await queryRows<{ fn_code: string }>(getHandle().db, sql`
      select distinct f.fn_code from user_group_functions f
        join user_groups g on g.id = f.group_id and g.status = 'active'
      where exists (select 1 from user_group_members m where m.group_id = g.id)`);
    const held = new Set(rows.map((r) => r.fn_code));
    expect(FUNCTION_CODES.filter((c) => !held.has(c))).toEqual([]);
    // …and nothing that is not a function code.
    expect([...held].filter((c) => !(FUNCTION_CODES as readonly string[]).includes(c))).toEqual([]);
  });

  it('creates every demo account, active, with the published password', async () => {
    const rows = await getHandle().db.select().from(schema.userAccounts);
    expect(rows.map((r) => r.loginId).sort()).toEqual(
      ['admin@demo.hk', 'auditor@demo.hk', 'credit@demo.hk', 'customer@demo.hk', 'mfa@demo.hk', 'multi@demo.hk', 'ops@demo.hk', 'staff@demo.hk', 'viewer@demo.hk'],
    );
    for (const row of rows) {
      expect(row.status).toBe('active');
      expect(row.email).toBe(row.loginId);
      await expect(verifyPassword(DEMO_PASSWORD, row.passwordHash)).resolves.toBe(true);
    }
    await expect(verifyPassword('wrong-password-1', rows[0]!.passwordHash)).resolves.toBe(false);
  });

  it('customer@demo.hk holds every customer code for its one customer', async () => {
    const db = getHandle().db;
    expect(await customersOf(db, 'customer@demo.hk')).toEqual([DEMO_UCP.harbourView]);
    expect(await codesFor(db, 'customer@demo.hk', DEMO_UCP.harbourView)).toEqual(sorted(CUSTOMER_CODES));
  });

  it('multi@demo.hk acts for two customers, with different codes for each', async () => {
    const db = getHandle().db;
    expect(await customersOf(db, 'multi@demo.hk')).toEqual([DEMO_UCP.lungCheong, DEMO_UCP.sunrise].sort());
    const admin = await codesFor(db, 'multi@demo.hk', DEMO_UCP.lungCheong);
    const viewer = await codesFor(db, 'multi@demo.hk', DEMO_UCP.sunrise);
    expect(admin).toEqual(sorted(CUSTOMER_CODES));
    expect(viewer).toEqual(await codesFor(db, 'viewer@demo.hk', DEMO_UCP.harbourView));
    expect(viewer).not.toEqual(admin);
    expect(viewer.some((c) => c.endsWith('_write'))).toBe(false);
  });

  it('viewer@demo.hk has home and read codes only: no _write, no uploads, and has not accepted the disclaimer', async () => {
    const db = getHandle().db;
    const codes = await codesFor(db, 'viewer@demo.hk', DEMO_UCP.harbourView);
    expect(codes).toContain('home');
    expect(codes).toContain('mgt_bills_read');
    expect(codes).toContain('meter_history_read');
    expect(codes.filter((c) => c.endsWith('_write'))).toEqual([]);
    expect(codes.filter((c) => c.startsWith('payslip_upload_') || c.startsWith('meter_upload_'))).toEqual([]);
    expect(codes.every((c) => (CUSTOMER_CODES as readonly string[]).includes(c))).toBe(true);
    const users = await db.select().from(schema.userAccounts);
    for (const u of users) {
      if (u.loginId === 'viewer@demo.hk') expect(u.disclaimerAcceptedAt).toBeNull();
      else expect(u.disclaimerAcceptedAt).toBeInstanceOf(Date);
    }
  });

  it('mfa@demo.hk has TOTP on with the published secret; nobody else has', async () => {
    const users = await getHandle().db.select().from(schema.userAccounts);
    for (const u of users) {
      if (u.loginId === 'mfa@demo.hk') {
        expect(u.mfaEnabled).toBe(true);
        expect(u.mfaSecret).toBe(DEMO_MFA_SECRET);
      } else {
        expect(u.mfaEnabled).toBe(false);
        expect(u.mfaSecret).toBeNull();
      }
    }
    expect(await codesFor(getHandle().db, 'mfa@demo.hk', DEMO_UCP.sunrise)).toEqual(sorted(CUSTOMER_CODES));
  });

  it('provider staff are linked only to the provider party; customer users never are', async () => {
    const db = getHandle().db;
    const users = await db.select().from(schema.userAccounts);
    for (const u of users) {
      const linked = await customersOf(db, u.loginId);
      if (u.isProviderStaff) expect(linked).toEqual([PROVIDER_UCP_ID]);
      else expect(linked).not.toContain(PROVIDER_UCP_ID);
    }
    expect(users.filter((u) => u.isProviderStaff).map((u) => u.loginId).sort()).toEqual([
      'admin@demo.hk',
      'auditor@demo.hk',
      'credit@demo.hk',
      'ops@demo.hk',
      'staff@demo.hk',
    ]);
    const [provider] = await db.select().from(schema.customers).where(sql`${schema.customers.isProvider}`);
    expect(provider).toMatchObject({ ucpId: PROVIDER_UCP_ID, nameEn: 'Pacific Imaging Services Ltd', nameZh: '太平洋影像服務有限公司' });
  });

  it('admin@demo.hk holds every admin code (plus home and account preferences) but not "all"', async () => {
    const codes = await codesFor(getHandle().db, 'admin@demo.hk', PROVIDER_UCP_ID);
    expect(codes).toEqual(sorted([...ADMIN_CODES, 'home', 'ac_pref_read', 'ac_pref_write']));
    expect(codes).not.toContain('all');
  });

  it('staff@demo.hk holds exactly the two billing-address approval codes, also through loadPrincipal', async () => {
    const db = getHandle().db;
    expect(await codesFor(db, 'staff@demo.hk', PROVIDER_UCP_ID)).toEqual(['apv_chg_bill_addr_read', 'apv_chg_bill_addr_write']);
    const staff = SEED_USERS.find((u) => u.loginId === 'staff@demo.hk')!;
    const principal = await loadPrincipal(db, { sub: staff.userAcUuid, ucp: PROVIDER_UCP_ID, ver: 0, exp: 0 });
    expect(principal.isProviderStaff).toBe(true);
    expect(sorted([...principal.codes])).toEqual(['apv_chg_bill_addr_read', 'apv_chg_bill_addr_write']);
  });

  it('ops@demo.hk holds "all"', async () => {
    expect(await codesFor(getHandle().db, 'ops@demo.hk', PROVIDER_UCP_ID)).toEqual(['all']);
  });

  it('loads realistic bilingual Hong Kong customers with customer numbers in every product line', async () => {
    const db = getHandle().db;
    const rows = await db.select().from(schema.customers).where(sql`not ${schema.customers.isProvider}`);
    expect(rows).toHaveLength(3);
    for (const c of rows) {
      expect(c.brNo).toMatch(/^\d{8}$/);
      expect(c.nameZh).toMatch(/\p{Script=Han}/u);
      expect(c.billingAddressEn).toMatch(/Kowloon|Hong Kong/);
      expect(c.billingAddressZh).toMatch(/\p{Script=Han}/u);
      expect(c.contactPhone).toMatch(/^\+852 \d{4} \d{4}$/);
      expect(c.status).toBe('active');
    }
    expect(rows.some((c) => c.receiveHardcopyBill)).toBe(true);
    const lines = await db.selectDistinct({ line: schema.customerNumbers.productLine }).from(schema.customerNumbers);
    expect(lines.map((l) => l.line).sort()).toEqual(['copier', 'printer', 'software']);
  });

  it('sets the upload size parameter to 1 MB', async () => {
    const [param] = await getHandle().db.select().from(schema.systemParams);
    expect(param).toMatchObject({ paramKey: 'upload_file_size', paramValue: '1' });
    await expect(getUploadFileSize(getHandle().db)).resolves.toBe(1);
  });

  it('loads every kind of site content in both languages, with https links', async () => {
    const rows = await getHandle().db.select().from(schema.siteContent);
    const keys = rows.map((r) => `${r.kind}/${r.lang}`).sort();
    expect(keys).toEqual(
      ['chat_link', 'footer_popup', 'link_config', 'mobile_app', 'social'].flatMap((k) => [`${k}/en`, `${k}/tc`]).sort(),
    );
    const byKey = new Map(rows.map((r) => [`${r.kind}/${r.lang}`, r.content as Record<string, unknown>]));
    const popups = byKey.get('footer_popup/tc')!.footerPopupContentList as { key: string; title: string; paragraphs: string[] }[];
    expect(popups.map((p) => p.key)).toEqual(['privacy_policy', 'terms_of_use', 'disclaimer']);
    expect(popups[0]!.title).toBe('私隱政策');
    expect(popups.every((p) => p.paragraphs.length > 0 && !/<[a-z]/i.test(p.paragraphs.join(' ')))).toBe(true);
    expect(byKey.get('social/en')).toEqual({
      facebookLink: expect.stringMatching(/^https:\/\//),
      instagramLink: expect.stringMatching(/^https:\/\//),
      linkedInLink: expect.stringMatching(/^https:\/\//),
    });
    expect(byKey.get('chat_link/tc')).toEqual({ link: expect.stringMatching(/^https:\/\//) });
    expect(Object.keys(byKey.get('link_config/en')!).sort()).toEqual(['rChoiceLink', 'requestforQuoteLink', 'yourVoiceLink']);
    const apps = byKey.get('mobile_app/en')!.mobileApplicationList as { platform: string; link: string }[];
    expect(apps.map((a) => a.platform)).toEqual(['ios', 'android']);
  });

  it('is idempotent: seeding again inserts nothing and changes no row', async () => {
    const db = getHandle().db;
    const before = await dump(db);
    const again = await seedDemo(db);
    expect(Object.values(again.inserted).every((n) => n === 0)).toBe(true);
    expect(await dump(db)).toEqual(before);
  });

  it('never undoes an administrator change when it runs again', async () => {
    const db = getHandle().db;
    const [viewerGroup] = await db.select().from(schema.userGroups).where(sql`${schema.userGroups.code} = 'CUST_VIEWER'`);
    await db.execute(sql`delete from user_group_functions where group_id = ${viewerGroup!.id} and fn_code = 'mgt_bills_read'`);
    await db.execute(sql`update user_accounts set font_size = 'S' where login_id = 'customer@demo.hk'`);
    await seedDemo(db);
    expect(await codesFor(db, 'viewer@demo.hk', DEMO_UCP.harbourView)).not.toContain('mgt_bills_read');
    const [customer] = await db.select().from(schema.userAccounts).where(sql`${schema.userAccounts.loginId} = 'customer@demo.hk'`);
    expect(customer!.fontSize).toBe('S');
    // Put the rows back for any later test.
    await db.insert(schema.userGroupFunctions).values({ groupId: viewerGroup!.id, fnCode: 'mgt_bills_read' });
    await db.execute(sql`update user_accounts set font_size = 'M' where login_id = 'customer@demo.hk'`);
  });

  it(`seedIfWanted on ${kind}: ${kind === 'pglite' ? 'skips a database that has users' : 'seeds only with SEED_DEMO=1'}`, async () => {
    const handle = getHandle();
    if (kind === 'pglite') {
      await expect(seedIfWanted(handle, { seedDemo: true }, silent)).resolves.toBeNull();
    } else {
      await expect(seedIfWanted(handle, { seedDemo: false }, silent)).resolves.toBeNull();
      const summary = await seedIfWanted(handle, { seedDemo: true }, silent);
      expect(summary?.inserted.userAccounts).toBe(0);
    }
  });
});

describe('seedIfWanted on an empty embedded database', () => {
  it('seeds it, whatever SEED_DEMO says', async () => {
    const handle = await createTestDb('pglite');
    try {
      const info = jest.fn();
      const summary = await seedIfWanted(handle, { seedDemo: false }, { info } as unknown as Parameters<typeof seedIfWanted>[2]);
      expect(summary?.inserted.userAccounts).toBe(9);
      expect(info).toHaveBeenCalledWith(expect.objectContaining({ database: 'pglite' }), expect.stringContaining('seeded'));
    } finally {
      await handle.close();
    }
  });
});

describe('seedIfWanted on an empty PostgreSQL database', () => {
  const maybe = process.env.DATABASE_URL ? it : it.skip;
  maybe('does not seed without SEED_DEMO=1', async () => {
    const handle = await createTestDb('postgres');
    try {
      await expect(seedIfWanted(handle, { seedDemo: false }, silent)).resolves.toBeNull();
      const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(schema.userAccounts);
      expect(row!.n).toBe(0);
    } finally {
      await handle.close();
    }
  });
});
