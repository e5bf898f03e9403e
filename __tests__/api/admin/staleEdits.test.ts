/**
 * Optimistic concurrency of the staff edits that save a whole record (docs/api.md, "Edits name the version they
 * loaded"): two tabs open the same record; the first saves; the second, still holding the version it loaded, is
 * refused with 409 RECORD_CHANGED and changes nothing; saving again with the current version works, and so does a
 * second save after a save (each save makes a new version, even within the same millisecond).
 */
import { eq } from 'drizzle-orm';
import { customersContract } from '@/lib/customers/contract';
import { inboxBuilderContract } from '@/lib/inboxBuilder/contract';
import { offersContract } from '@/lib/offers/contract';
import { renewalContract } from '@/lib/renewal/contract';
import { faqEntries, helpArticles, inboxMessages, offers, renewalOffers, userAccounts, userGroupMembers, userGroups, customers, usefulLinks } from '@/lib/server/db/schema';
import { siteContentAdminContract } from '@/lib/siteContent/adminContract';
import { storedDocument } from '@/lib/server/services/siteContent/admin';
import { supportAdminContract } from '@/lib/support/adminContract';
import { userGroupsContract } from '@/lib/userGroups/contract';
import { usersContract } from '@/lib/users/contract';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { recordFailure } from '@/lib/server/services/auth/lockout';
import { startMfaEnrolment } from '@/lib/server/services/auth/mfaEnrolment';
import { acceptDisclaimer, logout } from '@/lib/server/services/auth/session';
import { createGroup, createMember, uniq, useStaffTokens } from '../helpers/fixtures';
import { renewalOfferFields } from '../helpers/renewalFixtures';
import { describeEachDb } from '../helpers/testDb';
import { useTestServer, versionOf, type TestServer } from '../helpers/testServer';

type Answer = { status: number; body: { status: string; data?: Record<string, unknown>; error?: { code: string } } };

/**
 * One update endpoint: `create` makes a record (its id and version), `update(id, version, text)` saves `text` into
 * one field, `stored(id)` reads that field from the row.
 */
type Case = {
  name: string;
  create: () => Promise<{ id: string; version: string }>;
  update: (id: string, version: string, text: string) => Promise<Answer>;
  stored: (id: string) => Promise<string>;
  /** The version after a successful save (`answer`), as the edit form would load it again. */
  reread: (id: string, answer: Answer) => Promise<string>;
};

describeEachDb('Stale staff edits (409 RECORD_CHANGED)', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = () => getHandle().db;
  const tokens = useStaffTokens(db, {
    staff: [
      'ucp_cust_main_write',
      'user_ac_main_write',
      'user_group_main_write',
      'offer_write',
      'renewal_offer_write',
      'build_inbox_message_write',
      'support_content_write',
      'site_content_write',
    ],
  });
  const post = async (s: TestServer, path: string, body: unknown): Promise<Answer> => (await s.post(path, body, { token: tokens.staff })) as Answer;
  const created = (a: Answer): string => {
    if (a.body.status !== 'success') throw new Error(JSON.stringify(a.body));
    return a.body.data!.id as string;
  };
  const version = (endpoint: { path: string; body: unknown }, id: string) => versionOf(server, endpoint, id, tokens.staff);
  const today = hkToday();

  const C = customersContract.endpoints;
  const U = usersContract.endpoints;
  const G = userGroupsContract.endpoints;
  const O = offersContract.endpoints;
  const R = renewalContract.endpoints;
  const I = inboxBuilderContract.endpoints;
  const S = supportAdminContract.endpoints;
  const SC = siteContentAdminContract.endpoints;

  const customerFields = (contactName: string) => ({
    nameEn: 'Stale Edit Trading Limited',
    nameZh: '舊版編輯貿易有限公司',
    brNo: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
    billingAddressEn: '1 Queen’s Road Central',
    billingAddressZh: '皇后大道中1號',
    contactName,
    contactPhone: '+852 2111 2222',
    contactEmail: 'stale@example.hk',
    receiveHardcopyBill: false,
  });
  const brNos = new Map<string, string>();
  const offerFields = (descriptionZh: string) => ({
    titleEn: 'Stale offer',
    titleZh: '舊版優惠',
    descriptionEn: '',
    descriptionZh,
    validFrom: today,
    validTo: addDays(today, 10),
    target: 'all' as const,
    customerIds: [],
    ctaUrl: '',
    ctaLabelEn: '',
    ctaLabelZh: '',
  });
  const renewalFields = (offerCode: string, nameEn: string) => renewalOfferFields({ offerCode, nameEn });
  const renewalCodes = new Map<string, string>();
  const draft = (titleEn: string) => ({
    titleEn,
    titleZh: '服務時間',
    bodyEn: '<p>Hours</p>',
    bodyZh: '<p>時間</p>',
    category: 'service' as const,
    audience: 'all_customers' as const,
    customerIds: [],
    groupIds: [],
    linkPath: '',
    notifyByEmail: false,
  });
  const article = (titleEn: string) => ({ topic: 'portal_use' as const, titleEn, titleZh: '標題', summaryEn: '', summaryZh: '', bodyEn: '<p>Body</p>', bodyZh: '<p>內文</p>', sortOrder: 1, published: false });
  const faq = (questionEn: string) => ({ category: 'portal_use' as const, questionEn, questionZh: '問題', answerEn: '<p>A</p>', answerZh: '<p>答</p>', sortOrder: 1, published: false });
  const link = (titleEn: string) => ({ titleEn, titleZh: '連結', descriptionEn: '', descriptionZh: '', url: 'https://example.hk', sortOrder: 1, published: false });
  const users = new Map<string, { ucpId: string; groupId: string }>();
  /**
   * The usual case: `create` adds a record with `body('first')` and answers its id, `get` loads its version, and
   * `update` saves `{ id, version, ...edit(text) }`.
   */
  type Endpoints = Record<'create' | 'get' | 'update', { path: string; body: unknown }>;
  const addThenEdit = (name: string, e: Endpoints, body: (text: string) => object, edit: (text: string) => object, stored: Case['stored']): Case => ({
    name,
    create: async () => {
      const id = created(await post(server, e.create.path, body('first')));
      return { id, version: await version(e.get, id) };
    },
    update: (id, v, text) => post(server, e.update.path, { id, version: v, ...edit(text) }),
    stored,
    reread: (id) => version(e.get, id),
  });
  /** A site-content section's version (its `updatedAt`; null while never saved), as its edit form loads it. */
  const sectionVersion = async (id: string) => ((await post(server, SC.getSection.path, { id })).body.data!.updatedAt ?? null) as string | null;
  /** The chat link carries the text in its query: `https://chat.example.hk/?t=<text>`. */
  const chatLink = (text: string) => `https://chat.example.hk/?t=${encodeURIComponent(text)}`;
  const saveChat = (version: string | null, text: string) => post(server, SC.updateSection.path, { id: 'chat_link', version, en: { link: chatLink(text) }, tc: { link: chatLink(text) } });

  const cases: Case[] = [
    {
      name: 'customers/updateCustomer',
      create: async () => {
        const id = `UCP${uniq()}`.toUpperCase();
        const fields = customerFields('');
        brNos.set(id, fields.brNo);
        created(await post(server, C.createCustomer.path, { ucpId: id, ...fields }));
        return { id, version: await version(C.getCustomer, id) };
      },
      update: (id, v, text) => post(server, C.updateCustomer.path, { id, version: v, ...customerFields(text), brNo: brNos.get(id) }),
      stored: async (id) => (await db().select().from(customers).where(eq(customers.ucpId, id)))[0]!.contactName,
      reread: (id) => version(C.getCustomer, id),
    },
    {
      name: 'users/updateUser',
      create: async () => {
        const m = await createMember(db(), ['home']);
        users.set(m.user.userAcUuid, { ucpId: m.customer.ucpId, groupId: m.group.id });
        return { id: m.user.userAcUuid, version: await version(U.getUser, m.user.userAcUuid) };
      },
      update: (id, v, text) => {
        const link = users.get(id)!;
        return post(server, U.updateUser.path, { id, version: v, name: text, email: 'stale.user@example.hk', preferredLanguage: 'en', skipMfa: false, links: [{ ucpId: link.ucpId, groupIds: [link.groupId] }] });
      },
      stored: async (id) => (await db().select().from(userAccounts).where(eq(userAccounts.userAcUuid, id)))[0]!.name,
      reread: (id) => version(U.getUser, id),
    },
    {
      name: 'userGroups/updateGroup',
      create: async () => {
        const g = await createGroup(db(), ['home']);
        return { id: g.id, version: await version(G.getGroup, g.id) };
      },
      update: (id, v, text) => post(server, G.updateGroup.path, { id, version: v, nameEn: text, nameZh: '群組', description: '', kind: 'customer', codes: ['home'] }),
      stored: async (id) => (await db().select().from(userGroups).where(eq(userGroups.id, id)))[0]!.nameEn,
      reread: (id) => version(G.getGroup, id),
    },
    addThenEdit(
      'offers/updateOffer',
      { create: O.createOffer, get: O.getOffer, update: O.updateOffer },
      offerFields,
      (text) => ({ fields: offerFields(text) }),
      async (id) => (await db().select().from(offers).where(eq(offers.id, id)))[0]!.descriptionZh,
    ),
    {
      name: 'renewal/saveOffer',
      create: async () => {
        const code = `T-OCC-${uniq().toUpperCase()}`;
        const res = await post(server, R.saveOffer.path, { offer: renewalFields(code, 'first') });
        const id = created(res);
        renewalCodes.set(id, code);
        return { id, version: res.body.data!.updatedAt as string };
      },
      update: (id, v, text) => post(server, R.saveOffer.path, { id, version: v, offer: renewalFields(renewalCodes.get(id)!, text) }),
      stored: async (id) => (await db().select().from(renewalOffers).where(eq(renewalOffers.id, id)))[0]!.nameEn,
      // The edit dialog reads the offer by id (getOffer).
      reread: (id) => version(R.getOffer, id),
    },
    addThenEdit(
      'inboxBuilder/updateMessage',
      { create: I.createMessage, get: I.getMessage, update: I.updateMessage },
      draft,
      (text) => ({ draft: draft(text) }),
      async (id) => (await db().select().from(inboxMessages).where(eq(inboxMessages.id, id)))[0]!.titleEn,
    ),
    addThenEdit(
      'supportAdmin/updateArticle',
      { create: S.createArticle, get: S.getArticle, update: S.updateArticle },
      article,
      article,
      async (id) => (await db().select().from(helpArticles).where(eq(helpArticles.id, id)))[0]!.titleEn,
    ),
    addThenEdit(
      'supportAdmin/updateFaqEntry',
      { create: S.createFaqEntry, get: S.getFaqEntry, update: S.updateFaqEntry },
      faq,
      faq,
      async (id) => (await db().select().from(faqEntries).where(eq(faqEntries.id, id)))[0]!.questionEn,
    ),
    addThenEdit(
      'supportAdmin/updateLink',
      { create: S.createLink, get: S.getLink, update: S.updateLink },
      link,
      link,
      async (id) => (await db().select().from(usefulLinks).where(eq(usefulLinks.id, id)))[0]!.titleEn,
    ),
    {
      name: 'siteContentAdmin/updateSection',
      // The sections are fixed: "create" saves the chat link once (from whatever version it has, null if never saved).
      create: async () => {
        expect((await saveChat(await sectionVersion('chat_link'), 'first')).body).toMatchObject({ status: 'success' });
        return { id: 'chat_link', version: (await sectionVersion('chat_link'))! };
      },
      update: (_id, v, text) => saveChat(v, text),
      stored: async (id) => {
        const doc = (await storedDocument(db(), id as 'chat_link', 'tc')) as { link: string };
        return new URL(doc.link).searchParams.get('t') ?? '';
      },
      reread: async (id) => (await sectionVersion(id))!,
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s: a stale version is 409 RECORD_CHANGED and changes nothing; the current one saves', async (_name, c) => {
    const { id, version: loaded } = await c.create();

    // Tab 1 saves with the version both tabs loaded.
    const first = await c.update(id, loaded, 'Tab one');
    expect(first.body).toMatchObject({ status: 'success' });
    expect(await c.stored(id)).toBe('Tab one');

    // Tab 2 still holds the version it loaded: refused, the row keeps tab 1's value.
    const stale = await c.update(id, loaded, 'Tab two');
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('RECORD_CHANGED');
    expect(await c.stored(id)).toBe('Tab one');

    // With the record read again (its new version) the same save goes through, and a second save after it too.
    const current = await c.reread(id, first);
    expect(current).not.toBe(loaded);
    const retried = await c.update(id, current, 'Tab two');
    expect(retried.body).toMatchObject({ status: 'success' });
    expect(await c.stored(id)).toBe('Tab two');
    const next = await c.reread(id, retried);
    expect(next).not.toBe(current);
    expect((await c.update(id, next, 'Again')).body).toMatchObject({ status: 'success' });
    expect(await c.stored(id)).toBe('Again');
  });

  it('what the user does itself (a failed sign-in, the disclaimer, MFA set-up, logout) does not make a staff edit stale', async () => {
    const c = cases.find((x) => x.name === 'users/updateUser')!;
    const { id, version: loaded } = await c.create();
    await recordFailure(db(), id);
    await acceptDisclaimer(db(), { userAcUuid: id });
    await startMfaEnrolment(db(), { userAcUuid: id });
    await logout(db(), { userAcUuid: id });
    const saved = await c.update(id, loaded, 'Edited while the user signed in and out');
    expect(saved.body).toMatchObject({ status: 'success' });
    expect(await c.stored(id)).toBe('Edited while the user signed in and out');
  });

  it('a group membership added or removed moves the user\'s version: a user edit loaded before (it carries the groups) is 409 and undoes nothing', async () => {
    const c = cases.find((x) => x.name === 'users/updateUser')!;
    const { id, version: loaded } = await c.create();
    const [user] = await db().select().from(userAccounts).where(eq(userAccounts.userAcUuid, id));
    const { ucpId } = users.get(id)!;
    const other = await createGroup(db(), ['home']);
    const added = await post(server, G.addGroupMember.path, { id: other.id, loginId: user!.loginId, ucpId });
    expect(added.body).toMatchObject({ status: 'success' });
    // The form loaded before holds only the first group: saving it would take the new one away again.
    const stale = await c.update(id, loaded, 'Stale after a membership');
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('RECORD_CHANGED');
    const memberOf = async () => (await db().select({ g: userGroupMembers.groupId }).from(userGroupMembers).where(eq(userGroupMembers.userAcUuid, id))).map((r) => r.g).sort();
    expect(await memberOf()).toContain(other.id);

    const afterAdd = await c.reread(id, added);
    expect(afterAdd).not.toBe(loaded);
    const removed = await post(server, G.removeGroupMember.path, { id: other.id, userId: id, ucpId });
    expect(removed.body).toMatchObject({ status: 'success' });
    expect((await c.update(id, afterAdd, 'Stale after a removal')).status).toBe(409);
    expect(await memberOf()).not.toContain(other.id);
    // Nothing changed (already a member / not a member): the version stays.
    const current = await c.reread(id, removed);
    expect((await post(server, G.removeGroupMember.path, { id: other.id, userId: id, ucpId })).body).toMatchObject({ status: 'success' });
    expect(await c.reread(id, removed)).toBe(current);
    expect((await c.update(id, current, 'Current')).body).toMatchObject({ status: 'success' });
  });

  it('two saves of the same version sent at once: exactly one is saved, the other is 409', async () => {
    const c = cases[0]!;
    const { id, version: loaded } = await c.create();
    const answers = await Promise.all([c.update(id, loaded, 'Tab one'), c.update(id, loaded, 'Tab two')]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const winner = answers.find((x) => x.status === 200) === answers[0] ? 'Tab one' : 'Tab two';
    expect(await c.stored(id)).toBe(winner);
  });

  it('site content: a section saved by someone else is 409 also for an edit loaded before it was ever saved (version null)', async () => {
    const { version: loaded } = await cases.find((x) => x.name === 'siteContentAdmin/updateSection')!.create();
    const neverSaved = await saveChat(null, 'Loaded before the first save');
    expect(neverSaved.status).toBe(409);
    expect(neverSaved.body.error?.code).toBe('RECORD_CHANGED');
    // Missing version: 400.
    expect((await post(server, SC.updateSection.path, { id: 'chat_link', en: { link: '' }, tc: { link: '' } })).status).toBe(400);
    expect((await saveChat(loaded, 'Current')).body).toMatchObject({ status: 'success' });
  });

  it('a missing version is 400 VALIDATION; an unknown record is 404', async () => {
    const g = await createGroup(db(), ['home']);
    const noVersion = await post(server, G.updateGroup.path, { id: g.id, nameEn: 'x', nameZh: 'x', description: '', kind: 'customer', codes: ['home'] });
    expect(noVersion.status).toBe(400);
    const renewalNoVersion = await post(server, R.saveOffer.path, { id: g.id, offer: renewalFields(`T-OCC-${uniq().toUpperCase()}`, 'x') });
    expect(renewalNoVersion.status).toBe(400);
    const unknown = await post(server, G.updateGroup.path, { id: '00000000-0000-4000-8000-000000000000', version: new Date().toISOString(), nameEn: 'x', nameZh: 'x', description: '', kind: 'customer', codes: ['home'] });
    expect(unknown.status).toBe(404);
  });
});
