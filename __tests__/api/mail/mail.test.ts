import { eq } from 'drizzle-orm';
import { sanitizeDeepLink } from '@/lib/auth/deepLink';
import { serviceContext } from '@/lib/server/context';
import { outbox } from '@/lib/server/db/schema';
import { registerJobs } from '@/lib/server/jobs/registry';
import { startJobs } from '@/lib/server/jobs/runtime';
import { mailSendHandler } from '@/lib/server/jobs/start';
import { createLogger } from '@/lib/server/log';
import { queueMail } from '@/lib/server/mail/queueMail';
import { DEFAULT_RETRY, flushOutbox, retryDelayMs, smtpTransport } from '@/lib/server/mail/sender';
import { registerMailSettings } from '@/lib/server/mail/settings';
import { describeEachDb } from '../helpers/testDb';
import { startSmtp } from './smtpHelper';

const PUBLIC = 'https://portal.example.hk';
const MESSAGE_ID = '5eed0010-0000-4000-8000-000000000001';
const log = createLogger('silent');

const inboxMail = (to: string, locale: 'en' | 'tc' = 'en') =>
  ({
    to,
    template: 'inbox_message',
    locale,
    data: { ucpId: 'UCP100001', messageId: MESSAGE_ID, titleEn: 'Your <October> bill', titleZh: '十月帳單', previewEn: 'Ready to view.', previewZh: '可供查閱。' },
  }) as const;

/** Every link in a mail body that points at the portal. */
const portalLinks = (text: string): URL[] => [...text.matchAll(/https:\/\/portal\.example\.hk[^\s"<>]*/g)].map((m) => new URL(m[0].replace(/&amp;/g, '&')));

afterEach(() => {
  registerMailSettings(undefined);
  registerJobs(undefined);
});

describeEachDb('mail outbox', (getHandle) => {
  const db = () => getHandle().db;
  const ctxAt = (now: Date) => serviceContext({ db: db(), actor: null, now: () => now, log });

  it('without SMTP keeps the mail in the outbox, rendered in both languages, preferred language first', async () => {
    registerMailSettings({ publicUrl: PUBLIC, smtpConfigured: false });
    const { id } = await queueMail(ctxAt(new Date()), inboxMail('kept@example.hk', 'tc'));
    const [row] = await db().select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'kept', locale: 'tc', template: 'inbox_message', attempts: 0, nextAttemptAt: null });
    expect(row!.subject).toBe('新訊息：十月帳單 | New message: Your <October> bill');
    expect(row!.htmlBody.indexOf('lang="zh-HK"')).toBeLessThan(row!.htmlBody.indexOf('lang="en"'));
    // Data is escaped in the HTML, never markup.
    expect(row!.htmlBody).toContain('Your &lt;October&gt; bill');
    expect(row!.htmlBody).not.toContain('<October>');
    const links = portalLinks(row!.textBody);
    expect(links.map((l) => l.pathname).sort()).toEqual(['/inbox', '/tc/inbox']);
  });

  it('refuses a link to a page that is not deep-linkable', async () => {
    await expect(
      queueMail(ctxAt(new Date()), {
        to: 'x@example.hk',
        template: 'notification',
        locale: 'en',
        data: { ucpId: 'UCP1', path: '//evil.example/x', titleEn: 'a', titleZh: 'b', bodyEn: '', bodyZh: '' },
      }),
    ).rejects.toThrow('Not a deep-linkable page');
  });

  it('sends a queued mail through a real SMTP server with a working deep link', async () => {
    const smtp = await startSmtp();
    try {
      registerMailSettings({ publicUrl: PUBLIC, smtpConfigured: true });
      const now = new Date();
      const { id } = await queueMail(ctxAt(now), inboxMail('reader@example.hk'));
      const before = await db().select().from(outbox).where(eq(outbox.id, id));
      expect(before[0]).toMatchObject({ status: 'queued', attempts: 0 });

      const transport = smtpTransport(smtp.url);
      const r = await flushOutbox(ctxAt(now), { transport, from: 'Portal <no-reply@portal.example.hk>' });
      transport.close?.();
      expect(r.sent).toBeGreaterThanOrEqual(1);
      const mail = smtp.mails.find((m) => m.to.includes('reader@example.hk'));
      expect(mail).toBeDefined();
      expect(mail!.from).toBe('no-reply@portal.example.hk');
      // The deep link: /inbox?ucpid=…&id=… — exactly what /weblogin and the route guard accept.
      const link = portalLinks(mail!.decoded).find((l) => l.pathname === '/inbox');
      expect(link).toBeDefined();
      expect(link!.searchParams.get('ucpid')).toBe('UCP100001');
      expect(link!.searchParams.get('id')).toBe(MESSAGE_ID);
      expect(sanitizeDeepLink(link!.pathname, link!.search)).toEqual({ path: '/inbox', params: `ucpid=UCP100001&id=${MESSAGE_ID}` });
      const [after] = await db().select().from(outbox).where(eq(outbox.id, id));
      expect(after).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null });
      expect(after!.sentAt).not.toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it('keeps a failing mail with its error, retries with back-off and finally marks it failed', async () => {
    const smtp = await startSmtp({ reject: 'Mailbox temporarily unavailable' });
    try {
      registerMailSettings({ publicUrl: PUBLIC, smtpConfigured: true });
      const policy = { ...DEFAULT_RETRY, maxAttempts: 3, baseDelayMs: 60_000 };
      let now = new Date(Date.now() + 10 * 86_400_000); // later than any other test's mail: this one is due first
      const { id } = await queueMail(ctxAt(now), inboxMail('bounce@example.hk'));
      const transport = smtpTransport(smtp.url);
      const row = async () => (await db().select().from(outbox).where(eq(outbox.id, id)))[0]!;
      try {
        await flushOutbox(ctxAt(now), { transport, from: 'no-reply@portal.example.hk', policy });
        let r = await row();
        expect(r).toMatchObject({ status: 'queued', attempts: 1 });
        expect(r.lastError).toContain('Mailbox temporarily unavailable');
        expect(r.nextAttemptAt!.getTime()).toBe(now.getTime() + 60_000);

        // Not due yet: nothing happens.
        await flushOutbox(ctxAt(new Date(now.getTime() + 30_000)), { transport, from: 'no-reply@portal.example.hk', policy });
        expect((await row()).attempts).toBe(1);

        now = new Date(now.getTime() + 60_000);
        await flushOutbox(ctxAt(now), { transport, from: 'no-reply@portal.example.hk', policy });
        r = await row();
        expect(r).toMatchObject({ status: 'queued', attempts: 2 });
        expect(r.nextAttemptAt!.getTime()).toBe(now.getTime() + 120_000); // doubled

        now = new Date(now.getTime() + 120_000);
        await flushOutbox(ctxAt(now), { transport, from: 'no-reply@portal.example.hk', policy });
        r = await row();
        expect(r).toMatchObject({ status: 'failed', attempts: 3, nextAttemptAt: null });
        expect(r.lastError).toContain('451');
        expect(smtp.mails).toHaveLength(0);
      } finally {
        transport.close?.();
      }
    } finally {
      await smtp.close();
    }
  });

  it('back-off doubles up to its cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, { ...DEFAULT_RETRY, baseDelayMs: 1000, maxDelayMs: 5000 }))).toEqual([1000, 2000, 4000, 5000]);
  });

  it('releases a stale claim of a sender that died, and never sends a claimed mail twice', async () => {
    const smtp = await startSmtp();
    try {
      registerMailSettings({ publicUrl: PUBLIC, smtpConfigured: true });
      const now = new Date(Date.now() + 20 * 86_400_000);
      const { id } = await queueMail(ctxAt(now), inboxMail('stale@example.hk'));
      await db().update(outbox).set({ status: 'sending', claimedAt: now }).where(eq(outbox.id, id));
      const transport = smtpTransport(smtp.url);
      // Another sender at the same time: the claim is fresh, so it leaves the mail alone.
      await flushOutbox(ctxAt(now), { transport, from: 'no-reply@portal.example.hk' });
      expect(smtp.mails.filter((m) => m.to.includes('stale@example.hk'))).toHaveLength(0);
      // Eleven minutes later the claim is stale: released and sent.
      await flushOutbox(ctxAt(new Date(now.getTime() + 11 * 60_000)), { transport, from: 'no-reply@portal.example.hk' });
      transport.close?.();
      expect(smtp.mails.filter((m) => m.to.includes('stale@example.hk'))).toHaveLength(1);
      expect((await db().select().from(outbox).where(eq(outbox.id, id)))[0]!.status).toBe('sent');
    } finally {
      await smtp.close();
    }
  });

  // A batch of slow sends (a relay that throttles) outlasted the stale-claim time: another sender released the mails
  // still waiting in the batch and sent them, and then the first sender sent them again (two e-mails to a customer).
  it('a batch of slow sends: another sender meanwhile takes only what this one has not started, and every mail goes once', async () => {
    registerMailSettings({ publicUrl: PUBLIC, smtpConfigured: true });
    const policy = { ...DEFAULT_RETRY, staleClaimMs: 60_000 };
    const start = new Date(Date.now() + 30 * 86_400_000);
    let clock = start;
    const to = ['slow1@example.hk', 'slow2@example.hk', 'slow3@example.hk'];
    for (const address of to) await queueMail(ctxAt(start), inboxMail(address));
    const sent: string[] = [];
    const other = { sendMail: async (m: { to: string }) => void sent.push(m.to) };
    let calls = 0;
    // Each send takes 40 s (within the transport's time-outs); during the second, another instance's sender runs.
    const slow = {
      sendMail: async (m: { to: string }) => {
        clock = new Date(clock.getTime() + 40_000);
        calls += 1;
        if (calls === 2) await flushOutbox(ctxAt(clock), { transport: other, from: 'no-reply@portal.example.hk', policy });
        sent.push(m.to);
      },
    };
    await flushOutbox(serviceContext({ db: db(), actor: null, now: () => clock, log }), { transport: slow, from: 'no-reply@portal.example.hk', policy });
    expect(sent.filter((a) => to.includes(a)).sort()).toEqual(to);
    const rows = await db().select().from(outbox);
    expect(rows.filter((r) => to.includes(r.toAddress)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('runs as a pg-boss job: queueMail wakes the sender, which delivers; stop() is graceful', async () => {
    const smtp = await startSmtp();
    const handle = getHandle();
    const runtime = await startJobs({
      databaseUrl: handle.url,
      pglite: handle.pglite,
      log,
      schedule: false,
      pollSeconds: 0.5,
      handlers: { 'mail-send': mailSendHandler({ handle, transport: smtpTransport(smtp.url), from: 'no-reply@portal.example.hk', log }) },
    });
    try {
      registerJobs(runtime);
      registerMailSettings({ publicUrl: PUBLIC, smtpConfigured: true });
      await queueMail(serviceContext({ db: db(), actor: null, log }), inboxMail('job@example.hk', 'tc'));
      const deadline = Date.now() + 15_000;
      while (!smtp.mails.some((m) => m.to.includes('job@example.hk')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const mail = smtp.mails.find((m) => m.to.includes('job@example.hk'));
      expect(mail).toBeDefined();
      expect(mail!.decoded).toContain('新訊息：十月帳單');
      expect(portalLinks(mail!.decoded).some((l) => l.pathname === '/tc/inbox')).toBe(true);
    } finally {
      await runtime.stop(5_000);
      await smtp.close();
    }
  }, 30_000);
});
