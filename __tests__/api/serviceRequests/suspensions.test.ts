/**
 * Clock suspensions (docs/service-requests.md): the desk records a Typhoon Signal No. 8 or a Black Rainstorm Warning
 * and the due times of the requests whose clock it touches move on by the business time it took; removing it moves
 * them back. Requests answered before it, cancelled, or reported after it are left alone. A request reported while one
 * is in force starts its clock after it. Validation, permissions, audit, and the request pages naming it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FunctionCode } from '@/lib/permissions/codes';
import { serviceDeskContract } from '@/lib/serviceRequests/contract';
import { businessMinutesBetween, slaDueAt } from '@/lib/serviceRequests/sla';
import { serviceContext, type Actor } from '@/lib/server/context';
import { auditLog, contracts, serviceRequests, slaSuspensions } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { isAppError } from '@/lib/server/errors';
import * as sr from '@/lib/server/services/serviceRequests';
import { memberWithToken, uniq } from '../helpers/fixtures';
import { createMachine, createModel, type MachineRow } from '../helpers/orderFixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer } from '../helpers/testServer';

const D = serviceDeskContract.endpoints;
const CUSTOMER_CODES: FunctionCode[] = ['home', 'service_req_read', 'service_req_write'];
const STAFF_CODES: FunctionCode[] = ['home', 'service_req_admin_read', 'service_req_admin_write'];
const hk = (local: string) => new Date(`${local}+08:00`);
const iso = (local: string) => `${local}+08:00`;

describeEachDb('SLA clock suspensions', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = (): Db => getHandle().db;

  let customer: Awaited<ReturnType<typeof memberWithToken>> & { machine: MachineRow; actor: Actor };
  let staff: Awaited<ReturnType<typeof memberWithToken>> & { actor: Actor };
  let reader: Awaited<ReturnType<typeof memberWithToken>>;

  const actorOf = (m: { user: { userAcUuid: string }; customer: { ucpId: string } }, codes: FunctionCode[], isProviderStaff = false): Actor => ({
    userAcUuid: m.user.userAcUuid,
    ucpId: m.customer.ucpId,
    isProviderStaff,
    codes: new Set(codes),
  });

  beforeAll(async () => {
    const m = await memberWithToken(db(), CUSTOMER_CODES, { user: { email: `susp-${uniq()}@example.hk` } });
    const [contract] = await db()
      .insert(contracts)
      .values({ ucpId: m.customer.ucpId, contractNo: `C-${uniq()}`, contractType: 'maintenance', startDate: '2026-01-01', endDate: '2028-12-31', termMonths: 36, responseHours: 4 })
      .returning();
    const machine = await createMachine(db(), m.customer, await createModel(db()), { contractId: contract!.id });
    customer = { ...m, machine, actor: actorOf(m, CUSTOMER_CODES) };
    const s = await memberWithToken(db(), STAFF_CODES, { user: { isProviderStaff: true } });
    staff = { ...s, actor: actorOf(s, STAFF_CODES, true) };
    reader = await memberWithToken(db(), ['home', 'service_req_admin_read'], { user: { isProviderStaff: true } });
  });

  const staffCtx = (at: Date) => serviceContext({ db: db(), actor: staff.actor, now: () => at });
  /** A 4-hour request reported at `at` through the service (the clock is deterministic). */
  async function report(at: Date) {
    const ctx = serviceContext({ db: db(), actor: customer.actor as Actor & { ucpId: string }, now: () => at });
    return sr.createRequest(ctx, {
      machineId: customer.machine.id,
      category: 'paper_jam',
      errorCode: '',
      description: 'Paper jams in tray 2 on every job.',
      contactName: 'Chan Tai Man',
      contactPhone: '+852 2345 6789',
      visitWindows: [],
      idempotencyKey: randomUUID(),
    } as never);
  }
  const clock = async (id: string) => {
    const [r] = await db().select({ due: serviceRequests.slaDueAt, atRisk: serviceRequests.slaAtRiskAt, version: serviceRequests.version }).from(serviceRequests).where(eq(serviceRequests.id, id));
    return { due: r!.due.toISOString(), atRisk: r!.atRisk!.toISOString(), version: r!.version };
  };

  it('moves the due time of a request it touches by the business time it took, and back when removed', async () => {
    // Tuesday 24 Nov 2026, reported 10:00 with 4 business hours: due 14:00, at risk from 13:00.
    const r = await report(hk('2026-11-24T10:00:00'));
    expect(await clock(r.id)).toEqual({ due: hk('2026-11-24T14:00:00').toISOString(), atRisk: hk('2026-11-24T13:00:00').toISOString(), version: 1 });
    // Black rain 11:00–12:30: 90 minutes of business time do not count.
    const added = await sr.addSuspension(staffCtx(hk('2026-11-24T13:00:00')), { kind: 'black_rainstorm', startsAt: iso('2026-11-24T11:00:00'), endsAt: iso('2026-11-24T12:30:00'), note: 'Amber, then black at 11:00' });
    expect(added.requestsMoved).toBe(1);
    // The version stays: a colleague's open step on the request is not refused for a derived time.
    expect(await clock(r.id)).toEqual({ due: hk('2026-11-24T15:30:00').toISOString(), atRisk: hk('2026-11-24T14:30:00').toISOString(), version: 1 });

    // The request's pages name it, for the customer and for the desk.
    const span = { kind: 'black_rainstorm', startsAt: hk('2026-11-24T11:00:00').toISOString(), endsAt: hk('2026-11-24T12:30:00').toISOString() };
    const custView = await sr.getRequest(serviceContext({ db: db(), actor: customer.actor as Actor & { ucpId: string }, now: () => hk('2026-11-24T13:00:00') }), r.id);
    expect(custView.clockSuspensions).toEqual([span]);
    expect(custView.sla.dueAt).toBe(hk('2026-11-24T15:30:00').toISOString());
    expect((await sr.getDeskRequest(staffCtx(hk('2026-11-24T13:00:00')), r.id)).clockSuspensions).toEqual([span]);

    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'sla_suspension'), eq(auditLog.entityId, added.id)));
    expect(audits.map((a) => [a.action, a.actorUuid])).toEqual([['create', staff.user.userAcUuid]]);

    const removed = await sr.deleteSuspension(staffCtx(hk('2026-11-24T13:00:00')), added.id);
    expect(removed.requestsMoved).toBe(1);
    expect(await clock(r.id)).toMatchObject({ due: hk('2026-11-24T14:00:00').toISOString(), atRisk: hk('2026-11-24T13:00:00').toISOString() });
    expect((await sr.getDeskRequest(staffCtx(hk('2026-11-24T13:00:00')), r.id)).clockSuspensions).toEqual([]);
    await expect(sr.deleteSuspension(staffCtx(hk('2026-11-24T13:00:00')), added.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('leaves alone a request answered before it, one cancelled, and one reported after it; an overnight signal counts only business time', async () => {
    // Wednesday 2 Dec 2026. Reported at 15:00 with 4 hours, each would be due Thursday 10:00, and Thursday 12:00
    // with the signal below: only the open one may move.
    const answered = await report(hk('2026-12-02T15:00:00'));
    await db().update(serviceRequests).set({ status: 'on_site', respondedAt: hk('2026-12-02T16:00:00') }).where(eq(serviceRequests.id, answered.id));
    const cancelled = await report(hk('2026-12-02T15:00:00'));
    await db().update(serviceRequests).set({ status: 'cancelled', cancelledAt: hk('2026-12-02T15:30:00') }).where(eq(serviceRequests.id, cancelled.id));
    const open = await report(hk('2026-12-02T15:00:00'));
    const later = await report(hk('2026-12-03T15:00:00'));
    const before = await Promise.all([answered, cancelled, later].map((r) => clock(r.id)));
    expect(before.slice(0, 2).map((c) => c.due)).toEqual([hk('2026-12-03T10:00:00').toISOString(), hk('2026-12-03T10:00:00').toISOString()]);
    expect((await clock(open.id)).due).toBe(hk('2026-12-03T10:00:00').toISOString());

    // Typhoon Signal No. 8 from Wed 17:00 to Thu 10:00: one business hour on Wednesday, one on Thursday.
    const t8 = { startsAt: hk('2026-12-02T17:00:00'), endsAt: hk('2026-12-03T10:00:00') };
    const added = await sr.addSuspension(staffCtx(hk('2026-12-03T14:00:00')), { kind: 'typhoon_8', startsAt: iso('2026-12-02T17:00:00'), endsAt: iso('2026-12-03T10:00:00') });
    expect(added.requestsMoved).toBe(1);
    expect((await clock(open.id)).due).toBe(hk('2026-12-03T12:00:00').toISOString());
    expect(businessMinutesBetween(hk('2026-12-02T15:00:00'), hk('2026-12-03T12:00:00'), [t8])).toBe(240);
    expect(await Promise.all([answered, cancelled, later].map((r) => clock(r.id)))).toEqual(before);
    // The pages name it where it moved the due time, and not where the response came before it.
    expect((await sr.getDeskRequest(staffCtx(hk('2026-12-03T14:00:00')), open.id)).clockSuspensions).toEqual([expect.objectContaining({ kind: 'typhoon_8' })]);
    expect((await sr.getDeskRequest(staffCtx(hk('2026-12-03T14:00:00')), answered.id)).clockSuspensions).toEqual([]);
    await sr.deleteSuspension(staffCtx(hk('2026-12-03T14:00:00')), added.id);
  });

  it('names on a request only the suspensions that took business time before its due time', async () => {
    const ctx = staffCtx(hk('2026-12-22T10:00:00'));
    const r = await report(hk('2026-12-15T10:00:00')); // Tuesday, due 14:00
    const night = await sr.addSuspension(ctx, { kind: 'black_rainstorm', startsAt: iso('2026-12-14T19:00:00'), endsAt: iso('2026-12-15T08:30:00') });
    const afterDue = await sr.addSuspension(ctx, { kind: 'black_rainstorm', startsAt: iso('2026-12-15T14:30:00'), endsAt: iso('2026-12-15T15:30:00') });
    expect((await clock(r.id)).due).toBe(hk('2026-12-15T14:00:00').toISOString());
    expect((await sr.getDeskRequest(ctx, r.id)).clockSuspensions).toEqual([]);
    // A typhoon at noon moves the due time past 14:30, so the black rain of 14:30 holds it too: 10–12, 13–14:30, 15:30–16:00.
    const noon = await sr.addSuspension(ctx, { kind: 'typhoon_8', startsAt: iso('2026-12-15T12:00:00'), endsAt: iso('2026-12-15T13:00:00') });
    expect((await clock(r.id)).due).toBe(hk('2026-12-15T16:00:00').toISOString());
    expect((await sr.getDeskRequest(ctx, r.id)).clockSuspensions.map((x) => [x.kind, x.startsAt])).toEqual([
      ['typhoon_8', hk('2026-12-15T12:00:00').toISOString()],
      ['black_rainstorm', hk('2026-12-15T14:30:00').toISOString()],
    ]);

    // Reported Friday 17:00, due Monday 12:00: a black rain on Saturday overlaps its clock but takes no business time.
    const weekend = await report(hk('2026-12-18T17:00:00'));
    const saturday = await sr.addSuspension(ctx, { kind: 'black_rainstorm', startsAt: iso('2026-12-19T10:00:00'), endsAt: iso('2026-12-19T12:00:00') });
    expect(saturday.requestsMoved).toBe(0);
    expect((await clock(weekend.id)).due).toBe(hk('2026-12-21T12:00:00').toISOString());
    expect((await sr.getDeskRequest(ctx, weekend.id)).clockSuspensions).toEqual([]);
    for (const x of [night, afterDue, noon, saturday]) await sr.deleteSuspension(ctx, x.id);
  });

  it('starts the clock of a request reported while one is in force after it', async () => {
    const at = hk('2026-12-08T10:00:00'); // Tuesday
    const added = await sr.addSuspension(staffCtx(at), { kind: 'typhoon_8', startsAt: iso('2026-12-08T06:40:00'), endsAt: iso('2026-12-08T15:00:00') });
    const r = await report(at);
    // 4 business hours from 15:00: 3 today, 1 tomorrow.
    expect(r.slaDueAt).toBe(hk('2026-12-09T10:00:00').toISOString());
    expect(r.slaDueAt).toBe(slaDueAt(at, 4, [{ startsAt: hk('2026-12-08T06:40:00'), endsAt: hk('2026-12-08T15:00:00') }]).toISOString());
    // So does the form's "due if reported now".
    const form = await sr.newRequestContext(serviceContext({ db: db(), actor: customer.actor as Actor & { ucpId: string }, now: () => at }), customer.machine.id);
    expect(form.dueIfNow).toBe(hk('2026-12-09T10:00:00').toISOString());
    await sr.deleteSuspension(staffCtx(at), added.id);
  });

  it('refuses a span that ends before it starts, lasts over 96 hours, starts over 90 days back or ends over 48 hours ahead, naming the field', async () => {
    const at = hk('2026-12-10T12:00:00');
    const fields = async (body: { startsAt: string; endsAt: string }) => {
      try {
        await sr.addSuspension(staffCtx(at), { kind: 'typhoon_8', ...body });
      } catch (err) {
        if (isAppError(err) && err.code === 'VALIDATION') return err.fields;
        throw err;
      }
      throw new Error('expected a validation error');
    };
    expect(await fields({ startsAt: iso('2026-12-10T11:00:00'), endsAt: iso('2026-12-10T11:00:00') })).toEqual({ endsAt: ['serviceDesk:errors.suspensionEndsBeforeStart'] });
    expect(await fields({ startsAt: iso('2026-12-05T11:00:00'), endsAt: iso('2026-12-09T11:01:00') })).toEqual({ endsAt: [expect.stringContaining('serviceDesk:errors.suspensionTooLong')] });
    expect(await fields({ startsAt: iso('2026-09-10T11:00:00'), endsAt: iso('2026-09-10T15:00:00') })).toEqual({ startsAt: [expect.stringContaining('serviceDesk:errors.suspensionTooOld')] });
    expect(await fields({ startsAt: iso('2026-12-11T11:00:00'), endsAt: iso('2026-12-12T12:01:00') })).toEqual({ endsAt: [expect.stringContaining('serviceDesk:errors.suspensionTooFar')] });
    expect(await db().select().from(slaSuspensions)).toEqual([]);
  });

  it('keeps one that started more than 90 days ago: its due times are final', async () => {
    const added = await sr.addSuspension(staffCtx(hk('2026-12-10T12:00:00')), { kind: 'typhoon_8', startsAt: iso('2026-12-09T09:00:00'), endsAt: iso('2026-12-09T12:00:00') });
    await expect(sr.deleteSuspension(staffCtx(hk('2027-03-10T09:01:00')), added.id)).rejects.toMatchObject({ code: 'SUSPENSION_FINAL' });
    await sr.deleteSuspension(staffCtx(hk('2027-03-09T08:59:00')), added.id);
  });

  it('a request filed while a suspension is being recorded waits for it and counts it (PostgreSQL, two connections)', async () => {
    if (getHandle().kind !== 'postgres') return; // PGlite has one connection: nothing runs beside a transaction.
    const at = hk('2026-12-17T10:00:00'); // Thursday
    let recorded!: () => void;
    const inserted = new Promise<void>((resolve) => (recorded = resolve));
    let commit!: () => void;
    const gate = new Promise<void>((resolve) => (commit = resolve));
    // The desk's transaction, held open after the insert (as addSuspension runs it, before its recompute and commit).
    const desk = db().transaction(async (tx) => {
      await sr.lockSuspensions(tx as unknown as Db, 'change');
      await tx.insert(slaSuspensions).values({ kind: 'black_rainstorm', startsAt: hk('2026-12-17T09:30:00'), endsAt: hk('2026-12-17T11:00:00') });
      recorded();
      await gate;
    });
    await inserted;
    let filed = false;
    const filing = report(at).then((r) => ((filed = true), r));
    let filedEarly: boolean;
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      filedEarly = filed; // it must wait on the lock, not read the suspensions before the desk commits
    } finally {
      commit();
      await desk;
    }
    expect(filedEarly).toBe(false);
    // From 11:00, when the black rain ended: due 15:00, not 14:00.
    expect((await filing).slaDueAt).toBe(hk('2026-12-17T15:00:00').toISOString());
    await db().delete(slaSuspensions).where(eq(slaSuspensions.startsAt, hk('2026-12-17T09:30:00')));
  });

  it('over HTTP: staff with the write code record, list and remove; readers only list; customers never reach it', async () => {
    const now = Date.now();
    const body = { kind: 'black_rainstorm' as const, startsAt: new Date(now - 3 * 3600_000).toISOString(), endsAt: new Date(now - 3600_000).toISOString(), note: 'Black rain' };
    const added = await callEndpoint(server, D.addSuspension, body, { token: staff.token });
    if (added.body.status !== 'success') throw new Error(JSON.stringify(added.body));
    const listed = await callEndpoint(server, D.listSuspensions, {}, { token: reader.token });
    if (listed.body.status !== 'success') throw new Error(JSON.stringify(listed.body));
    expect(listed.body.data.items).toEqual([expect.objectContaining({ id: added.body.data.id, kind: 'black_rainstorm', note: 'Black rain', createdByName: staff.user.name })]);
    expect((await callEndpoint(server, D.addSuspension, body, { token: reader.token })).status).toBe(403);
    expect((await callEndpoint(server, D.deleteSuspension, { id: added.body.data.id }, { token: reader.token })).status).toBe(403);
    expect((await callEndpoint(server, D.listSuspensions, {}, { token: customer.token })).status).toBe(403);
    const bad = await callEndpoint(server, D.addSuspension, { ...body, endsAt: body.startsAt }, { token: staff.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { fields: { endsAt: ['serviceDesk:errors.suspensionEndsBeforeStart'] } } });
    expect((await callEndpoint(server, D.addSuspension, { ...body, kind: 'signal_3' } as never, { token: staff.token })).status).toBe(400);
    expect((await callEndpoint(server, D.deleteSuspension, { id: added.body.data.id }, { token: staff.token })).status).toBe(200);
    expect((await callEndpoint(server, D.deleteSuspension, { id: added.body.data.id }, { token: staff.token })).status).toBe(404);
  });
});
