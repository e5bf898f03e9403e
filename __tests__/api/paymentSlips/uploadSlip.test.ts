import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { paymentSlipBills, paymentSlips, storedFiles, systemParams } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { createMember, tokenFor } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { type TestResponse, useTestServer } from '../helpers/testServer';
import { bigPngLike, corruptPngBytes, createBill, createSlip, gifBytes, jpegBytes, multipart, type Part, pdfBytes, pngBytes, TODAY, truncatedPdfBytes, useBillingToday, zipBytes } from '../bills/billFixtures';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';
import { billsContract } from '@/lib/bills/contract';
import { SLIP_LIMITS } from '@/lib/paymentSlips/schemas';

const UPLOAD = paymentSlipsContract.endpoints.uploadSlip.path;
const LIST_BILLS = billsContract.endpoints.listBills.path;

type Fields = { idempotencyKey?: string; billIds?: string[] | string; amountCents?: string; paymentDate?: string; paymentMethod?: string; reference?: string };
type FilePart = { fileName: string; contentType: string; content: Buffer } | null;

describeEachDb('payment slip upload', (getHandle) => {
  const server = useTestServer(getHandle);
  useBillingToday();
  const db = (): Db => getHandle().db;

  async function caller(codes: Parameters<typeof createMember>[1] = ['payslip_upload_write', 'payslip_upload_read', 'mgt_bills_read']) {
    const m = await createMember(db(), codes);
    return { ...m, ucpId: m.customer.ucpId, token: await tokenFor(m.user, m.customer.ucpId) };
  }

  function upload(token: string, fields: Fields, file: FilePart = { fileName: 'slip.png', contentType: 'image/png', content: pngBytes() }): Promise<TestResponse> {
    const parts: Part[] = [];
    for (const [name, value] of Object.entries(fields)) {
      if (Array.isArray(value)) for (const v of value) parts.push({ name, value: v });
      else if (value !== undefined) parts.push({ name, value });
    }
    if (file) parts.push({ name: 'file', ...file });
    const { body, contentType } = multipart(parts);
    return server.request(UPLOAD, { token, headers: { 'Content-Type': contentType }, rawBody: body });
  }

  const fieldsFor = (billIds: string[], amountCents: number, extra: Fields = {}): Fields => ({
    idempotencyKey: randomUUID(),
    billIds,
    amountCents: String(amountCents),
    paymentDate: '2026-11-20',
    paymentMethod: 'fps',
    reference: 'FPS 123',
    ...extra,
  });

  const counts = async (ucpId: string) => {
    const [s] = await db().select({ n: sql<number>`count(*)::int` }).from(paymentSlips).where(eq(paymentSlips.ucpId, ucpId));
    const [f] = await db().select({ n: sql<number>`count(*)::int` }).from(storedFiles).where(eq(storedFiles.ucpId, ucpId));
    return { slips: Number(s?.n), files: Number(f?.n) };
  };
  const statuses = async (token: string) => {
    const res = await server.post(LIST_BILLS, { page: 1, pageSize: 50 }, { token });
    return Object.fromEntries((res.body.data.items as { id: string; status: string }[]).map((i) => [i.id, i.status]));
  };

  it('stores the file, the slip and its links for two bills in one go; both bills show under review', async () => {
    const c = await caller();
    const a = await createBill(db(), c.ucpId, { amountCents: 100_000, dueDate: '2026-12-01', billDate: '2026-11-01' });
    const b = await createBill(db(), c.ucpId, { amountCents: 50_000, paidCents: 10_000, dueDate: '2026-11-01' });
    const content = pngBytes();
    const res = await upload(c.token, fieldsFor([a.id, b.id], 140_000), { fileName: 'C:\\fakepath\\入數紙.png', contentType: 'image/png', content });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: expect.any(String), slipNo: expect.stringMatching(/^PS-2026-\d{6}$/), status: 'pending', replayed: false });
    expect(await statuses(c.token)).toEqual({ [a.id]: 'under_review', [b.id]: 'under_review' });

    const [slip] = await db().select().from(paymentSlips).where(eq(paymentSlips.id, res.body.data.id));
    expect(slip).toMatchObject({ ucpId: c.ucpId, uploadedBy: c.user.userAcUuid, amountCents: 140_000, paymentDate: '2026-11-20', paymentMethod: 'fps', reference: 'FPS 123', status: 'pending' });
    const [file] = await db().select().from(storedFiles).where(eq(storedFiles.id, slip!.fileId));
    expect(file).toMatchObject({ ucpId: c.ucpId, fileName: '入數紙.png', mimeType: 'image/png', sizeBytes: content.length });
    expect(Buffer.compare(file!.content, content)).toBe(0);
    const links = await db().select().from(paymentSlipBills).where(eq(paymentSlipBills.slipId, slip!.id));
    expect(links.map((l) => l.billId).sort()).toEqual([a.id, b.id].sort());
  });

  it('accepts JPEG and PDF by content, billIds as a JSON array, and an amount below the balance', async () => {
    const c = await caller();
    const a = await createBill(db(), c.ucpId, { amountCents: 100_000 });
    const b = await createBill(db(), c.ucpId, { amountCents: 100_000 });
    const jpg = await upload(c.token, fieldsFor([a.id], 1, { paymentMethod: 'cheque' }), { fileName: 'photo.JPG', contentType: 'image/jpeg', content: jpegBytes() });
    expect(jpg.status).toBe(200);
    // The browser's claimed type does not matter: the bytes do.
    const pdf = await upload(c.token, { ...fieldsFor([], 99_999, { paymentMethod: 'bank_transfer' }), billIds: JSON.stringify([b.id]) }, { fileName: 'advice', contentType: 'application/octet-stream', content: pdfBytes() });
    expect(pdf.status).toBe(200);
    const [stored] = await db().select({ mime: storedFiles.mimeType }).from(paymentSlips).innerJoin(storedFiles, eq(storedFiles.id, paymentSlips.fileId)).where(eq(paymentSlips.id, pdf.body.data.id));
    expect(stored!.mime).toBe('application/pdf');
  });

  it('takes a slip for as many bills as it may pay (SLIP_LIMITS.maxBills), sent as the browser sends them: repeated billIds fields', async () => {
    // The form sends idempotencyKey, amountCents, paymentDate, paymentMethod and reference beside one billIds field
    // per bill: 16 bills or more were refused as "Too many fields" (QA), with no field to show.
    const c = await caller();
    const many = [];
    for (let i = 0; i < SLIP_LIMITS.maxBills; i += 1) many.push(await createBill(db(), c.ucpId, { amountCents: 1_000 }));
    const res = await upload(c.token, fieldsFor(many.map((b) => b.id), SLIP_LIMITS.maxBills * 1_000));
    expect(res.status).toBe(200);
    const links = await db().select().from(paymentSlipBills).where(eq(paymentSlipBills.slipId, res.body.data.id));
    expect(links).toHaveLength(SLIP_LIMITS.maxBills);
    // One bill more is the schema's refusal, naming the field (not the parser's).
    const extra = await createBill(db(), c.ucpId, { amountCents: 1_000 });
    const tooMany = await upload(c.token, fieldsFor([...many.map((b) => b.id), extra.id], 1_000));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields).toEqual({ billIds: [`paymentSlips.validation.tooManyBills|{"max":${SLIP_LIMITS.maxBills}}`] });
  });

  it('names the file as the history saves it and the download sends it: slip no. and uploaded name, with its type’s extension', async () => {
    // The history saved every slip file as its bare slip number ("PS-2026-000104", no extension: a PDF the computer
    // would not open); the list now says what the file is called, as the download's Content-Disposition does.
    const c = await caller();
    const a = await createBill(db(), c.ucpId, { amountCents: 100_000 });
    const pdf = await upload(c.token, fieldsFor([a.id], 1_000), { fileName: 'advice', contentType: 'application/octet-stream', content: pdfBytes() });
    const jpg = await upload(c.token, fieldsFor([a.id], 1_000), { fileName: '入數紙.JPEG', contentType: 'image/jpeg', content: jpegBytes() });
    expect([pdf.status, jpg.status]).toEqual([200, 200]);
    const listed = await server.post(paymentSlipsContract.endpoints.listSlips.path, { page: 1 }, { token: c.token });
    const names = Object.fromEntries((listed.body.data.items as { slipNo: string; fileName: string }[]).map((i) => [i.slipNo, i.fileName]));
    expect(names).toEqual({ [pdf.body.data.slipNo]: `${pdf.body.data.slipNo}-advice.pdf`, [jpg.body.data.slipNo]: `${jpg.body.data.slipNo}-入數紙.JPEG` });
    const file = await server.post(paymentSlipsContract.endpoints.getSlipFile.path, { id: pdf.body.data.id }, { token: c.token });
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain(`filename="${pdf.body.data.slipNo}-advice.pdf"`);
  });

  it('answers a replay of the same idempotency key with the same slip and stores nothing new', async () => {
    const c = await caller();
    const a = await createBill(db(), c.ucpId);
    const fields = fieldsFor([a.id], 1_000);
    const first = await upload(c.token, fields);
    expect(first.status).toBe(200);
    const again = await upload(c.token, fields);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ ...first.body.data, replayed: true });
    // Concurrent double submit: one slip still.
    const b = await createBill(db(), c.ucpId);
    const twin = fieldsFor([b.id], 1_000);
    const [x, y] = await Promise.all([upload(c.token, twin), upload(c.token, twin)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.data.id).toBe(y.body.data.id);
    expect(await counts(c.ucpId)).toEqual({ slips: 2, files: 2 });
  });

  describe('bad input stores nothing', () => {
    /** Refused with `status` and `code`, and the customer's slips and files are as they were (`stored`: none by default). */
    async function expectRefused(res: TestResponse, status: number, code: string, ucpId: string, stored = { slips: 0, files: 0 }) {
      expect(res.status).toBe(status);
      expect(res.body.status).toBe('error');
      expect(res.body.error.code).toBe(code);
      expect(await counts(ucpId)).toEqual(stored);
    }

    it('a file over the upload_file_size parameter: 413 while streaming', async () => {
      const c = await caller();
      const a = await createBill(db(), c.ucpId);
      await db().insert(systemParams).values({ paramKey: 'upload_file_size', paramValue: '0.01' }).onConflictDoUpdate({ target: systemParams.paramKey, set: { paramValue: '0.01' } });
      try {
        // 0.01 MB = 10,485 bytes.
        await expectRefused(await upload(c.token, fieldsFor([a.id], 100), { fileName: 'big.png', contentType: 'image/png', content: bigPngLike(11_000) }), 413, 'PAYLOAD_TOO_LARGE', c.ucpId);
        // Just under the limit passes the size check (and is then judged by content).
        const under = await upload(c.token, fieldsFor([a.id], 100), { fileName: 'ok.png', contentType: 'image/png', content: pngBytes() });
        expect(under.status).toBe(200);
      } finally {
        await db().update(systemParams).set({ paramValue: '1' }).where(eq(systemParams.paramKey, 'upload_file_size'));
      }
    });

    it('an empty file: 400 FILE_EMPTY; no file: 400 VALIDATION', async () => {
      const c = await caller();
      const a = await createBill(db(), c.ucpId);
      await expectRefused(await upload(c.token, fieldsFor([a.id], 100), { fileName: 'empty.png', contentType: 'image/png', content: Buffer.alloc(0) }), 400, 'FILE_EMPTY', c.ucpId);
      const none = await upload(c.token, fieldsFor([a.id], 100), null);
      await expectRefused(none, 400, 'VALIDATION', c.ucpId);
      expect(none.body.error.fields).toEqual({ file: ['ui.validation.required'] });
    });

    it('a GIF or ZIP named .png, or a text file: 415 by content', async () => {
      const c = await caller();
      const a = await createBill(db(), c.ucpId);
      for (const content of [gifBytes(), zipBytes(), Buffer.from('just some text, not a slip')]) {
        await expectRefused(await upload(c.token, fieldsFor([a.id], 100), { fileName: 'slip.png', contentType: 'image/png', content }), 415, 'UNSUPPORTED_MEDIA_TYPE', c.ucpId);
      }
    });

    it('a corrupt file (PNG header then junk, PDF without its end, JPEG cut short): 400 FILE_CORRUPT', async () => {
      const c = await caller();
      const a = await createBill(db(), c.ucpId);
      const jpg = jpegBytes();
      for (const [fileName, content] of [
        ['a.png', corruptPngBytes()],
        ['a.pdf', truncatedPdfBytes()],
        ['a.jpg', jpg.subarray(0, jpg.length - 2)],
      ] as const) {
        await expectRefused(await upload(c.token, fieldsFor([a.id], 100), { fileName, contentType: 'application/octet-stream', content }), 400, 'FILE_CORRUPT', c.ucpId);
      }
    });

    it('amounts that do not parse, are zero, or exceed the balance of the selected bills: 400', async () => {
      const c = await caller();
      const a = await createBill(db(), c.ucpId, { amountCents: 100_000, paidCents: 40_000 });
      const b = await createBill(db(), c.ucpId, { amountCents: 20_000 });
      for (const amountCents of ['12.50', 'abc', '-5', '0', '', '1e5']) {
        const res = await upload(c.token, fieldsFor([a.id], 0, { amountCents }));
        await expectRefused(res, 400, 'VALIDATION', c.ucpId);
        expect(Object.keys(res.body.error.fields)).toEqual(['amountCents']);
      }
      const over = await upload(c.token, fieldsFor([a.id, b.id], 80_001));
      await expectRefused(over, 400, 'PAYMENT_AMOUNT_EXCEEDS_BALANCE', c.ucpId);
      expect(over.body.error.message).toBe('The amount HK$800.01 is more than the outstanding balance HK$800.00 of the selected bills');
      expect(over.body.error.fields).toEqual({ amountCents: ['paymentSlips.validation.amountOverBalance'] });
    });

    it('dates in the future or over a year back, unknown methods, long references, bad ids: 400 with the field', async () => {
      const c = await caller();
      const a = await createBill(db(), c.ucpId);
      const cases: [Fields, string][] = [
        [{ paymentDate: '2026-11-23' }, 'paymentDate'],
        [{ paymentDate: '2025-11-21' }, 'paymentDate'],
        [{ paymentDate: '2026-02-30' }, 'paymentDate'],
        [{ paymentMethod: 'cash' }, 'paymentMethod'],
        [{ reference: 'x'.repeat(65) }, 'reference'],
        [{ billIds: ['not-a-uuid'] }, 'billIds.0'],
        [{ billIds: [] }, 'billIds'],
        [{ idempotencyKey: 'again' }, 'idempotencyKey'],
      ];
      for (const [extra, field] of cases) {
        const res = await upload(c.token, fieldsFor([a.id], 100, extra));
        await expectRefused(res, 400, 'VALIDATION', c.ucpId);
        expect(Object.keys(res.body.error.fields)).toEqual([field]);
      }
      // The limits themselves are fine: today, and exactly a year back.
      expect((await upload(c.token, fieldsFor([a.id], 100, { paymentDate: TODAY }))).status).toBe(200);
    });

    it('a bill of another customer: 404 as if it did not exist', async () => {
      const c = await caller();
      const other = await caller();
      const mine = await createBill(db(), c.ucpId);
      const theirs = await createBill(db(), other.ucpId);
      await expectRefused(await upload(c.token, fieldsFor([mine.id, theirs.id], 100)), 404, 'NOT_FOUND', c.ucpId);
      await expectRefused(await upload(c.token, fieldsFor([randomUUID()], 100)), 404, 'NOT_FOUND', c.ucpId);
    });

    it('a bill already paid: 409; a bill whose balance pending slips cover: 409; a rejected slip does not block', async () => {
      const c = await caller();
      const paid = await createBill(db(), c.ucpId, { amountCents: 5_000, paidCents: 5_000 });
      await expectRefused(await upload(c.token, fieldsFor([paid.id], 100)), 409, 'BILL_ALREADY_PAID', c.ucpId);
      const other = await caller();
      const pending = await createBill(db(), other.ucpId, { amountCents: 10_000 });
      await createSlip(db(), other.ucpId, [pending.id], { amountCents: 10_000 });
      const before = await counts(other.ucpId);
      await expectRefused(await upload(other.token, fieldsFor([pending.id], 100)), 409, 'BILL_UNDER_REVIEW', other.ucpId, before);
      const third = await caller();
      const rejected = await createBill(db(), third.ucpId);
      await createSlip(db(), third.ucpId, [rejected.id], { status: 'reject', reviewedAt: new Date() });
      expect((await upload(third.token, fieldsFor([rejected.id], 100))).status).toBe(200);
    });

    it('a slip under review for part of a bill: another slip may pay the rest, not more (QA: the bill left the form)', async () => {
      const c = await caller();
      // HK$2,628.06 due, a slip of HK$100 pending.
      const bill = await createBill(db(), c.ucpId, { amountCents: 262_806, dueDate: '2026-10-31', billDate: '2026-10-01' });
      await createSlip(db(), c.ucpId, [bill.id], { amountCents: 10_000 });
      const before = await counts(c.ucpId);
      await expectRefused(await upload(c.token, fieldsFor([bill.id], 252_807)), 400, 'PAYMENT_AMOUNT_EXCEEDS_BALANCE', c.ucpId, before);
      // Listed for the form with what is left to pay.
      const listed = await server.post(LIST_BILLS, { page: 1, pageSize: 50, filter: { status: ['unpaid', 'partly_paid', 'overdue', 'under_review'] } }, { token: c.token });
      expect(listed.body.data.items).toEqual([expect.objectContaining({ id: bill.id, balanceCents: 262_806, pendingCents: 10_000, payableCents: 252_806 })]);
      expect((await upload(c.token, fieldsFor([bill.id], 252_806))).status).toBe(200);
      // Now the pending slips cover the whole balance: no third one.
      const third = await upload(c.token, fieldsFor([bill.id], 1));
      expect(third.status).toBe(409);
      expect(third.body.error.code).toBe('BILL_UNDER_REVIEW');
    });

    it('without payslip_upload_write: 403, before the body is read', async () => {
      const c = await caller(['payslip_upload_read', 'payslip_upload_read_all', 'mgt_bills_read']);
      const a = await createBill(db(), c.ucpId);
      await expectRefused(await upload(c.token, fieldsFor([a.id], 100)), 403, 'FORBIDDEN', c.ucpId);
    });
  });
});
