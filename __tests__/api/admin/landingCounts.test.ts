/**
 * The admin landing counts (docs/admin.md): pending account-change approvals of the types the caller may review, and
 * contract renewals submitted this month (Hong Kong), each null for a caller without the codes of its area.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ChangeStatus, ChangeType } from '@/lib/accountChanges/constants';
import { adminContract } from '@/lib/admin/contract';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { changeRequests, contractRenewals, renewalOffers } from '@/lib/server/db/schema';
import { createContract } from '../bills/billFixtures';
import { createCustomer, createMember, tokenFor, uniq } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer } from '../helpers/testServer';

describeEachDb('admin landing counts', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = () => getHandle().db;

  const countsFor = async (codes: Parameters<typeof createMember>[1]) => {
    const m = await createMember(db(), codes, { user: { isProviderStaff: true } });
    const res = await callEndpoint(server, adminContract.endpoints.landingCounts, {}, { token: await tokenFor(m.user, m.customer.ucpId) });
    if (res.body.status !== 'success') throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };

  it('pending approvals: only waiting requests, only of the types the caller reviews', async () => {
    const before = {
      comp: (await countsFor(['apv_chg_comp_name_read'])).pendingApprovals!,
      bill: (await countsFor(['cac_chg_bill_addr_read'])).pendingApprovals!,
    };
    const c = await createCustomer(db());
    const row = (changeType: ChangeType, status: ChangeStatus) => ({
      requestNo: `T${uniq()}`.slice(0, 20),
      ucpId: c.ucpId,
      changeType,
      status,
      oldValue: {},
      newValue: {},
      idempotencyKey: randomUUID(),
      ...(status === 'reject' ? { reviewerComment: 'no' } : {}),
    });
    await db()
      .insert(changeRequests)
      .values([row('comp_name', 'pending'), row('comp_name', 'pending'), row('comp_name', 'inProgress'), row('comp_name', 'reject'), row('bill_addr', 'pending')]);
    expect((await countsFor(['apv_chg_comp_name_read'])).pendingApprovals).toBe(before.comp + 2);
    // Credit control sees billing-address requests only.
    expect((await countsFor(['cac_chg_bill_addr_read'])).pendingApprovals).toBe(before.bill + 1);
    expect((await countsFor(['ucp_cust_main_read'])).pendingApprovals).toBeNull();
  });

  it('renewals this month: submitted in the current Hong Kong month, withdrawn ones left out', async () => {
    const before = (await countsFor(['contract_renewal_log'])).renewalsThisMonth!;
    const today = hkToday();
    const [offer] = await db()
      .insert(renewalOffers)
      .values({ offerCode: `T-LAND-${uniq().toUpperCase()}`, nameEn: 'Landing', nameZh: '首頁', contractType: 'rental', termMonths: 12, monoRate: '0.04', colourRate: '0', validFrom: addDays(today, -30), validTo: addDays(today, 300) })
      .returning();
    const c = await createCustomer(db());
    const renewal = async (status: string, submittedAt: ReturnType<typeof sql> | null) => {
      const contract = await createContract(db(), c.ucpId, {});
      await db()
        .insert(contractRenewals)
        .values({
          renewalNo: `R${uniq()}`.slice(0, 20),
          contractId: contract.id,
          ucpId: c.ucpId,
          offerId: offer!.id,
          status,
          terms: {},
          currentCostCents: 0,
          offerCostCents: 0,
          newStartDate: today,
          newEndDate: addDays(today, 365),
          idempotencyKey: randomUUID(),
          ...(submittedAt ? { submittedAt } : {}),
        } as typeof contractRenewals.$inferInsert);
    };
    await renewal('submitted', null);
    await renewal('approved', null);
    await renewal('withdrawn', null);
    // Two months ago: not this month.
    await renewal('declined', sql`now() - interval '62 days'`);
    expect((await countsFor(['contract_renewal_log'])).renewalsThisMonth).toBe(before + 2);
    expect((await countsFor(['payslip_review_read'])).renewalsThisMonth).toBeNull();
  });
});
