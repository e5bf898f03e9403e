/**
 * UCP customer maintenance (docs/admin.md). The provider's own party (`is_provider`) is not a customer here: it is
 * neither listed nor editable, so nobody can deactivate the party every staff session acts for.
 */
import { and, asc, desc, eq, exists, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { CreateCustomerBody, CustomerDetail, CustomerFields, CustomerListItem, CustomerStatus, ListCustomersBody, UpdateCustomerBody } from '@/lib/customers/schemas';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { contracts, customerNumbers, customers, machineModels, machines, userAccounts, userCustomers } from '@/lib/server/db/schema';
import { ilikeLiteral, textSearch } from '@/lib/server/db/like';
import { keyedOrder, outerColumn, paginate, totalCount } from '@/lib/server/db/paginate';
import { AppError } from '@/lib/server/errors';
import { firstOr404, lockVersion, switchStatus } from '@/lib/server/services/common';

const userCount = sql<number>`(select count(*)::int from user_customers uc where uc.ucp_id = ${outerColumn(customers.ucpId)})`;

export async function listCustomers(ctx: ServiceContext, body: ListCustomersBody) {
  const where: SQL[] = [eq(customers.isProvider, false)];
  const f = body.filter ?? {};
  if (f.status?.length) where.push(inArray(customers.status, f.status));
  if (f.q) {
    const hasCustomerNo = (pattern: string) => [
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(customerNumbers)
          .where(and(eq(customerNumbers.ucpId, customers.ucpId), ilikeLiteral(customerNumbers.customerNo, pattern))),
      ),
    ];
    where.push(textSearch(f.q, [customers.ucpId, customers.nameEn, customers.nameZh, customers.brNo], hasCustomerNo));
  }
  const order = keyedOrder(body.sort, { ucpId: customers.ucpId, nameEn: customers.nameEn, createdAt: customers.createdAt }, 'ucpId', customers.ucpId);
  const q = ctx.db
    .select({
      ucpId: customers.ucpId,
      nameEn: customers.nameEn,
      nameZh: customers.nameZh,
      brNo: customers.brNo,
      status: customers.status,
      createdAt: customers.createdAt,
      userCount,
      __total: totalCount(),
    })
    .from(customers)
    .where(and(...where))
    .orderBy(...order);
  return paginate(q, body, (r): CustomerListItem => ({
    id: r.ucpId,
    nameEn: r.nameEn,
    nameZh: r.nameZh,
    brNo: r.brNo,
    // The table's CHECK holds status to CUSTOMER_STATUSES.
    status: r.status,
    userCount: r.userCount,
    createdAt: r.createdAt.toISOString(),
  }));
}

async function customerRow(ctx: ServiceContext, ucpId: string) {
  const row = await firstOr404(ctx.db
    .select()
    .from(customers)
    .where(and(eq(customers.ucpId, ucpId), eq(customers.isProvider, false))));
  return row;
}

const fieldsOf = (row: typeof customers.$inferSelect): CustomerFields & { brNo: string } => ({
  nameEn: row.nameEn,
  nameZh: row.nameZh,
  brNo: row.brNo ?? '',
  billingAddressEn: row.billingAddressEn,
  billingAddressZh: row.billingAddressZh,
  contactName: row.contactName,
  contactPhone: row.contactPhone,
  contactEmail: row.contactEmail,
  receiveHardcopyBill: row.receiveHardcopyBill,
});

export async function getCustomer(ctx: ServiceContext, ucpId: string): Promise<CustomerDetail> {
  const row = await customerRow(ctx, ucpId);
  const [numbers, contractRows, machineRows, users] = await Promise.all([
    ctx.db
      .select({ productLine: customerNumbers.productLine, customerNo: customerNumbers.customerNo })
      .from(customerNumbers)
      .where(eq(customerNumbers.ucpId, ucpId))
      .orderBy(asc(customerNumbers.productLine), asc(customerNumbers.customerNo)),
    ctx.db
      .select({ id: contracts.id, contractNo: contracts.contractNo, contractType: contracts.contractType, startDate: contracts.startDate, endDate: contracts.endDate, status: contracts.status })
      .from(contracts)
      .where(eq(contracts.ucpId, ucpId))
      .orderBy(desc(contracts.endDate), asc(contracts.contractNo)),
    ctx.db
      .select({
        id: machines.id,
        serialNo: machines.serialNo,
        modelNameEn: machineModels.nameEn,
        modelNameZh: machineModels.nameZh,
        locationEn: machines.locationEn,
        locationZh: machines.locationZh,
        status: machines.status,
      })
      .from(machines)
      .innerJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
      .where(eq(machines.ucpId, ucpId))
      .orderBy(asc(machines.serialNo)),
    ctx.db
      .select({ id: userAccounts.userAcUuid, loginId: userAccounts.loginId, name: userAccounts.name, status: userAccounts.status })
      .from(userCustomers)
      .innerJoin(userAccounts, eq(userAccounts.userAcUuid, userCustomers.userAcUuid))
      .where(eq(userCustomers.ucpId, ucpId))
      .orderBy(asc(userAccounts.loginId)),
  ]);
  return {
    id: row.ucpId,
    ...fieldsOf(row),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // The table's CHECK holds product_line to CUSTOMER_PRODUCT_LINES.
    customerNumbers: numbers.map((n) => ({ productLine: n.productLine, customerNo: n.customerNo })),
    contracts: contractRows,
    machines: machineRows,
    users,
  };
}

/**
 * BR numbers are unique among customers. The column has no unique index on main (customers.ts belongs to the data
 * model), so writers serialise on one transaction-scoped advisory lock and check inside it: two staff adding the
 * same BR number at once cannot both succeed.
 */
async function assertBrNoFree(ctx: ServiceContext, brNo: string, exceptUcpId: string | null) {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('customers.br_no'))`);
  const [taken] = await ctx.db
    .select({ ucpId: customers.ucpId })
    .from(customers)
    .where(and(eq(customers.brNo, brNo), exceptUcpId ? ne(customers.ucpId, exceptUcpId) : undefined))
    .limit(1);
  if (taken) throw new AppError('CONFLICT', { message: 'BR number taken', fields: { brNo: ['customers:errors.brNoTaken'] } });
}

export async function createCustomer(ctx: ServiceContext, body: CreateCustomerBody): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    await assertBrNoFree(tx, body.brNo, null);
    const { ucpId, ...fields } = body;
    const [row] = await tx.db
      .insert(customers)
      .values({ ucpId, ...fields, status: 'active', isProvider: false })
      .onConflictDoNothing({ target: customers.ucpId })
      .returning();
    if (!row) throw new AppError('CONFLICT', { message: 'UCP id taken', fields: { ucpId: ['customers:errors.ucpIdTaken'] } });
    await audit(tx, { action: 'create', entity: 'customer', entityId: ucpId, after: { ...fieldsOf(row), status: row.status } });
    return { id: ucpId };
  });
}

export async function updateCustomer(ctx: ServiceContext, body: UpdateCustomerBody): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    const { id, version, ...fields } = body;
    const updatedAt = await lockVersion(tx, customers, { id: customers.ucpId, updatedAt: customers.updatedAt }, id, version);
    const before = await customerRow(tx, id);
    await assertBrNoFree(tx, fields.brNo, id);
    await tx.db
      .update(customers)
      .set({ ...fields, updatedAt })
      .where(eq(customers.ucpId, id));
    await audit(tx, { action: 'update', entity: 'customer', entityId: id, before: fieldsOf(before), after: fields });
    return { id };
  });
}

/**
 * Deactivating a customer is enough to stop its users acting for it: the principal query (lib/server/auth/principal.ts)
 * refuses a token whose customer is not active, the customer trigger (migration 0006) drops every cached identity, and
 * sign-in offers only active customers. Nothing is deleted: reactivating restores access.
 */
export async function setCustomerStatus(ctx: ServiceContext, body: { id: string; status: CustomerStatus }) {
  return switchStatus(ctx, {
    ...body,
    entity: 'customer',
    action: (s) => (s === 'inactive' ? 'deactivate' : 'reactivate'),
    current: (tx) => customerRow(tx, body.id),
    write: (tx) => tx.db.update(customers).set({ status: body.status, updatedAt: tx.now() }).where(eq(customers.ucpId, body.id)),
  });
}
