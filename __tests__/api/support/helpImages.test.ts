/**
 * Images in help articles (docs/support.md): staff upload a JPEG or PNG through the upload pipeline (type by content,
 * size cap, corrupt files refused), it is stored and served at /help-images/<id>, the help sanitizer keeps exactly
 * that address in a body, and a customer's article shows it.
 */
import { and, eq } from 'drizzle-orm';
import { supportAdminContract } from '@/lib/support/adminContract';
import { supportContract } from '@/lib/support/contract';
import type { HelpImageResult } from '@/lib/support/schemas';
import { auditLog, systemParams } from '@/lib/server/db/schema';
import { HELP_IMAGE_CACHE_CONTROL } from '@/lib/server/helpImageRoutes';
import { sanitizeHelpHtml } from '@/lib/server/sanitize';
import { corruptPngBytes, gifBytes, jpegBytes, multipart, pngBytes } from '../bills/billFixtures';
import { createMember, tokenFor, tokenForStaff } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer } from '../helpers/testServer';

const a = supportAdminContract.endpoints;
const c = supportContract.endpoints;

describe('help sanitizer and uploaded images', () => {
  it('keeps /help-images/<uuid> and drops look-alikes', () => {
    const id = '0f8e4b1c-2d3a-4b5c-8d7e-9f0a1b2c3d4e';
    expect(sanitizeHelpHtml(`<p>x</p><img src="/help-images/${id}" alt="Counter">`)).toContain(`<img src="/help-images/${id}" alt="Counter" />`);
    for (const src of [`/help-images/${id}/../../api/x`, `/help-images/${id}?a=1`, `https://evil.example/help-images/${id}`, `//evil.example/help-images/${id}`, '/help-images/not-a-uuid', `/help-images/${id.toUpperCase()}`]) {
      expect(sanitizeHelpHtml(`<p>x</p><img src="${src}" alt="a">`)).not.toContain('src=');
    }
  });
});

describeEachDb('help article images', (getHandle) => {
  const server = useTestServer(getHandle);
  let writer: string;
  let reader: string;
  let customer: string;
  const upload = (file: { fileName: string; contentType: string; content: Buffer }, token = writer) => {
    const { body, contentType } = multipart([{ name: 'file', ...file }]);
    return server.request(a.uploadHelpImage.path, { token, headers: { 'Content-Type': contentType }, rawBody: body });
  };

  beforeAll(async () => {
    const db = getHandle().db;
    writer = await tokenForStaff(db, ['support_content_write']);
    reader = await tokenForStaff(db, ['support_content_read']);
    const cu = await createMember(db, ['home']);
    customer = await tokenFor(cu.user, cu.customer.ucpId);
  });

  it('takes a JPEG or PNG checked by content, refuses other types, corrupt files, readers and oversized files', async () => {
    expect((await upload({ fileName: 'shot.gif', contentType: 'image/png', content: gifBytes() })).status).toBe(415);
    expect((await upload({ fileName: 'shot.png', contentType: 'image/png', content: corruptPngBytes() })).body).toMatchObject({ error: { code: 'FILE_CORRUPT' } });
    expect((await upload({ fileName: 'shot.png', contentType: 'image/png', content: pngBytes() }, reader)).status).toBe(403);
    expect((await upload({ fileName: 'shot.png', contentType: 'image/png', content: pngBytes() }, customer)).status).toBe(403);
    const jpeg = await upload({ fileName: 'shot.jpg', contentType: 'image/jpeg', content: jpegBytes() });
    expect(jpeg.status).toBe(200);

    const db = getHandle().db;
    await db.insert(systemParams).values({ paramKey: 'upload_file_size', paramValue: '0.0001' }).onConflictDoUpdate({ target: systemParams.paramKey, set: { paramValue: '0.0001' } });
    try {
      const big = await upload({ fileName: 'big.png', contentType: 'image/png', content: Buffer.concat([pngBytes(), Buffer.alloc(4096)]) });
      expect(big.status).toBe(413);
    } finally {
      await db.update(systemParams).set({ paramValue: '1' }).where(eq(systemParams.paramKey, 'upload_file_size'));
    }
  });

  it('serves the image to anyone, immutable; an article with it shows it to customers', async () => {
    const png = pngBytes();
    const res = await upload({ fileName: 'meter.png', contentType: 'application/octet-stream', content: png });
    expect(res.status).toBe(200);
    const img = (res.body as { data: HelpImageResult }).data;
    expect(img.src).toBe(`/help-images/${img.id}`);

    const got = await server.request(img.src, { method: 'GET' });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe(HELP_IMAGE_CACHE_CONTROL);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(got.headers['content-length'])).toBe(png.length);
    expect((await server.request(img.src, { method: 'GET', headers: { 'if-none-match': got.headers.etag as string } })).status).toBe(304);
    expect((await server.request('/help-images/0f8e4b1c-2d3a-4b5c-8d7e-9f0a1b2c3d4e', { method: 'GET' })).status).toBe(404);
    expect((await server.request('/help-images/../api/x', { method: 'GET' })).status).toBe(404);
    expect((await server.request(img.src, { method: 'DELETE' })).status).toBe(405);

    const audit = await getHandle().db.select().from(auditLog).where(and(eq(auditLog.entity, 'help_image'), eq(auditLog.entityId, img.id)));
    expect(audit).toHaveLength(1);

    const body = `<h3>Reading</h3><p>See the <strong>counter</strong>:</p><img src="${img.src}" alt="The counter" onerror="alert(1)"><img src="https://evil.example/x.png" alt="x">`;
    const created = await callEndpoint(
      server,
      a.createArticle,
      { topic: 'meter_reading', titleEn: 'Counter photo', titleZh: '計數器相片', summaryEn: '', summaryZh: '', bodyEn: body, bodyZh: body, sortOrder: 5, published: true },
      { token: writer },
    );
    expect(created.status).toBe(200);
    const { id } = (created.body as { data: { id: string } }).data;
    const article = await callEndpoint(server, c.getHelpArticle, { id, lang: 'tc' }, { token: customer });
    const html = (article.body as { data: { bodyHtml: string } }).data.bodyHtml;
    expect(html).toContain(`<img src="${img.src}" alt="The counter" />`);
    expect(html).not.toMatch(/onerror|evil/);
  });
});
