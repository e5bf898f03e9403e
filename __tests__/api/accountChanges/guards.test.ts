/**
 * A request must change something, and one open request per customer and type (per machine / contract for the
 * per-item types): docs/account-changes.md, "One open request, and a real change".
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import { changeRequests, customers, machines } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { lockCustomer } from '@/lib/server/services/accountChanges/guards';
import { msg, parseMessage } from '@/lib/zodMessages';
import { createContract } from '../bills/billFixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer, type TestResponse } from '../helpers/testServer';
import { ADDRESS_EN, billingBody, customerCaller, hardcopyBody, machineMoveBody, postMultipart, requestCount, tomorrow, tonerAddressBody, transferFields } from './fixtures';

const V = (key: string) => `accountChanges:validation.${key}`;

describeEachDb('account changes: no empty requests, one open request per target', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = (): Db => getHandle().db;

  const countOf = (ucpId: string) => requestCount(db(), ucpId);
  const submitted = (res: TestResponse) => {
    if (res.body.status !== 'success') throw new Error(`expected success, got ${JSON.stringify(res.body)}`);
    return res.body.data as { requestNo: string; id: string };
  };
  const errorOf = (res: TestResponse) => (res.body.status === 'error' ? { status: res.status, code: res.body.error.code, fields: res.body.error.fields } : { status: res.status });

  it('refuses a hardcopy request identical to the current setting (e-mail compared without case), and stores nothing', async () => {
    const c = await customerCaller(db());
    await db().update(customers).set({ receiveHardcopyBill: false, contactEmail: 'old@example.hk' }).where(eq(customers.ucpId, c.ucpId));
    const same = await callEndpoint(server, C.endpoints.submitReceiveHardcopy, hardcopyBody(false, ' OLD@example.hk '), { token: c.token });
    expect(errorOf(same)).toEqual({ status: 400, code: 'VALIDATION', fields: { receiveHardcopy: [V('noChange')] } });
    expect(await countOf(c.ucpId)).toBe(0);
    // A new e-mail alone is a change.
    const newEmail = await callEndpoint(server, C.endpoints.submitReceiveHardcopy, hardcopyBody(false, 'new@example.hk'), { token: c.token });
    expect(newEmail.status).toBe(200);
  });

  it('refuses the other types when they ask for what the records say already', async () => {
    const c = await customerCaller(db());
    await db()
      .update(customers)
      .set({ billingAddressEn: ADDRESS_EN, billingAddressZh: ADDRESS_EN, contactName: 'Lee Ka Yan', contactPhone: '23456790', nameEn: 'Same Name Ltd', nameZh: '同名有限公司', brNo: '12345678' })
      .where(eq(customers.ucpId, c.ucpId));
    await db()
      .update(machines)
      .set({ addressEn: ADDRESS_EN, addressZh: ADDRESS_EN, locationEn: '18/F Print room', locationZh: '18/F Print room', tonerAddressEn: ADDRESS_EN, tonerAddressZh: ADDRESS_EN, tonerContactName: 'Chan', tonerContactPhone: '+852 2345 6789' })
      .where(eq(machines.id, c.machineA.id));

    const bill = await callEndpoint(server, C.endpoints.submitBillingAddress, billingBody({ contactPhone: '+852 2345-6790' }), { token: c.token });
    expect(errorOf(bill)).toEqual({ status: 400, code: 'VALIDATION', fields: { 'address.street': [V('noChange')] } });
    const name = await postMultipart(server, C.endpoints.submitCompanyName.path, c.token, { nameEn: 'Same Name Ltd', nameZh: '同名有限公司', brNo: '12345678', effectiveDate: tomorrow(), idempotencyKey: randomUUID(), termsAccepted: 'true' });
    expect(errorOf(name)).toEqual({ status: 400, code: 'VALIDATION', fields: { nameEn: [V('noChange')] } });
    const move = machineMoveBody([c.machineA.id]);
    expect(errorOf(await callEndpoint(server, C.endpoints.submitMachineLocation, move, { token: c.token }))).toEqual({ status: 400, code: 'VALIDATION', fields: { machineIds: [V('noChange')] } });
    const toner = tonerAddressBody([c.machineA.id]);
    expect(errorOf(await callEndpoint(server, C.endpoints.submitTonerAddress, toner, { token: c.token }))).toEqual({ status: 400, code: 'VALIDATION', fields: { machineIds: [V('noChange')] } });
    expect(await countOf(c.ucpId)).toBe(0);

    // With a machine that is elsewhere among the chosen ones, the move changes something.
    expect((await callEndpoint(server, C.endpoints.submitMachineLocation, { ...move, machineIds: [c.machineA.id, c.machineB.id], idempotencyKey: randomUUID() }, { token: c.token })).status).toBe(200);
  });

  it('refuses a second open request of the same type for the customer, naming the open one, until it is decided', async () => {
    const c = await customerCaller(db());
    await db().update(customers).set({ receiveHardcopyBill: false, contactEmail: 'old@example.hk' }).where(eq(customers.ucpId, c.ucpId));
    const first = submitted(await callEndpoint(server, C.endpoints.submitReceiveHardcopy, hardcopyBody(true, 'old@example.hk'), { token: c.token }));
    const second = await callEndpoint(server, C.endpoints.submitReceiveHardcopy, hardcopyBody(true, 'other@example.hk'), { token: c.token });
    expect(errorOf(second)).toEqual({ status: 409, code: 'CHANGE_ALREADY_PENDING', fields: { receiveHardcopy: [msg(V('alreadyPending'), { requestNo: first.requestNo })] } });

    // In progress is still open.
    await db().update(changeRequests).set({ status: 'inProgress' }).where(eq(changeRequests.id, first.id));
    expect(errorOf(await callEndpoint(server, C.endpoints.submitReceiveHardcopy, hardcopyBody(true, 'third@example.hk'), { token: c.token })).code).toBe('CHANGE_ALREADY_PENDING');
    // Another type is not held up.
    expect((await callEndpoint(server, C.endpoints.submitBillingAddress, billingBody(), { token: c.token })).status).toBe(200);
    expect(await countOf(c.ucpId)).toBe(2);

    // Once decided, a new one may follow.
    await db().update(changeRequests).set({ status: 'reject', reviewerComment: 'Wrong e-mail' }).where(eq(changeRequests.id, first.id));
    expect((await callEndpoint(server, C.endpoints.submitReceiveHardcopy, hardcopyBody(true, 'fourth@example.hk'), { token: c.token })).status).toBe(200);
  });

  it('per machine: a machine already in an open request of the type is refused (naming the request and the machine), another machine is not', async () => {
    const c = await customerCaller(db());
    const toner = (machineIds: string[]) => tonerAddressBody(machineIds, { contactName: 'Wong', contactPhone: '98765432' });
    const first = submitted(await callEndpoint(server, C.endpoints.submitTonerAddress, toner([c.machineA.id]), { token: c.token }));
    const again = await callEndpoint(server, C.endpoints.submitTonerAddress, toner([c.machineB.id, c.machineA.id]), { token: c.token });
    expect(errorOf(again)).toEqual({
      status: 409,
      code: 'CHANGE_ALREADY_PENDING',
      fields: { machineIds: [msg(V('alreadyPendingFor'), { requestNo: first.requestNo, items: [c.machineA.serialNo] })] },
    });
    expect((await callEndpoint(server, C.endpoints.submitTonerAddress, toner([c.machineB.id]), { token: c.token })).status).toBe(200);
    // A machine move is another type: not held up by the toner request.
    const move = machineMoveBody([c.machineA.id, c.machineB.id], { locationDetail: '' });
    const moved = submitted(await callEndpoint(server, C.endpoints.submitMachineLocation, move, { token: c.token }));
    // The serial numbers come as a list, not joined: the page joins them in its own language (a tc page showed the
    // server's "A, B").
    const twice = await callEndpoint(server, C.endpoints.submitMachineLocation, machineMoveBody([c.machineB.id, c.machineA.id], { locationDetail: 'Room 2' }), { token: c.token });
    const refusal = errorOf(twice);
    expect(refusal).toMatchObject({ status: 409, code: 'CHANGE_ALREADY_PENDING' });
    const [message] = (refusal as { fields: Record<string, string[]> }).fields.machineIds!;
    const parsed = parseMessage(message!);
    expect(parsed?.key).toBe(V('alreadyPendingFor'));
    expect(parsed?.values).toEqual({ requestNo: moved.requestNo, items: expect.arrayContaining([c.machineA.serialNo, c.machineB.serialNo]) });
    expect(parsed?.values?.items).toHaveLength(2);
  });

  it('per contract: an approved transfer still holds its contracts until it is completed (approval only accepts it; the novation follows)', async () => {
    const c = await customerCaller(db());
    const other = await createContract(db(), c.ucpId, { status: 'active' });
    const transfer = (contractIds: string[]) =>
      postMultipart(server, C.endpoints.submitTransferAgreement.path, c.token, transferFields(contractIds));
    const first = submitted(await transfer([c.contract.id]));
    await db().update(changeRequests).set({ status: 'approved', decidedAt: new Date() }).where(eq(changeRequests.id, first.id));
    const again = await transfer([other.id, c.contract.id]);
    expect(errorOf(again)).toEqual({
      status: 409,
      code: 'CHANGE_ALREADY_PENDING',
      fields: { contractIds: [msg(V('alreadyApprovedFor'), { requestNo: first.requestNo, items: [c.contract.contractNo] })] },
    });
    // Another contract is free; once the transfer is completed, its contract is too.
    expect((await transfer([other.id])).status).toBe(200);
    await db().update(changeRequests).set({ status: 'completed', completedAt: new Date() }).where(eq(changeRequests.id, first.id));
    expect((await transfer([c.contract.id])).status).toBe(200);
  });

  it('the submission lock on the customer does not hold up rows that only reference the customer (PostgreSQL: a second connection)', async () => {
    if (getHandle().kind !== 'postgres') return; // PGlite has one connection: nothing can run beside the lock.
    const c = await customerCaller(db());
    await db().transaction(async (tx) => {
      await lockCustomer(tx, c.ucpId);
      // A foreign-key insert takes KEY SHARE on the customer: blocked by FOR UPDATE, not by FOR NO KEY UPDATE.
      const inserted = await db().transaction(async (other) => {
        await other.execute(sql`set local lock_timeout = '2s'`);
        return createContract(other, c.ucpId, { status: 'active' });
      });
      expect(inserted.ucpId).toBe(c.ucpId);
    });
  });

  it('two different requests of a type at once: exactly one is stored, the other is refused; a replay still answers the first', async () => {
    const c = await customerCaller(db());
    const a = hardcopyBody(true, 'a@example.hk');
    const results = await Promise.all([
      callEndpoint(server, C.endpoints.submitReceiveHardcopy, a, { token: c.token }),
      callEndpoint(server, C.endpoints.submitReceiveHardcopy, hardcopyBody(true, 'b@example.hk'), { token: c.token }),
      callEndpoint(server, C.endpoints.submitReceiveHardcopy, hardcopyBody(true, 'c@example.hk'), { token: c.token }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await countOf(c.ucpId)).toBe(1);
    const replay = await callEndpoint(server, C.endpoints.submitReceiveHardcopy, a, { token: c.token });
    if (results[0]!.status === 200) expect(replay.body.status === 'success' && replay.body.data.replayed).toBe(true);
  });
});
