import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import { CHANNEL_SOURCES, CHANGE_STATUSES, CHANGE_TYPES } from '@/lib/accountChanges/constants';
import { auditLog, changeRequestEvents, changeRequests, inboxDeliveries, inboxMessages, storedFiles, systemParams } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { createContract, gifBytes, pdfBytes } from '../bills/billFixtures';
import { addDays } from '@/lib/dates/hongKong';
import { createMember, tokenFor } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer } from '../helpers/testServer';
import { ADDRESS, ADDRESS_EN, billingBody, customerCaller, hardcopyBody, machineMoveBody, postMultipart, requestCount, tomorrow, tonerAddressBody, transferFields } from './fixtures';

it('keeps the database CHECK lists equal to the shared constants', () => {
  expect(CHANGE_TYPES).toEqual(['comp_name', 'bill_addr', 'machine_loc', 'rec_hardcopy', 'toner_addr', 'trans_agree']);
  expect(CHANGE_STATUSES).toEqual(['pending', 'inProgress', 'approved', 'reject', 'completed']);
  expect(CHANNEL_SOURCES).toEqual(['W']);
});

describeEachDb('account changes: customer side', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = (): Db => getHandle().db;

  const countOf = (ucpId: string) => requestCount(db(), ucpId);

  it('submits a billing-address change: pending, channel W, old and new values, history, audit and an inbox notice', async () => {
    const c = await customerCaller(db());
    const res = await callEndpoint(server, C.endpoints.submitBillingAddress, billingBody(), { token: c.token });
    expect(res.status).toBe(200);
    if (res.body.status !== 'success') throw new Error('expected success');
    expect(res.body.data).toMatchObject({ status: 'pending', replayed: false, requestNo: expect.stringMatching(/^ACR-\d{4}-\d{6}$/) });

    const detail = await callEndpoint(server, C.endpoints.getRequest, { id: res.body.data.id }, { token: c.token });
    if (detail.body.status !== 'success') throw new Error('expected success');
    const d = detail.body.data;
    expect(d).toMatchObject({ type: 'bill_addr', status: 'pending', channelSource: 'W', effectiveDate: tomorrow() });
    if (d.type !== 'bill_addr') throw new Error('type');
    expect(d.oldValue).toEqual({ addressEn: 'Old address, Wan Chai', addressZh: '灣仔舊地址', contactName: 'Old Contact', contactPhone: '21234567' });
    expect(d.newValue).toMatchObject({ addressEn: ADDRESS_EN, contactPhone: '23456790', address: ADDRESS });
    expect(d.history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'pending', byProvider: false })]);

    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'change_request'), eq(auditLog.entityId, d.id)));
    expect(audits.map((a) => a.action)).toEqual(['change_request.submit']);
    const notices = await db()
      .select({ title: inboxMessages.titleEn })
      .from(inboxDeliveries)
      .innerJoin(inboxMessages, eq(inboxMessages.id, inboxDeliveries.messageId))
      .where(and(eq(inboxDeliveries.userAcUuid, c.user.userAcUuid), eq(inboxDeliveries.ucpId, c.ucpId)));
    expect(notices.map((n) => n.title)).toEqual([`We received your request ${d.requestNo}`]);
  });

  it('is idempotent: the same key answers the first request and stores nothing new, even twice at once', async () => {
    const c = await customerCaller(db());
    const body = billingBody();
    const [a, b] = await Promise.all([
      callEndpoint(server, C.endpoints.submitBillingAddress, body, { token: c.token }),
      callEndpoint(server, C.endpoints.submitBillingAddress, body, { token: c.token }),
    ]);
    const third = await callEndpoint(server, C.endpoints.submitBillingAddress, body, { token: c.token });
    const ids = [a, b, third].map((r) => (r.body.status === 'success' ? r.body.data.id : r.body.error.code));
    expect(new Set(ids).size).toBe(1);
    expect(third.body.status === 'success' && third.body.data.replayed).toBe(true);
    expect(await countOf(c.ucpId)).toBe(1);
  });

  it('refuses a bad field with its translated message on that field, and stores nothing', async () => {
    const c = await customerCaller(db());
    const res = await callEndpoint(server, C.endpoints.submitBillingAddress, billingBody({ contactPhone: '1234' }), { token: c.token });
    expect(res.status).toBe(400);
    expect(res.body.status === 'error' && res.body.error.fields).toEqual({ contactPhone: ['accountChanges:validation.phone'] });
    const wrongRegion = await callEndpoint(server, C.endpoints.submitBillingAddress, billingBody({ address: { ...ADDRESS, region: 'hong_kong_island' } }), { token: c.token });
    expect(wrongRegion.body.status === 'error' && wrongRegion.body.error.fields).toEqual({ 'address.district': ['accountChanges:validation.districtNotInRegion'] });
    const noTerms = await callEndpoint(server, C.endpoints.submitBillingAddress, { ...billingBody(), termsAccepted: false as unknown as true }, { token: c.token });
    expect(noTerms.status).toBe(400);
    expect(await countOf(c.ucpId)).toBe(0);
  });

  it('submits machine-location and toner-address changes for its own machines; another customer’s machine is 404', async () => {
    const c = await customerCaller(db());
    const other = await customerCaller(db());
    const move = machineMoveBody([c.machineA.id, c.machineB.id]);
    const ok = await callEndpoint(server, C.endpoints.submitMachineLocation, move, { token: c.token });
    expect(ok.status).toBe(200);
    const foreign = await callEndpoint(server, C.endpoints.submitMachineLocation, { ...move, machineIds: [other.machineA.id], idempotencyKey: randomUUID() }, { token: c.token });
    expect(foreign.status).toBe(404);
    const toner = await callEndpoint(server, C.endpoints.submitTonerAddress, tonerAddressBody([c.machineA.id]), { token: c.token });
    expect(toner.status).toBe(200);
    if (toner.body.status !== 'success') throw new Error('toner');
    const d = await callEndpoint(server, C.endpoints.getRequest, { id: toner.body.data.id }, { token: c.token });
    if (d.body.status !== 'success' || d.body.data.type !== 'toner_addr') throw new Error('detail');
    expect(d.body.data.newValue.serialNos).toEqual([c.machineA.serialNo]);
    expect(d.body.data.oldValue.machines[0]).toMatchObject({ id: c.machineA.id, tonerContactName: 'Chan Tai Man' });
    expect(await countOf(c.ucpId)).toBe(2);
  });

  it('the list names the machines of each machine-location / toner-address request (the forms mark the ones an open request holds); [] for other types', async () => {
    const c = await customerCaller(db());
    const submit = async (res: Awaited<ReturnType<typeof callEndpoint>>) => {
      if (res.body.status !== 'success') throw new Error(`submit ${JSON.stringify(res.body)}`);
      return (res.body.data as { id: string }).id;
    };
    const move = await submit(await callEndpoint(server, C.endpoints.submitMachineLocation, machineMoveBody([c.machineA.id, c.machineB.id]), { token: c.token }));
    const toner = await submit(await callEndpoint(server, C.endpoints.submitTonerAddress, tonerAddressBody([c.machineB.id]), { token: c.token }));
    const paper = await submit(await callEndpoint(server, C.endpoints.submitReceiveHardcopy, hardcopyBody(false, 'paper@example.hk'), { token: c.token }));
    const list = await callEndpoint(server, C.endpoints.listRequests, { page: 1, pageSize: 20, filter: { status: ['pending', 'inProgress'] } }, { token: c.token });
    if (list.body.status !== 'success') throw new Error('list');
    const byId = new Map(list.body.data.items.map((i) => [i.id, i.machineIds]));
    expect([...byId.get(move)!].sort()).toEqual([c.machineA.id, c.machineB.id].sort());
    expect(byId.get(toner)).toEqual([c.machineB.id]);
    expect(byId.get(paper)).toEqual([]);
  });

  it('the list names the contracts of each transfer (the transfer form marks the ones an open transfer holds); [] for machine requests, and no machines for a transfer', async () => {
    const c = await customerCaller(db());
    const second = await createContract(db(), c.ucpId, { status: 'active' });
    const transfer = await postMultipart(server, C.endpoints.submitTransferAgreement.path, c.token, transferFields([c.contract.id, second.id]));
    if (transfer.body.status !== 'success') throw new Error(`transfer ${JSON.stringify(transfer.body)}`);
    const transferId = (transfer.body.data as { id: string }).id;
    const toner = await callEndpoint(server, C.endpoints.submitTonerAddress, tonerAddressBody([c.machineA.id]), { token: c.token });
    if (toner.body.status !== 'success') throw new Error('toner');
    const list = await callEndpoint(server, C.endpoints.listRequests, { page: 1, pageSize: 20, filter: { status: ['pending', 'inProgress', 'approved'] } }, { token: c.token });
    if (list.body.status !== 'success') throw new Error('list');
    const byId = new Map(list.body.data.items.map((i) => [i.id, { machineIds: i.machineIds, contractIds: i.contractIds }]));
    const t = byId.get(transferId)!;
    expect([...t.contractIds].sort()).toEqual([c.contract.id, second.id].sort());
    expect(t.machineIds).toEqual([]);
    expect(byId.get(toner.body.data.id)).toEqual({ machineIds: [c.machineA.id], contractIds: [] });
  });

  it('submits a receive-hardcopy change', async () => {
    const c = await customerCaller(db());
    const res = await callEndpoint(server, C.endpoints.submitReceiveHardcopy, hardcopyBody(true, 'ap@example.hk'), { token: c.token });
    expect(res.status).toBe(200);
  });

  it('uploads a company-name change with its BR certificate, checked by content, and serves the file back only to its customer', async () => {
    const c = await customerCaller(db());
    const other = await customerCaller(db());
    const fields = { nameEn: 'New Name Limited', nameZh: '新名稱有限公司', brNo: '31845620', effectiveDate: tomorrow(), termsAccepted: 'true' };
    const gif = await postMultipart(server, C.endpoints.submitCompanyName.path, c.token, { ...fields, idempotencyKey: randomUUID() }, { name: 'file', fileName: 'x.pdf', contentType: 'application/pdf', content: gifBytes() });
    expect(gif.status).toBe(415);
    const bad = await postMultipart(server, C.endpoints.submitCompanyName.path, c.token, { ...fields, brNo: '123', idempotencyKey: randomUUID() });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ brNo: ['accountChanges:validation.brNo'] });
    const res = await postMultipart(server, C.endpoints.submitCompanyName.path, c.token, { ...fields, idempotencyKey: randomUUID() });
    expect(res.status).toBe(200);
    const id = res.body.data.id as string;
    const detail = await callEndpoint(server, C.endpoints.getRequest, { id }, { token: c.token });
    if (detail.body.status !== 'success') throw new Error('detail');
    expect(detail.body.data.attachments).toEqual([expect.objectContaining({ kind: 'br_certificate', fileName: 'doc.pdf', mimeType: 'application/pdf' })]);
    const fileId = detail.body.data.attachments[0]!.fileId;
    const file = await server.post(C.endpoints.getAttachment.path, { id, fileId }, { token: c.token });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.text.startsWith('%PDF')).toBe(true);
    expect((await server.post(C.endpoints.getAttachment.path, { id, fileId }, { token: other.token })).status).toBe(404);
    const [files] = await db().select({ n: sql<number>`count(*)::int` }).from(storedFiles).where(eq(storedFiles.ucpId, c.ucpId));
    expect(Number(files?.n)).toBe(1);
  });

  it('refuses a file over the upload_file_size system parameter (413) and stores neither the file nor the request', async () => {
    const c = await customerCaller(db());
    const fields = { nameEn: 'New Name Limited', nameZh: '新名稱有限公司', brNo: '31845620', effectiveDate: tomorrow(), termsAccepted: 'true' };
    const pdf = pdfBytes();
    const [saved] = await db().select().from(systemParams).where(eq(systemParams.paramKey, 'upload_file_size'));
    // A limit just below this PDF's size: the same file that passes under the default limit is now too large.
    const limitMb = String((pdf.length - 1) / (1024 * 1024));
    await db().insert(systemParams).values({ paramKey: 'upload_file_size', paramValue: limitMb }).onConflictDoUpdate({ target: systemParams.paramKey, set: { paramValue: limitMb } });
    try {
      const big = await postMultipart(server, C.endpoints.submitCompanyName.path, c.token, { ...fields, idempotencyKey: randomUUID() }, { name: 'file', fileName: 'br.pdf', contentType: 'application/pdf', content: pdf });
      expect(big.status).toBe(413);
      const agreement = await postMultipart(
        server,
        C.endpoints.submitTransferAgreement.path,
        c.token,
        transferFields([c.contract.id]),
        { name: 'file', fileName: 'agreement.pdf', contentType: 'application/pdf', content: pdf },
      );
      expect(agreement.status).toBe(413);
    } finally {
      if (saved) await db().update(systemParams).set({ paramValue: saved.paramValue }).where(eq(systemParams.paramKey, 'upload_file_size'));
      else await db().delete(systemParams).where(eq(systemParams.paramKey, 'upload_file_size'));
    }
    expect(await countOf(c.ucpId)).toBe(0);
    const [files] = await db().select({ n: sql<number>`count(*)::int` }).from(storedFiles).where(eq(storedFiles.ucpId, c.ucpId));
    expect(Number(files?.n)).toBe(0);
    // Under the restored limit the same file goes through.
    const ok = await postMultipart(server, C.endpoints.submitCompanyName.path, c.token, { ...fields, idempotencyKey: randomUUID() }, { name: 'file', fileName: 'br.pdf', contentType: 'application/pdf', content: pdf });
    expect(ok.status).toBe(200);
  });

  it('filters the customer list by date (Hong Kong days)', async () => {
    const c = await customerCaller(db());
    const first = await callEndpoint(server, C.endpoints.submitBillingAddress, billingBody(), { token: c.token });
    if (first.body.status !== 'success') throw new Error('submit');
    // Move it back ten days: only a range that includes that day lists it.
    await db().update(changeRequests).set({ submittedAt: sql`${changeRequests.submittedAt} - interval '10 days'` }).where(eq(changeRequests.id, first.body.data.id));
    await callEndpoint(server, C.endpoints.submitReceiveHardcopy, hardcopyBody(false, 'a@b.hk'), { token: c.token });
    const today = addDays(tomorrow(), -1);
    const ids = async (filter: Record<string, unknown>) => {
      const r = await callEndpoint(server, C.endpoints.listRequests, { page: 1, pageSize: 20, filter }, { token: c.token });
      if (r.body.status !== 'success') throw new Error('list');
      return r.body.data.items.map((i) => i.type);
    };
    expect(await ids({ dateFrom: today })).toEqual(['rec_hardcopy']);
    expect(await ids({ dateTo: addDays(today, -5) })).toEqual(['bill_addr']);
    expect(await ids({ dateFrom: addDays(today, -10), dateTo: addDays(today, -10) })).toEqual(['bill_addr']);
  });

  it('uploads a transfer agreement for its own active contracts', async () => {
    const c = await customerCaller(db());
    const other = await customerCaller(db());
    const fields = {
      transfereeNameEn: 'Transferee Limited',
      transfereeBrNo: '40558812',
      transfereeContactName: 'Ho Mei Ling',
      transfereeContactPhone: '25110399',
      transfereeEmail: 'contracts@transferee.example.hk',
      effectiveDate: tomorrow(),
      termsAccepted: 'true',
    };
    const ok = await postMultipart(server, C.endpoints.submitTransferAgreement.path, c.token, { ...fields, contractIds: [c.contract.id], idempotencyKey: randomUUID() });
    expect(ok.status).toBe(200);
    const foreign = await postMultipart(server, C.endpoints.submitTransferAgreement.path, c.token, { ...fields, contractIds: [other.contract.id], idempotencyKey: randomUUID() });
    expect(foreign.status).toBe(404);
    const noFile = await postMultipart(server, C.endpoints.submitTransferAgreement.path, c.token, { ...fields, contractIds: [c.contract.id], idempotencyKey: randomUUID() }, null);
    expect(noFile.status).toBe(400);
    expect(await countOf(c.ucpId)).toBe(1);
  });

  it('needs the type’s write code to submit (403), and lists and opens only the types it may read', async () => {
    const c = await customerCaller(db());
    await callEndpoint(server, C.endpoints.submitBillingAddress, billingBody(), { token: c.token });
    await callEndpoint(server, C.endpoints.submitReceiveHardcopy, hardcopyBody(false, 'a@b.hk'), { token: c.token });

    // A second user of the same customer who may only read billing-address changes.
    const reader = await createMember(db(), []);
    const { linkUserToCustomer, createGroup } = await import('../helpers/fixtures');
    await linkUserToCustomer(db(), reader.user, c.customer);
    await createGroup(db(), ['ac_chg_bill_addr_read'], { members: [{ user: reader.user, customer: c.customer }] });
    const readerToken = await tokenFor(reader.user, c.ucpId);

    const denied = await callEndpoint(server, C.endpoints.submitBillingAddress, billingBody(), { token: readerToken });
    expect(denied.status).toBe(403);
    const list = await callEndpoint(server, C.endpoints.listRequests, { page: 1, pageSize: 20 }, { token: readerToken });
    if (list.body.status !== 'success') throw new Error('list');
    expect(list.body.data.items.map((i) => i.type)).toEqual(['bill_addr']);
    const all = await callEndpoint(server, C.endpoints.listRequests, { page: 1, pageSize: 20 }, { token: c.token });
    if (all.body.status !== 'success') throw new Error('list');
    expect(all.body.data.total).toBe(2);
    const hardcopy = all.body.data.items.find((i) => i.type === 'rec_hardcopy')!;
    expect((await callEndpoint(server, C.endpoints.getRequest, { id: hardcopy.id }, { token: readerToken })).status).toBe(404);

    const filtered = await callEndpoint(server, C.endpoints.listRequests, { page: 1, pageSize: 20, filter: { type: ['rec_hardcopy'], status: ['pending'] } }, { token: c.token });
    expect(filtered.body.status === 'success' && filtered.body.data.items.map((i) => i.id)).toEqual([hardcopy.id]);
    const byNo = await callEndpoint(server, C.endpoints.listRequests, { page: 1, pageSize: 20, filter: { q: hardcopy.requestNo } }, { token: c.token });
    expect(byNo.body.status === 'success' && byNo.body.data.total).toBe(1);
  });

  it('never shows another customer’s request (404), and a user without any change code gets 403', async () => {
    const c = await customerCaller(db());
    const other = await customerCaller(db());
    const res = await callEndpoint(server, C.endpoints.submitBillingAddress, billingBody(), { token: c.token });
    if (res.body.status !== 'success') throw new Error('submit');
    expect((await callEndpoint(server, C.endpoints.getRequest, { id: res.body.data.id }, { token: other.token })).status).toBe(404);
    const otherList = await callEndpoint(server, C.endpoints.listRequests, { page: 1, pageSize: 20 }, { token: other.token });
    expect(otherList.body.status === 'success' && otherList.body.data.total).toBe(0);
    const nobody = await createMember(db(), ['home']);
    expect((await callEndpoint(server, C.endpoints.listRequests, { page: 1, pageSize: 20 }, { token: await tokenFor(nobody.user, nobody.customer.ucpId) })).status).toBe(403);
  });

  it('getCurrent: the record, its machines and contracts, and the types it may submit', async () => {
    const c = await customerCaller(db(), ['ac_chg_bill_addr_read', 'ac_chg_toner_addr_write']);
    const res = await callEndpoint(server, C.endpoints.getCurrent, {}, { token: c.token });
    if (res.body.status !== 'success') throw new Error('current');
    expect(res.body.data.customer.billingAddressEn).toBe('Old address, Wan Chai');
    expect(res.body.data.machines.map((m) => m.id).sort()).toEqual([c.machineA.id, c.machineB.id].sort());
    expect(res.body.data.contracts).toEqual([]);
    expect(res.body.data.writable).toEqual(['toner_addr']);
    const events = await db().select().from(changeRequestEvents).where(eq(changeRequestEvents.actorUuid, c.user.userAcUuid));
    expect(events).toEqual([]);
  });
});
