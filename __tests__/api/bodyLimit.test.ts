/**
 * JSON body caps (docs/api.md, "Body size"): every endpoint's cap holds the largest body its schema accepts (each
 * character at 6 bytes), the endpoints with long texts in both languages take them in Chinese (as UTF-8 and with
 * every character escaped), a body over an endpoint's cap is still 413, and a body allowed past 100 kB is read only
 * after the token and permission checks.
 */
import { z } from 'zod';
import { bodySchema, JSON_BODY_LIMIT } from '@/lib/contract';
import { inboxBuilderContract } from '@/lib/inboxBuilder/contract';
import { meterContract } from '@/lib/meter/contract';
import { maxJsonSize, JSON_BYTES_PER_CODE_UNIT, FORMAT_STRING_UNITS } from '@/lib/server/api/bodySize';
import { apiRoutes } from '@/lib/server/api/routes';
import { BUILDER_LIMITS } from '@/lib/inboxBuilder/constants';
import { MAX_CSV_CHARS } from '@/lib/meter/constants';
import { siteContentAdminContract } from '@/lib/siteContent/adminContract';
import { popupSchema, SITE_CONTENT_LIMITS, updateSectionSchema } from '@/lib/siteContent/adminSchemas';
import { supportAdminContract } from '@/lib/support/adminContract';
import { LIMITS as SUPPORT_LIMITS } from '@/lib/support/schemas';
import { versionSchema } from '@/lib/zodText';
import { createMember, tokenFor, tokenForStaff } from './helpers/fixtures';
import { describeEachDb } from './helpers/testDb';
import { useTestServer, versionOf, type TestServer } from './helpers/testServer';

/** Every character past ASCII, and `<`, `>`, `&`, as `\uXXXX`: 6 bytes each, the most JSON can take for one. */
const escapeAll = (json: string): string => json.replace(/[\u007f-\uffff<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The footer popups' worst case: the walker cannot see the total of a language's paragraphs (`popupsText`, a
 * refinement), so the structure is measured with empty paragraphs and the total added, in both languages.
 */
function footerPopupWorstCase(): number {
  const doc = z.strictObject({
    footerPopupContentList: z.array(popupSchema.extend({ paragraphs: z.array(z.string().max(0)).max(SITE_CONTENT_LIMITS.paragraphs) })).max(SITE_CONTENT_LIMITS.popups),
  });
  const structure = maxJsonSize(z.strictObject({ id: z.literal('footer_popup'), version: versionSchema.nullable(), en: doc, tc: doc })).bytes;
  const others = updateSectionSchema.options.filter((o) => o.shape.id.value !== 'footer_popup').map((o) => maxJsonSize(o).bytes);
  return Math.max(structure + 2 * SITE_CONTENT_LIMITS.popupsText * JSON_BYTES_PER_CODE_UNIT, ...others);
}

describe('body caps against the schemas', () => {
  it('maxJsonSize is the size of the largest body, every character escaped', () => {
    const schema = z.strictObject({
      text: z.string().max(5),
      lang: z.enum(['en', 'tc']),
      ids: z.array(z.uuid()).max(2),
      note: z.string().max(3).optional(),
      flag: z.boolean(),
      code: z.string().regex(/^[A-Z]+$/),
    });
    const worst = { text: '中文<"é', lang: 'en', ids: [crypto.randomUUID(), crypto.randomUUID()], note: '\u00e9\u00e9\u00e9', flag: false, code: 'A'.repeat(FORMAT_STRING_UNITS) };
    expect(schema.safeParse(worst).success).toBe(true);
    // The walker counts every character at 6 bytes; the body written so (ASCII of a uuid too) is no larger.
    const everyCharEscaped = JSON.stringify(worst).replace(/"((?:[^"\\]|\\.)*)"/g, (_m, s: string) => `"${JSON.parse(`"${s}"`).split('').map((c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`);
    const size = maxJsonSize(schema);
    expect(Buffer.byteLength(everyCharEscaped)).toBeLessThanOrEqual(size.bytes);
    // Keys are counted escaped too, and a one-letter enum at its longest: the bound is close, not loose.
    expect(size.bytes - Buffer.byteLength(everyCharEscaped)).toBeLessThan(200);
    expect(size.unbounded).toEqual(['code']);
    expect(maxJsonSize(z.strictObject({ free: z.string() })).unknown).toEqual(['free']);
  });

  it('every JSON endpoint’s cap holds the largest body its schema accepts; a cap over 100 kB is not far over it', async () => {
    const problems: string[] = [];
    const raised: string[] = [];
    for (const [path, route] of Object.entries(apiRoutes)) {
      if (route.upload) continue;
      const size = maxJsonSize(await bodySchema(route.body));
      const worst = path === siteContentAdminContract.endpoints.updateSection.path ? footerPopupWorstCase() : size.bytes;
      const cap = route.bodyLimit ?? JSON_BODY_LIMIT;
      if (size.unknown.length) problems.push(`${path}: no bound for ${size.unknown.join(', ')}`);
      if (worst > cap) problems.push(`${path}: a body can be ${worst} bytes, the cap is ${cap}: declare withBodyLimit(…, ${Math.ceil(worst / 16_384) * 16} * 1024)`);
      if (cap > JSON_BODY_LIMIT) {
        raised.push(path);
        if (cap - worst > 64 * 1024) problems.push(`${path}: the cap ${cap} is more than 64 kB over the largest body (${worst})`);
      }
    }
    expect(problems).toEqual([]);
    // The long texts of both languages (and the long lists) are among them.
    expect(raised).toEqual(
      expect.arrayContaining([
        inboxBuilderContract.endpoints.createMessage.path,
        inboxBuilderContract.endpoints.updateMessage.path,
        inboxBuilderContract.endpoints.sendMessage.path,
        supportAdminContract.endpoints.createArticle.path,
        supportAdminContract.endpoints.updateArticle.path,
        supportAdminContract.endpoints.createFaqEntry.path,
        supportAdminContract.endpoints.updateFaqEntry.path,
        siteContentAdminContract.endpoints.updateSection.path,
        meterContract.endpoints.parseCsv.path,
      ]),
    );
  });
});

describeEachDb('long Chinese texts within the field limits are not refused for their size', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = () => getHandle().db;
  const json = { 'Content-Type': 'application/json' };
  const send = (s: TestServer, path: string, rawBody: string, token?: string, chunked = false) => s.request(path, { headers: json, rawBody, token, chunked });

  /** `n` characters of Chinese text (a sentence repeated), no blank at either end. */
  const chinese = (n: number) => '本公司會於每月首個工作天發出帳單，請於到期日前付款。'.repeat(Math.ceil(n / 26)).slice(0, n);
  /** HTML of exactly `n` characters: paragraphs of Chinese with a link (its quotes are escaped in JSON). */
  const chineseHtml = (n: number) => {
    const open = '<p><a href="/my-account/manage-my-bills">帳單</a>';
    return `${open}${chinese(n - open.length - '</p>'.length)}</p>`;
  };

  async function inboxWriter() {
    const writer = await createMember(db(), ['build_inbox_message_write'], { user: { isProviderStaff: true } });
    const target = await createMember(db(), ['home']);
    return { token: await tokenFor(writer.user, writer.customer.ucpId), ucpId: target.customer.ucpId };
  }
  const draftAtMaximum = (ucpId: string) => ({
    titleEn: chinese(BUILDER_LIMITS.title),
    titleZh: chinese(BUILDER_LIMITS.title),
    bodyEn: chineseHtml(BUILDER_LIMITS.body),
    bodyZh: chineseHtml(BUILDER_LIMITS.body),
    category: 'billing',
    audience: 'customers',
    customerIds: [ucpId],
    linkPath: '/my-account/manage-my-bills',
    notifyByEmail: false,
  });

  it('inbox builder: a draft with both bodies full in Chinese is saved, sent as UTF-8 or with every character escaped', async () => {
    const { token, ucpId } = await inboxWriter();
    const draft = draftAtMaximum(ucpId);
    expect(draft.bodyZh).toHaveLength(BUILDER_LIMITS.body);
    const utf8 = JSON.stringify(draft);
    // Over the default cap: refused with 413 before.
    expect(Buffer.byteLength(utf8)).toBeGreaterThan(JSON_BODY_LIMIT);
    const created = await send(server, inboxBuilderContract.endpoints.createMessage.path, utf8, token);
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    const stored = await server.post(inboxBuilderContract.endpoints.getMessage.path, { id }, { token });
    expect(stored.body.data.bodyZh).toContain(chinese(1000));

    const escaped = escapeAll(utf8);
    expect(Buffer.byteLength(escaped)).toBeGreaterThan(200 * 1024);
    expect((await send(server, inboxBuilderContract.endpoints.createMessage.path, escaped, token, true)).status).toBe(200);

    // Saved again and sent with the draft as the form holds it.
    const version = await versionOf(server, inboxBuilderContract.endpoints.getMessage, id, token);
    const updated = await send(server, inboxBuilderContract.endpoints.updateMessage.path, escapeAll(JSON.stringify({ id, version, draft })), token);
    expect(updated.status).toBe(200);
  });

  it('inbox builder: a body over the endpoint’s cap is 413 (declared or streamed), and nothing is saved', async () => {
    const { token, ucpId } = await inboxWriter();
    const cap = inboxBuilderContract.endpoints.createMessage.bodyLimit;
    const titleEn = `Over the cap ${crypto.randomUUID()}`;
    const base = JSON.stringify({ ...draftAtMaximum(ucpId), titleEn, bodyEn: '' });
    const over = JSON.stringify({ ...draftAtMaximum(ucpId), titleEn, bodyEn: 'x'.repeat(cap + 1 - Buffer.byteLength(base)) });
    expect(Buffer.byteLength(over)).toBe(cap + 1);
    for (const chunked of [false, true]) {
      const res = await send(server, inboxBuilderContract.endpoints.createMessage.path, over, token, chunked);
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    }
    const list = await server.post(inboxBuilderContract.endpoints.listMessages.path, { page: 1, pageSize: 20, filter: { q: titleEn } }, { token });
    expect(list.body.data.total).toBe(0);
  });

  it('a body past 100 kB is read only after the token and permission checks: a stranger gets 401, a reader 403', async () => {
    const { ucpId } = await inboxWriter();
    const big = JSON.stringify(draftAtMaximum(ucpId));
    expect(Buffer.byteLength(big)).toBeGreaterThan(JSON_BODY_LIMIT);
    const anonymous = await send(server, inboxBuilderContract.endpoints.createMessage.path, big);
    expect(anonymous.status).toBe(401);
    const reader = await createMember(db(), ['build_inbox_message_read'], { user: { isProviderStaff: true } });
    const denied = await send(server, inboxBuilderContract.endpoints.createMessage.path, big, await tokenFor(reader.user, reader.customer.ucpId));
    expect(denied.status).toBe(403);
    // Within the default cap, a malformed body is still 400 whoever sends it (read before the token).
    expect((await send(server, '/api/inbox/getEmailContent', '{"id":')).status).toBe(400);
  });

  it('help articles and FAQ entries: bodies and answers full in Chinese in both languages are saved', async () => {
    const token = await tokenForStaff(db(), ['support_content_write']);
    const a = supportAdminContract.endpoints;
    const article = {
      topic: 'bills_payment',
      titleEn: chinese(SUPPORT_LIMITS.title),
      titleZh: chinese(SUPPORT_LIMITS.title),
      summaryEn: chinese(SUPPORT_LIMITS.summary),
      summaryZh: chinese(SUPPORT_LIMITS.summary),
      bodyEn: chineseHtml(SUPPORT_LIMITS.body),
      bodyZh: chineseHtml(SUPPORT_LIMITS.body),
      sortOrder: 1,
      published: false,
    };
    for (const raw of [JSON.stringify(article), escapeAll(JSON.stringify(article))]) {
      expect(Buffer.byteLength(raw)).toBeGreaterThan(JSON_BODY_LIMIT);
      const res = await send(server, a.createArticle.path, raw, token);
      expect(res.body.error).toBeUndefined();
      expect(res.status).toBe(200);
    }
    const faq = { category: 'bills_payment', questionEn: chinese(SUPPORT_LIMITS.title), questionZh: chinese(SUPPORT_LIMITS.title), answerEn: chineseHtml(SUPPORT_LIMITS.body), answerZh: chineseHtml(SUPPORT_LIMITS.body), sortOrder: 1, published: false };
    expect((await send(server, a.createFaqEntry.path, escapeAll(JSON.stringify(faq)), token)).status).toBe(200);
  });

  it('site content: footer popups of 100,000 Chinese characters a language are saved; one more is a field error, not 413', async () => {
    const token = await tokenForStaff(db(), ['site_content_write']);
    const e = siteContentAdminContract.endpoints;
    const per = SITE_CONTENT_LIMITS.popupsText / SITE_CONTENT_LIMITS.popups;
    const doc = (extra: number) => ({
      footerPopupContentList: Array.from({ length: SITE_CONTENT_LIMITS.popups }, (_, i) => ({
        key: `popup-${i}`,
        title: chinese(SITE_CONTENT_LIMITS.popupTitle),
        paragraphs: [chinese(per - 1000 + (i === SITE_CONTENT_LIMITS.popups - 1 ? extra : 0)), chinese(1000)],
      })),
    });
    const version = (await server.post(e.getSection.path, { id: 'footer_popup' }, { token })).body.data.updatedAt as string | null;
    const full = escapeAll(JSON.stringify({ id: 'footer_popup', version, en: doc(0), tc: doc(0) }));
    expect(Buffer.byteLength(full)).toBeGreaterThan(2 * SITE_CONTENT_LIMITS.popupsText * JSON_BYTES_PER_CODE_UNIT);
    const saved = await send(server, e.updateSection.path, full, token);
    expect(saved.status).toBe(200);
    const stored = await server.post(e.getSection.path, { id: 'footer_popup' }, { token });
    expect(stored.body.data.tc.footerPopupContentList).toHaveLength(SITE_CONTENT_LIMITS.popups);

    const tooLong = await send(server, e.updateSection.path, JSON.stringify({ id: 'footer_popup', version: stored.body.data.updatedAt, en: doc(0), tc: doc(1) }), token);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields).toEqual({ 'tc.footerPopupContentList.19.paragraphs': ['siteContentAdmin:validation.popupsText|{"max":100000}'] });
  });

  it('meter readings: a CSV of 100,000 characters reaches the parser (its rows are checked, not refused for size)', async () => {
    const m = await createMember(db(), ['meter_upload_read']);
    const token = await tokenFor(m.user, m.customer.ucpId);
    const line = '機身號碼不詳,2026年1月1日,一百,零\r\n';
    const csv = line.repeat(Math.floor(MAX_CSV_CHARS / line.length)).padEnd(MAX_CSV_CHARS, '\r\n');
    expect(csv).toHaveLength(MAX_CSV_CHARS);
    const raw = JSON.stringify({ csv });
    expect(Buffer.byteLength(raw)).toBeGreaterThan(JSON_BODY_LIMIT);
    const res = await send(server, meterContract.endpoints.parseCsv.path, raw, token);
    expect(res.status).toBe(200);
    expect(res.body.data.parseErrors.length).toBeGreaterThan(100);
  });
});
