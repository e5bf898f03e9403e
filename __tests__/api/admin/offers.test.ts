import { and, eq } from 'drizzle-orm';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { offersContract } from '@/lib/offers/contract';
import { isSafeCtaUrl, type OfferFields } from '@/lib/offers/schemas';
import { auditLog } from '@/lib/server/db/schema';
import { msg } from '@/lib/zodMessages';
import { corruptPngBytes, gifBytes, jpegBytes, multipart, pngBytes } from '../bills/billFixtures';
import { createCustomer, createMember, createUser, linkUserToCustomer, createGroup, tokenFor, uniq, useStaffTokens } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer, versionOf } from '../helpers/testServer';

const { listOffers, getOffer, createOffer, updateOffer, setOfferStatus, uploadOfferImage, getOfferImage, listHomeOffers } = offersContract.endpoints;
const today = hkToday();

describeEachDb('Offers', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = () => getHandle().db;
  const tokens = useStaffTokens(db, { writer: ['offer_write'], reader: ['offer_read'] });
  const tag = uniq();

  const fields = (over: Partial<OfferFields> = {}): OfferFields => ({
    titleEn: `Spring toner sale ${tag}`,
    titleZh: `春季碳粉優惠 ${tag}`,
    descriptionEn: '20% off every toner order this month.',
    descriptionZh: '本月所有碳粉訂單八折。',
    validFrom: addDays(today, -1),
    validTo: addDays(today, 10),
    target: 'all',
    customerIds: [],
    ctaUrl: '/my-orders/manage',
    ctaLabelEn: 'Order now',
    ctaLabelZh: '立即訂購',
    ...over,
  });

  /** A customer user with `home` on a new customer, and its token. */
  const customerUser = async () => {
    const m = await createMember(db(), ['home']);
    return { ucpId: m.customer.ucpId, token: await tokenFor(m.user, m.customer.ucpId) };
  };
  const homeIds = async (token: string) => {
    const res = await callEndpoint(server, listHomeOffers, {}, { token });
    if (res.body.status !== 'success') throw new Error(JSON.stringify(res.body));
    return res.body.data.map((o) => o.id);
  };
  const created = async (over: Partial<OfferFields> = {}, publish = true) => {
    const res = await callEndpoint(server, createOffer, fields(over), { token: tokens.writer });
    if (res.body.status !== 'success') throw new Error(JSON.stringify(res.body));
    if (publish) expect((await callEndpoint(server, setOfferStatus, { id: res.body.data.id, status: 'published' }, { token: tokens.writer })).status).toBe(200);
    return res.body.data.id;
  };

  it('a draft is not shown; once published it is shown to every customer within its validity only', async () => {
    const a = await customerUser();
    const id = await created({}, false);
    expect(await homeIds(a.token)).not.toContain(id);
    await callEndpoint(server, setOfferStatus, { id, status: 'published' }, { token: tokens.writer });
    expect(await homeIds(a.token)).toContain(id);

    const future = await created({ validFrom: addDays(today, 1), validTo: addDays(today, 5) });
    const past = await created({ validFrom: addDays(today, -10), validTo: addDays(today, -1) });
    const lastDay = await created({ validFrom: addDays(today, -3), validTo: today });
    const shown = await homeIds(a.token);
    expect(shown).not.toContain(future);
    expect(shown).not.toContain(past);
    expect(shown).toContain(lastDay);
    // A published offer past its end reads as expired for staff, without anyone changing it.
    const view = await callEndpoint(server, getOffer, { id: past }, { token: tokens.reader });
    if (view.body.status !== 'success') throw new Error('expected success');
    expect(view.body.data).toMatchObject({ status: 'expired', storedStatus: 'published' });

    await callEndpoint(server, setOfferStatus, { id, status: 'expired' }, { token: tokens.writer });
    expect(await homeIds(a.token)).not.toContain(id);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'offer'), eq(auditLog.entityId, id)));
    expect(audits.map((x) => x.action)).toEqual(['create', 'publish', 'expire']);
  });

  it('an offer for chosen customers is shown to those customers only (and never on a staff home page)', async () => {
    const a = await customerUser();
    const b = await customerUser();
    const id = await created({ target: 'selected', customerIds: [a.ucpId.toLowerCase()] });
    expect(await homeIds(a.token)).toContain(id);
    expect(await homeIds(b.token)).not.toContain(id);
    // Retargeted to b: a loses it at its next request.
    expect((await callEndpoint(server, updateOffer, { id, version: await versionOf(server, getOffer, id, tokens.reader), fields: fields({ target: 'selected', customerIds: [b.ucpId] }) }, { token: tokens.writer })).status).toBe(200);
    expect(await homeIds(a.token)).not.toContain(id);
    expect(await homeIds(b.token)).toContain(id);

    const staff = await createUser(db(), { isProviderStaff: true });
    const provider = await createCustomer(db());
    await linkUserToCustomer(db(), staff, provider);
    await createGroup(db(), ['home', 'offer_read'], { overrides: { groupType: 'provider' }, members: [{ user: staff, customer: provider }] });
    const all = await created();
    expect(await homeIds(await tokenFor(staff, provider.ucpId))).toEqual([]);
    expect(await homeIds(a.token)).toContain(all);
  });

  it('validates titles, dates, target customers and the call-to-action link', async () => {
    const refused = async (over: Partial<OfferFields>, field: string) => {
      const res = await callEndpoint(server, createOffer, fields(over), { token: tokens.writer });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.status === 'error' ? (res.body.error.fields ?? {}) : {})).toContain(field);
    };
    await refused({ titleZh: '' }, 'titleZh');
    await refused({ validTo: addDays(today, -5) }, 'validTo');
    await refused({ target: 'selected', customerIds: [] }, 'customerIds');
    await refused({ target: 'selected', customerIds: ['NO_SUCH_UCP'] }, 'customerIds');
    // What cannot be a UCP id (the customers' own rule) is refused by the schema, named: not looked up.
    await refused({ target: 'selected', customerIds: ['UCP 1'] }, 'customerIds.0');
    // Unknown ids are named (upper-cased, as matched), known ones are not: one bad id among many is found at once.
    const known = await customerUser();
    const unknown = await callEndpoint(server, createOffer, fields({ target: 'selected', customerIds: [known.ucpId, 'no_such_1', 'NO_SUCH_2'] }), { token: tokens.writer });
    expect(unknown.body).toMatchObject({ status: 'error', error: { fields: { customerIds: [msg('offers:errors.customerUnknown', { ids: ['NO_SUCH_1', 'NO_SUCH_2'] })] } } });
    await refused({ ctaUrl: 'http://www.example.hk/' }, 'ctaUrl');
    await refused({ ctaUrl: 'javascript:alert(1)' }, 'ctaUrl');
    await refused({ ctaUrl: '//evil.example/path' }, 'ctaUrl');
    await refused({ ctaUrl: 'https://www.example.hk/x', ctaLabelZh: '' }, 'ctaLabelZh');
    // Button text without a link was accepted and silently dropped: the link is asked for.
    await refused({ ctaUrl: '', ctaLabelZh: '' }, 'ctaUrl');
    await refused({ ctaUrl: '', ctaLabelEn: '' }, 'ctaUrl');
    expect((await callEndpoint(server, createOffer, fields({ ctaUrl: '', ctaLabelEn: '', ctaLabelZh: '' }), { token: tokens.writer })).status).toBe(200);
    expect(isSafeCtaUrl('/my-account/manage-my-bills?tab=2')).toBe(true);
    expect(isSafeCtaUrl('https://www.example.hk/offers/a3')).toBe(true);
    expect(isSafeCtaUrl('/\\evil.example')).toBe(false);
    expect(isSafeCtaUrl('https://user:pw@example.hk/')).toBe(false);
  });

  it('takes a JPEG or PNG image checked by content, and shows it to the offer’s customers only', async () => {
    const a = await customerUser();
    const b = await customerUser();
    const id = await created({ target: 'selected', customerIds: [a.ucpId] });
    const upload = (file: { fileName: string; contentType: string; content: Buffer }, token = tokens.writer) => {
      const { body, contentType } = multipart([{ name: 'id', value: id }, { name: 'file', ...file }]);
      return server.request(uploadOfferImage.path, { token, headers: { 'Content-Type': contentType }, rawBody: body });
    };
    expect((await upload({ fileName: 'banner.gif', contentType: 'image/png', content: gifBytes() })).status).toBe(415);
    expect((await upload({ fileName: 'banner.png', contentType: 'image/png', content: corruptPngBytes() })).body).toMatchObject({ error: { code: 'FILE_CORRUPT' } });
    expect((await upload({ fileName: 'banner.png', contentType: 'image/png', content: pngBytes() }, tokens.reader)).status).toBe(403);
    expect((await upload({ fileName: 'banner.jpg', contentType: 'image/jpeg', content: jpegBytes() })).status).toBe(200);
    const png = pngBytes();
    expect((await upload({ fileName: 'banner.png', contentType: 'application/octet-stream', content: png })).status).toBe(200);

    const asA = await server.post(getOfferImage.path, { id }, { token: a.token });
    expect(asA.status).toBe(200);
    expect(asA.headers['content-type']).toBe('image/png');
    expect(Number(asA.headers['content-length'])).toBe(png.length);
    expect((await server.post(getOfferImage.path, { id }, { token: b.token })).status).toBe(404);
    expect((await server.post(getOfferImage.path, { id }, { token: tokens.reader })).status).toBe(200);
  });

  it('lists and filters offers for staff; read-only staff and customers get 403 from every write', async () => {
    const id = await created({ titleEn: `Filter me ${tag}` }, false);
    const list = await callEndpoint(server, listOffers, { page: 1, pageSize: 50, filter: { q: `filter me ${tag}`, status: ['draft'] } }, { token: tokens.reader });
    if (list.body.status !== 'success') throw new Error('expected success');
    expect(list.body.data.items.map((i) => i.id)).toEqual([id]);

    const c = await createMember(db(), ['offer_write', 'offer_read', 'home']);
    const customerToken = await tokenFor(c.user, c.customer.ucpId);
    for (const token of [tokens.reader, customerToken]) {
      expect((await callEndpoint(server, createOffer, fields(), { token })).status).toBe(403);
      expect((await callEndpoint(server, updateOffer, { id, version: new Date().toISOString(), fields: fields() }, { token })).status).toBe(403);
      expect((await callEndpoint(server, setOfferStatus, { id, status: 'published' }, { token })).status).toBe(403);
    }
    expect((await callEndpoint(server, listOffers, { page: 1, pageSize: 5 }, { token: customerToken })).status).toBe(403);
  });
});
