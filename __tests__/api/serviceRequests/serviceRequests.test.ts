/**
 * Service requests (docs/service-requests.md): reporting a fault (idempotent, photo through the upload pipeline),
 * every allowed and forbidden step of the lifecycle, the 7-day window, two staff at once, the SLA due time from the
 * contract's response time, notifications (inbox and outbox with a deep link), audit, tenancy and permissions.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { adminContract } from '@/lib/admin/contract';
import type { FunctionCode } from '@/lib/permissions/codes';
import { SERVICE_ACTIONS, SERVICE_STATUSES, type ServiceAction, type ServiceStatus } from '@/lib/serviceRequests/constants';
import { serviceDeskContract, serviceRequestsContract } from '@/lib/serviceRequests/contract';
import { serviceContext, type Actor } from '@/lib/server/context';
import { auditLog, contracts, inboxDeliveries, inboxMessages, outbox, serviceRequestEvents, serviceRequests } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { isAppError } from '@/lib/server/errors';
import { registerMailSettings } from '@/lib/server/mail/settings';
import * as sr from '@/lib/server/services/serviceRequests';
import { storeUpload } from '@/lib/server/uploads/store';
import { gifBytes, multipart, pngBytes } from '../bills/billFixtures';
import { memberWithToken, uniq } from '../helpers/fixtures';
import { createMachine, createModel, type MachineRow } from '../helpers/orderFixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer } from '../helpers/testServer';

const C = serviceRequestsContract.endpoints;
const D = serviceDeskContract.endpoints;
const CUSTOMER_CODES: FunctionCode[] = ['home', 'service_req_read', 'service_req_write'];
const STAFF_CODES: FunctionCode[] = ['home', 'service_req_admin_read', 'service_req_admin_write'];
const hk = (local: string) => new Date(`${local}+08:00`);

describeEachDb('service requests', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = (): Db => getHandle().db;

  type Party = Awaited<ReturnType<typeof memberWithToken>> & { machine: MachineRow; actor: Actor };
  let cust: Party;
  let other: Party;
  let staff: Awaited<ReturnType<typeof memberWithToken>> & { actor: Actor };

  const actorOf = (m: { user: { userAcUuid: string }; customer: { ucpId: string } }, codes: FunctionCode[], isProviderStaff = false): Actor => ({
    userAcUuid: m.user.userAcUuid,
    ucpId: m.customer.ucpId,
    isProviderStaff,
    codes: new Set(codes),
  });

  async function party(responseHours: number): Promise<Party> {
    const m = await memberWithToken(db(), CUSTOMER_CODES, { user: { email: `sr-${uniq()}@example.hk`, preferredLanguage: 'tc' } });
    const [contract] = await db()
      .insert(contracts)
      .values({ ucpId: m.customer.ucpId, contractNo: `C-${uniq()}`, contractType: 'maintenance', startDate: '2026-01-01', endDate: '2028-12-31', termMonths: 36, responseHours })
      .returning();
    const model = await createModel(db());
    const machine = await createMachine(db(), m.customer, model, { contractId: contract!.id });
    return { ...m, machine, actor: actorOf(m, CUSTOMER_CODES) };
  }

  beforeAll(async () => {
    registerMailSettings({ publicUrl: 'https://portal.example.hk', smtpConfigured: false });
    cust = await party(4);
    other = await party(8);
    const s = await memberWithToken(db(), STAFF_CODES, { user: { isProviderStaff: true } });
    staff = { ...s, actor: actorOf(s, STAFF_CODES, true) };
  });
  afterAll(async () => {
    registerMailSettings(undefined);
  });

  const ok = <T>(res: { status: number; body: { status: string; data?: unknown } }): T => {
    if (res.body.status !== 'success') throw new Error(`expected success, got ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as T;
  };
  const errorCode = (res: { body: unknown }) => (res.body as { error?: { code: string } }).error?.code;

  const form = (machineId: string, extra: Record<string, unknown> = {}) => ({
    machineId,
    category: 'error_code' as const,
    errorCode: 'SC542',
    description: 'The copier stops with error SC542 after warming up.',
    contactName: 'Chan Tai Man',
    contactPhone: '+852 2345 6789',
    visitWindows: [],
    idempotencyKey: randomUUID(),
    ...extra,
  });

  /** A request created through the service at a fixed time (the SLA clock is deterministic). */
  async function report(p: Party, at: Date, extra: Record<string, unknown> = {}) {
    const ctx = serviceContext({ db: db(), actor: p.actor as Actor & { ucpId: string }, now: () => at });
    return sr.createRequest(ctx, form(p.machine.id, extra) as never);
  }
  const staffCtx = (at: Date) => serviceContext({ db: db(), actor: staff.actor, now: () => at });
  const custCtx = (p: Party, at: Date) => serviceContext({ db: db(), actor: p.actor as Actor & { ucpId: string }, now: () => at });

  describe('reporting a fault', () => {
    it('files one request per idempotency key, with the contract’s response time, timeline, audit, inbox and e-mail', async () => {
      const body = form(cust.machine.id);
      const first = ok<{ id: string; reference: string; replayed: boolean }>(await callEndpoint(server, C.create, body, { token: cust.token }));
      expect(first.reference).toMatch(/^SR-\d{4}-\d{6}$/);
      expect(first.replayed).toBe(false);
      const again = ok<{ id: string; replayed: boolean }>(await callEndpoint(server, C.create, body, { token: cust.token }));
      expect(again).toMatchObject({ id: first.id, replayed: true });
      const rows = await db().select().from(serviceRequests).where(eq(serviceRequests.idempotencyKey, body.idempotencyKey));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'submitted', responseHours: 4, version: 1, ucpId: cust.customer.ucpId });

      const detail = ok<{ timeline: { kind: string }[]; actions: string[]; sla: { state: string; responseHours: number }; contractId: string | null; contractNo: string | null }>(
        await callEndpoint(server, C.get, { id: first.id }, { token: cust.token }),
      );
      expect(detail.timeline.map((e) => e.kind)).toEqual(['submitted']);
      expect(detail.actions).toEqual(['cancel']);
      expect(detail.sla.responseHours).toBe(4);
      // The contract it was filed under, by id too: the customer's detail page links the number to the contract's page.
      const [filedUnder] = await db().select().from(contracts).where(eq(contracts.id, cust.machine.contractId!));
      expect(detail).toMatchObject({ contractId: filedUnder!.id, contractNo: filedUnder!.contractNo });

      const audits = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'service_request'), eq(auditLog.entityId, first.id)));
      expect(audits.map((a) => a.action)).toEqual(['submitted']);
      const inbox = await db()
        .select({ titleEn: inboxMessages.titleEn, bodyEn: inboxMessages.bodyEn })
        .from(inboxDeliveries)
        .innerJoin(inboxMessages, eq(inboxMessages.id, inboxDeliveries.messageId))
        .where(and(eq(inboxDeliveries.userAcUuid, cust.user.userAcUuid), eq(inboxDeliveries.ucpId, cust.customer.ucpId)));
      expect(inbox.map((m) => m.titleEn)).toEqual([`Service request ${first.reference} received`]);
      expect(inbox[0]!.bodyEn).toContain(`href="/service-requests/${first.id}"`);
      const mails = await db().select().from(outbox).where(eq(outbox.toAddress, cust.user.email!));
      expect(mails).toHaveLength(1);
      // The user prefers Chinese: its part first; the deep link goes through the request's page with the customer.
      expect(mails[0]!.subject.startsWith(`已收到維修申請 ${first.reference}`)).toBe(true);
      expect(mails[0]!.textBody).toContain(`https://portal.example.hk/tc/service-requests/${first.id}?ucpid=${cust.customer.ucpId}`);
      expect(mails[0]!.textBody).toContain(`https://portal.example.hk/service-requests/${first.id}?ucpid=${cust.customer.ucpId}`);
    });

    it('computes the due time in HK business hours from the contract (Friday afternoon → Monday)', async () => {
      const r = await report(cust, hk('2026-11-27T16:00:00'));
      expect(r.slaDueAt).toBe(hk('2026-11-30T11:00:00').toISOString());
      const r8 = await report(other, hk('2026-12-24T17:00:00'));
      // 8 h from Christmas Eve 17:00: 1 h, then Christmas, the day after and Sunday skipped, 7 h on Monday.
      expect(r8.slaDueAt).toBe(hk('2026-12-28T16:00:00').toISOString());
    });

    it('takes a photo checked by content and names it in the request; refuses other types and other customers’ files', async () => {
      const upload = (token: string, machineId: string, file: { fileName: string; contentType: string; content: Buffer }) => {
        const { body, contentType } = multipart([{ name: 'machineId', value: machineId }, { name: 'file', ...file }]);
        return server.request(C.uploadPhoto.path, { token, headers: { 'Content-Type': contentType }, rawBody: body });
      };
      const up = await upload(cust.token, cust.machine.id, { fileName: 'fault.png', contentType: 'image/png', content: pngBytes() });
      expect(up.status).toBe(200);
      const fileId = (up.body as { data: { fileId: string } }).data.fileId;
      expect((await upload(cust.token, cust.machine.id, { fileName: 'x.png', contentType: 'image/png', content: gifBytes() })).status).toBe(415);
      expect((await upload(cust.token, other.machine.id, { fileName: 'x.png', contentType: 'image/png', content: pngBytes() })).status).toBe(404);

      const created = ok<{ id: string }>(await callEndpoint(server, C.create, form(cust.machine.id, { photoFileId: fileId }), { token: cust.token }));
      const detail = ok<{ photo: { fileId: string; mimeType: string } | null }>(await callEndpoint(server, C.get, { id: created.id }, { token: cust.token }));
      expect(detail.photo).toMatchObject({ fileId, mimeType: 'image/png' });
      const photo = await server.post(C.photo.path, { id: created.id }, { token: cust.token });
      expect(photo.status).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect((await server.post(D.photo.path, { id: created.id }, { token: staff.token })).status).toBe(200);
      // Another customer cannot see it, nor name this customer's file in its own request.
      expect((await server.post(C.photo.path, { id: created.id }, { token: other.token })).status).toBe(404);
      const stolen = await callEndpoint(server, C.create, form(other.machine.id, { photoFileId: fileId }), { token: other.token });
      expect(stolen.status).toBe(400);
    });

    it('refuses a file of the customer that is not a photo (a payment slip’s PDF) as the request’s photo', async () => {
      const pdf = await storeUpload(db(), { ucpId: cust.customer.ucpId, uploadedBy: cust.user.userAcUuid }, {
        fileName: 'slip.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 9,
        sha256: 'x'.repeat(64),
        content: Buffer.from('%PDF-1.4\n'),
      } as never);
      const res = await callEndpoint(server, C.create, form(cust.machine.id, { photoFileId: pdf }), { token: cust.token });
      expect(res.status).toBe(400);
      expect((res.body as { error: { fields: Record<string, string[]> } }).error.fields.photoFileId).toEqual(['serviceRequests:form.photoUnknown']);
    });

    it('checks the form: an error code for "error code", windows from today within 30 days, the customer’s active machine', async () => {
      const noCode = await callEndpoint(server, C.create, form(cust.machine.id, { errorCode: '' }), { token: cust.token });
      expect(noCode.status).toBe(400);
      expect((noCode.body as { error: { fields: Record<string, string[]> } }).error.fields.errorCode).toEqual(['serviceRequests:form.errorCodeRequired']);
      const past = await callEndpoint(server, C.create, form(cust.machine.id, { visitWindows: [{ date: '2020-01-02', slot: 'morning' }] }), { token: cust.token });
      expect(past.status).toBe(400);
      expect(errorCode(await callEndpoint(server, C.create, form(other.machine.id), { token: cust.token }))).toBe('NOT_FOUND');
      const ctx = await callEndpoint(server, C.newRequestContext, { machineId: cust.machine.id }, { token: cust.token });
      expect(ok<{ responseHours: number; machine: { serialNo: string } }>(ctx)).toMatchObject({ responseHours: 4, machine: { serialNo: cust.machine.serialNo } });
    });
    it('refuses a visit window of today whose slot is over in Hong Kong time, on its slot; the same slot tomorrow or earlier today is taken', async () => {
      const fieldsOf = async (at: Date, visitWindows: { date: string; slot: string }[]) => {
        try {
          await report(cust, at, { visitWindows });
          return null;
        } catch (err) {
          if (!isAppError(err) || err.code !== 'VALIDATION') throw err;
          return err.fields;
        }
      };
      // 20:00 HK: today's afternoon (to 18:00) and "any time" are over, tomorrow's are not.
      expect(await fieldsOf(hk('2026-11-24T20:00:00'), [{ date: '2026-11-24', slot: 'afternoon' }, { date: '2026-11-25', slot: 'afternoon' }, { date: '2026-11-24', slot: 'any' }])).toEqual({
        'visitWindows.0.slot': ['serviceRequests:form.windowOver'],
        'visitWindows.2.slot': ['serviceRequests:form.windowOver'],
      });
      // 13:00 HK: the morning (to 13:00) is over, the afternoon is still to come.
      expect(await fieldsOf(hk('2026-11-24T13:00:00'), [{ date: '2026-11-24', slot: 'morning' }])).toEqual({ 'visitWindows.0.slot': ['serviceRequests:form.windowOver'] });
      expect(await fieldsOf(hk('2026-11-24T12:59:00'), [{ date: '2026-11-24', slot: 'morning' }])).toBeNull();
      // 00:30 HK on the 25th is still the 24th in UTC: the 25th's morning is today's, and to come.
      expect(await fieldsOf(hk('2026-11-25T00:30:00'), [{ date: '2026-11-25', slot: 'morning' }])).toBeNull();
    });
  });

  describe('lifecycle', () => {
    const now = hk('2026-11-24T10:00:00');

    /** A request put straight into `status` (with the dates that status implies). */
    async function inStatus(status: ServiceStatus, p: Party = cust) {
      const r = await report(p, hk('2026-11-24T09:30:00'));
      const resolved = status === 'resolved' || status === 'closed';
      await db()
        .update(serviceRequests)
        .set({
          status,
          engineerName: ['engineer_assigned', 'on_site', 'resolved', 'closed'].includes(status) ? 'Lam Chi Keung' : null,
          resolvedAt: resolved ? hk('2026-11-24T09:45:00') : null,
          respondedAt: ['on_site', 'resolved', 'closed'].includes(status) ? hk('2026-11-24T09:40:00') : null,
        })
        .where(eq(serviceRequests.id, r.id));
      return r.id;
    }

    const run = (action: ServiceAction, id: string): Promise<unknown> => {
      const v = { id, version: 1 };
      const c = custCtx(cust, now);
      const s = staffCtx(now);
      switch (action) {
        case 'cancel':
          return sr.cancelRequest(c, { ...v, reason: 'Fixed it ourselves' });
        case 'confirm':
          return sr.confirmResolution(c, { ...v, rating: 5 });
        case 'reopen':
          return sr.reopenRequest(c, { ...v, reason: 'Jams again' });
        case 'rate':
          return sr.rateRequest(c, { ...v, rating: 4 });
        case 'acknowledge':
          return sr.acknowledge(s, v);
        case 'assign':
          return sr.assignEngineer(s, { ...v, engineerName: 'Lam Chi Keung', etaAt: hk('2026-11-24T14:00:00').toISOString() });
        case 'onSite':
          return sr.markOnSite(s, v);
        case 'resolve':
          return sr.resolve(s, { ...v, resolutionNotes: 'Replaced the fuser unit.' });
        case 'close':
          return sr.close(s, v);
      }
    };

    const expected: Record<ServiceAction, ServiceStatus> = {
      cancel: 'cancelled',
      confirm: 'closed',
      reopen: 'acknowledged',
      rate: 'closed',
      acknowledge: 'acknowledged',
      assign: 'engineer_assigned',
      onSite: 'on_site',
      resolve: 'resolved',
      close: 'closed',
    };

    // Every action from every status: the allowed ones move to their status, the others answer 409 WRONG_STATUS.
    for (const status of SERVICE_STATUSES) {
      const allowedHere = Object.entries(SERVICE_ACTIONS).filter(([, from]) => (from as readonly string[]).includes(status)).map(([a]) => a);
      it(`from ${status}: allows exactly ${allowedHere.join(', ') || 'nothing'} and refuses the rest`, async () => {
        for (const action of Object.keys(SERVICE_ACTIONS) as ServiceAction[]) {
          const id = await inStatus(status);
          const allowed = (SERVICE_ACTIONS[action] as readonly ServiceStatus[]).includes(status);
          if (allowed) {
            await run(action, id);
            const [row] = await db().select().from(serviceRequests).where(eq(serviceRequests.id, id));
            expect({ action, status: row!.status, version: row!.version }).toEqual({ action, status: expected[action], version: 2 });
          } else {
            const err = await run(action, id).then(
              () => null,
              (e: unknown) => e,
            );
            expect({ action, code: isAppError(err) ? err.code : String(err) }).toEqual({ action, code: 'SERVICE_REQUEST_WRONG_STATUS' });
          }
        }
      });
    }

    it('walks the whole way with the SLA met, timeline and audit of every staff step', async () => {
      const r = await report(cust, hk('2026-11-24T09:30:00'));
      const s = (t: string) => staffCtx(hk(t));
      await sr.acknowledge(s('2026-11-24T09:40:00'), { id: r.id, version: 1 });
      await sr.assignEngineer(s('2026-11-24T09:50:00'), { id: r.id, version: 2, engineerName: 'Lam Chi Keung', engineerPhone: '+852 9123 4567', etaAt: hk('2026-11-24T12:00:00').toISOString() });
      await sr.assignEngineer(s('2026-11-24T10:00:00'), { id: r.id, version: 3, engineerName: 'Ho Wai Man', etaAt: hk('2026-11-24T12:30:00').toISOString() });
      await sr.markOnSite(s('2026-11-24T12:20:00'), { id: r.id, version: 4 });
      const resolved = await sr.resolve(s('2026-11-24T13:00:00'), { id: r.id, version: 5, resolutionNotes: 'Replaced the fuser unit.' });
      expect(resolved.sla).toMatchObject({ state: 'met', respondedAt: hk('2026-11-24T12:20:00').toISOString() });
      const c = await sr.confirmResolution(custCtx(cust, hk('2026-11-25T09:00:00')), { id: r.id, version: 6, rating: 5, comment: 'Quick and tidy' });
      expect(c).toMatchObject({ status: 'closed', rating: 5, ratingComment: 'Quick and tidy', engineerName: 'Ho Wai Man', actions: [] });
      expect(c.timeline.map((e) => e.kind)).toEqual(['submitted', 'acknowledged', 'engineer_assigned', 'reassigned', 'on_site', 'resolved', 'closed', 'rated']);
      // Staff appear to the customer as the service desk, its own user by name.
      expect(c.timeline.find((e) => e.kind === 'acknowledged')!.actorName).toBeNull();
      const audits = await db().select({ action: auditLog.action, actor: auditLog.actorUuid }).from(auditLog).where(eq(auditLog.entityId, r.id));
      expect(audits.filter((a) => a.actor === staff.user.userAcUuid).map((a) => a.action)).toEqual(['acknowledged', 'engineer_assigned', 'reassigned', 'on_site', 'resolved']);
      const titles = await db()
        .select({ t: inboxMessages.titleEn })
        .from(inboxDeliveries)
        .innerJoin(inboxMessages, eq(inboxMessages.id, inboxDeliveries.messageId))
        .where(eq(inboxDeliveries.userAcUuid, cust.user.userAcUuid));
      expect(titles.map((x) => x.t)).toEqual(expect.arrayContaining([`Engineer assigned to ${r.reference}`, `Service request ${r.reference} resolved`, `Service request ${r.reference} closed`]));
      const events = await db().select().from(serviceRequestEvents).where(and(eq(serviceRequestEvents.requestId, r.id), eq(serviceRequestEvents.kind, 'reassigned')));
      expect(events[0]).toMatchObject({ engineerName: 'Ho Wai Man', etaAt: hk('2026-11-24T12:30:00') });
    });

    it('marks the SLA breached when the engineer arrives late, and a remote fix counts as the response', async () => {
      const late = await report(cust, hk('2026-11-24T09:00:00')); // due 13:00
      await sr.assignEngineer(staffCtx(hk('2026-11-24T09:10:00')), { id: late.id, version: 1, engineerName: 'Lam', etaAt: hk('2026-11-24T14:00:00').toISOString() });
      const onSite = await sr.markOnSite(staffCtx(hk('2026-11-24T14:05:00')), { id: late.id, version: 2 });
      expect(onSite.sla.state).toBe('breached');
      const remote = await report(cust, hk('2026-11-24T09:00:00'));
      await sr.acknowledge(staffCtx(hk('2026-11-24T09:05:00')), { id: remote.id, version: 1 });
      const fixed = await sr.resolve(staffCtx(hk('2026-11-24T10:00:00')), { id: remote.id, version: 2, resolutionNotes: 'Reset by phone.' });
      expect(fixed.sla).toMatchObject({ state: 'met', respondedAt: hk('2026-11-24T10:00:00').toISOString() });
    });

    it('shows the SLA at risk once the engineer is expected after the due time, in the request, the queue and the counts', async () => {
      const r = await report(cust, hk('2026-11-24T09:00:00')); // 4 business hours: due 13:00, at risk from 12:00
      const at = hk('2026-11-24T09:10:00');
      const onTime = await sr.assignEngineer(staffCtx(at), { id: r.id, version: 1, engineerName: 'Lam', etaAt: hk('2026-11-24T13:00:00').toISOString() });
      expect(onTime.sla.state).toBe('running');
      const late = await sr.assignEngineer(staffCtx(at), { id: r.id, version: 2, engineerName: 'Lam', etaAt: hk('2026-11-24T15:00:00').toISOString() });
      expect(late.sla.state).toBe('at_risk');
      expect((await sr.getRequest(custCtx(cust, at), r.id)).sla.state).toBe('at_risk');
      // The SQL rule (queue filter and counts) agrees with the screens'.
      const queue = await sr.listDesk(staffCtx(at), { page: 1, pageSize: 100, filter: { ucpId: cust.customer.ucpId, sla: 'at_risk' } });
      expect(queue.items.map((i) => i.id)).toContain(r.id);
      const running = await sr.listDesk(staffCtx(at), { page: 1, pageSize: 100, filter: { ucpId: cust.customer.ucpId, sla: 'running' } });
      expect(running.items.map((i) => i.id)).not.toContain(r.id);
      const before = await sr.deskSummary(staffCtx(at));
      await sr.assignEngineer(staffCtx(at), { id: r.id, version: 3, engineerName: 'Lam', etaAt: hk('2026-11-24T11:00:00').toISOString() });
      expect((await sr.deskSummary(staffCtx(at))).atRisk).toBe(before.atRisk - 1);
    });

    it('refuses an arrival in the past or more than 30 days ahead (2099 typed for 2026), and tells nobody', async () => {
      const r = await report(cust, hk('2026-11-24T09:00:00'));
      const at = staffCtx(hk('2026-11-24T10:00:00'));
      const assign = (eta: string) => sr.assignEngineer(at, { id: r.id, version: 1, engineerName: 'Lam', etaAt: hk(eta).toISOString() });
      await expect(assign('2099-12-31T23:59:00')).rejects.toMatchObject({ code: 'VALIDATION', fields: { etaAt: ['serviceDesk:errors.etaTooFar|{"days":30}'] } });
      await expect(assign('2026-12-24T10:01:00')).rejects.toMatchObject({ code: 'VALIDATION', fields: { etaAt: ['serviceDesk:errors.etaTooFar|{"days":30}'] } });
      await expect(assign('2026-11-24T09:49:00')).rejects.toMatchObject({ code: 'VALIDATION', fields: { etaAt: ['serviceDesk:errors.etaPast'] } });
      const [row] = await db().select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
      expect(row).toMatchObject({ status: 'submitted', version: 1, etaAt: null });
      // Through the API with the real clock: 400 with the field's message; exactly 30 days ahead is still fine.
      const far = await callEndpoint(server, D.assignEngineer, { id: r.id, version: 1, engineerName: 'Lam', etaAt: '2099-12-31T23:59:00+08:00' }, { token: staff.token });
      expect(far.status).toBe(400);
      expect((far.body as { error: { fields: Record<string, string[]> } }).error.fields.etaAt).toEqual(['serviceDesk:errors.etaTooFar|{"days":30}']);
      expect((await assign('2026-12-24T10:00:00')).etaAt).toBe(hk('2026-12-24T10:00:00').toISOString());
    });

    it('lets the customer confirm or reopen only within 7 days of the resolution, and rate a closed request once', async () => {
      const id = await inStatus('resolved'); // resolved 24 Nov 09:45
      const late = hk('2026-12-01T09:46:00');
      await expect(sr.confirmResolution(custCtx(cust, late), { id, version: 1 })).rejects.toMatchObject({ code: 'SERVICE_REQUEST_WINDOW_CLOSED' });
      await expect(sr.reopenRequest(custCtx(cust, late), { id, version: 1, reason: 'Again' })).rejects.toMatchObject({ code: 'SERVICE_REQUEST_WINDOW_CLOSED' });
      expect((await sr.getRequest(custCtx(cust, late), id)).actions).toEqual([]);
      expect((await sr.getRequest(custCtx(cust, hk('2026-12-01T09:44:00')), id)).actions).toEqual(['confirm', 'reopen']);
      // After 7 days the desk closes it; the customer may still rate the visit, once.
      await sr.close(staffCtx(late), { id, version: 1 });
      const rated = await sr.rateRequest(custCtx(cust, late), { id, version: 2, rating: 3, comment: 'Took two visits' });
      expect(rated).toMatchObject({ rating: 3, actions: [] });
      await expect(sr.rateRequest(custCtx(cust, late), { id, version: 3, rating: 5 })).rejects.toMatchObject({ code: 'SERVICE_REQUEST_WRONG_STATUS' });

      // Reopened: back to the desk, without the last visit's notes (QA: "What the engineer did" still showed them); the
      // timeline keeps them in its 'resolved' step.
      const reopened = await inStatus('on_site');
      await sr.resolve(staffCtx(hk('2026-11-24T11:00:00')), { id: reopened, version: 1, resolutionNotes: 'Replaced the pick-up roller.' });
      const back = await sr.reopenRequest(custCtx(cust, hk('2026-11-26T10:00:00')), { id: reopened, version: 2, reason: 'Jams again' });
      expect(back).toMatchObject({ status: 'acknowledged', reopenCount: 1, resolvedAt: null, resolutionNotes: null });
      expect(back.timeline.filter((e) => e.kind === 'resolved').map((e) => e.note)).toEqual(['Replaced the pick-up roller.']);
    });
  });

  describe('two staff at once', () => {
    it('applies one change and answers the other 409 SERVICE_REQUEST_CHANGED (translated)', async () => {
      const r = ok<{ id: string }>(await callEndpoint(server, C.create, form(cust.machine.id), { token: cust.token }));
      const second = await memberWithToken(db(), STAFF_CODES, { user: { isProviderStaff: true } });
      const eta = new Date(Date.now() + 3 * 3600_000).toISOString();
      const [a, b] = await Promise.all([
        callEndpoint(server, D.assignEngineer, { id: r.id, version: 1, engineerName: 'Lam Chi Keung', etaAt: eta }, { token: staff.token }),
        callEndpoint(server, D.assignEngineer, { id: r.id, version: 1, engineerName: 'Ho Wai Man', etaAt: eta }, { token: second.token }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(errorCode(loser)).toBe('SERVICE_REQUEST_CHANGED');
      const [row] = await db().select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
      expect(row!.version).toBe(2);
      const winner = a.status === 200 ? 'Lam Chi Keung' : 'Ho Wai Man';
      expect(row!.engineerName).toBe(winner);
      // The loser retrying with its stale version is still told; with the fresh one its step is checked against the new status.
      expect(errorCode(await callEndpoint(server, D.acknowledge, { id: r.id, version: 1 }, { token: staff.token }))).toBe('SERVICE_REQUEST_CHANGED');
      expect(errorCode(await callEndpoint(server, D.acknowledge, { id: r.id, version: 2 }, { token: staff.token }))).toBe('SERVICE_REQUEST_WRONG_STATUS');
      const en = JSON.parse(readFileSync('public/locales/en/error.json', 'utf8')) as Record<string, string>;
      const tc = JSON.parse(readFileSync('public/locales/tc/error.json', 'utf8')) as Record<string, string>;
      expect(en.SERVICE_REQUEST_CHANGED).toMatch(/Someone else updated/);
      expect(tc.SERVICE_REQUEST_CHANGED).toMatch(/已由其他人更新/);
    });
  });

  describe('tenancy and permissions', () => {
    it('shows a customer only its own requests', async () => {
      const mine = ok<{ id: string }>(await callEndpoint(server, C.create, form(cust.machine.id), { token: cust.token }));
      expect(errorCode(await callEndpoint(server, C.get, { id: mine.id }, { token: other.token }))).toBe('NOT_FOUND');
      expect(errorCode(await callEndpoint(server, C.cancel, { id: mine.id, version: 1 }, { token: other.token }))).toBe('NOT_FOUND');
      const list = ok<{ items: { id: string }[] }>(await callEndpoint(server, C.list, { page: 1, pageSize: 100 }, { token: other.token }));
      expect(list.items.map((i) => i.id)).not.toContain(mine.id);
      const own = ok<{ items: { id: string; machine: { id: string } }[] }>(
        await callEndpoint(server, C.list, { page: 1, pageSize: 100, filter: { machineId: cust.machine.id } }, { token: cust.token }),
      );
      expect(own.items.map((i) => i.id)).toContain(mine.id);
      expect(own.items.every((i) => i.machine.id === cust.machine.id)).toBe(true);
    });

    it('answers 403 without the codes: viewers read only, customers never reach the desk, desk readers cannot act', async () => {
      const viewer = await memberWithToken(db(), ['home', 'service_req_read']);
      expect((await callEndpoint(server, C.list, { page: 1, pageSize: 10 }, { token: viewer.token })).status).toBe(200);
      expect((await callEndpoint(server, C.create, form(cust.machine.id), { token: viewer.token })).status).toBe(403);
      const none = await memberWithToken(db(), ['home']);
      expect((await callEndpoint(server, C.list, { page: 1, pageSize: 10 }, { token: none.token })).status).toBe(403);
      expect((await callEndpoint(server, D.list, { page: 1, pageSize: 10 }, { token: cust.token })).status).toBe(403);
      // An admin code in a customer user's group grants nothing (effectiveCodes).
      const sneaky = await memberWithToken(db(), ['service_req_admin_read', 'service_req_admin_write']);
      expect((await callEndpoint(server, D.list, { page: 1, pageSize: 10 }, { token: sneaky.token })).status).toBe(403);
      const reader = await memberWithToken(db(), ['service_req_admin_read'], { user: { isProviderStaff: true } });
      expect((await callEndpoint(server, D.summary, {}, { token: reader.token })).status).toBe(200);
      expect((await callEndpoint(server, D.acknowledge, { id: randomUUID(), version: 1 }, { token: reader.token })).status).toBe(403);
      expect((await callEndpoint(server, D.get, { id: randomUUID() }, { token: reader.token })).status).toBe(404);
    });

    it('puts breached requests first in the queue, filters by SLA state, customer and category, and counts them', async () => {
      const old = await report(other, hk('2026-01-05T09:00:00')); // long overdue
      const queue = ok<{ items: { id: string; sla: { state: string } }[] }>(
        await callEndpoint(server, D.list, { page: 1, pageSize: 100, filter: { ucpId: other.customer.ucpId, state: 'open' } }, { token: staff.token }),
      );
      expect(queue.items[0]!.sla.state).toBe('breached');
      expect(queue.items.map((i) => i.id)).toContain(old.id);
      const breached = ok<{ items: { sla: { state: string } }[] }>(await callEndpoint(server, D.list, { page: 1, pageSize: 100, filter: { sla: 'breached' } }, { token: staff.token }));
      expect(breached.items.length).toBeGreaterThan(0);
      expect(breached.items.every((i) => i.sla.state === 'breached')).toBe(true);
      const jams = ok<{ items: { category: string }[] }>(await callEndpoint(server, D.list, { page: 1, pageSize: 100, filter: { category: 'paper_jam' } }, { token: staff.token }));
      expect(jams.items.every((i) => i.category === 'paper_jam')).toBe(true);
      const summary = ok<{ open: number; breached: number; atRisk: number }>(await callEndpoint(server, D.summary, {}, { token: staff.token }));
      expect(summary.breached).toBeGreaterThan(0);
      expect(summary.open).toBeGreaterThanOrEqual(summary.breached + summary.atRisk);
      // The admin landing page counts them for desk staff only.
      const landing = ok<{ serviceRequestsAtRisk: number | null }>(await callEndpoint(server, adminContract.endpoints.landingCounts, {}, { token: staff.token }));
      expect(landing.serviceRequestsAtRisk).toBe(summary.atRisk + summary.breached);
      const slipsOnly = await memberWithToken(db(), ['payslip_review_read'], { user: { isProviderStaff: true } });
      expect(ok<{ serviceRequestsAtRisk: number | null }>(await callEndpoint(server, adminContract.endpoints.landingCounts, {}, { token: slipsOnly.token })).serviceRequestsAtRisk).toBeNull();
      const byRef = ok<{ items: { reference: string }[] }>(await callEndpoint(server, D.list, { page: 1, pageSize: 5, filter: { q: old.reference } }, { token: staff.token }));
      expect(byRef.items.map((i) => i.reference)).toEqual([old.reference]);
      // Typed in full-width mode (a Chinese input method): the same request.
      const fullWidth = old.reference.replace(/[0-9A-Z-]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
      const byWide = ok<{ items: { reference: string }[] }>(await callEndpoint(server, D.list, { page: 1, pageSize: 5, filter: { q: fullWidth } }, { token: staff.token }));
      expect(byWide.items.map((i) => i.reference)).toEqual([old.reference]);
    });

    it('pages through requests filed at the same moment without repeating or skipping one, in every sort of both lists', async () => {
      const tied = await party(4);
      const at = hk('2026-11-02T10:00:00');
      const filed = [];
      for (let i = 0; i < 24; i++) filed.push((await report(tied, at)).id);
      await db().update(serviceRequests).set({ createdAt: at }).where(eq(serviceRequests.ucpId, tied.customer.ucpId));
      const pages = async (endpoint: typeof D.list | typeof C.list, body: Record<string, unknown>, token: string) => {
        const seen: string[] = [];
        for (let page = 1; page <= 8; page++) seen.push(...ok<{ items: { id: string }[] }>(await callEndpoint(server, endpoint, { ...body, page, pageSize: 3 }, { token })).items.map((i) => i.id));
        return seen;
      };
      for (const direction of ['asc', 'desc'] as const) {
        for (const field of ['createdAt', 'customer', 'sla'] as const) {
          const seen = await pages(D.list, { sort: { field, direction }, filter: { ucpId: tied.customer.ucpId } }, staff.token);
          expect({ field, direction, seen: [...seen].sort() }).toEqual({ field, direction, seen: [...filed].sort() });
        }
        for (const field of ['createdAt', 'status'] as const) {
          const seen = await pages(C.list, { sort: { field, direction } }, tied.token);
          expect({ field, direction, seen: [...seen].sort() }).toEqual({ field, direction, seen: [...filed].sort() });
        }
      }
    });
  });
});
