/**
 * Route permissions in the browser (spec §2, §6; DESIGN.md "the guard"): for every protected route of the route table
 * whose page exists (read from pages/ when the spec loads, so new screens are covered as they land), a demo user
 * holding one of its codes sees the page and one holding none of them sees `common:no_permission_to_access`; a
 * signed-out visitor sees the A001 session message. Each user signs in once for the whole file.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { canAccess, toGrants } from '@/lib/permissions/canAccess';
import { ROUTES, type RouteRule } from '@/lib/permissions/routes';
import { closeBrowser, newPage, newPageAs, portalPath, sessionOf, url, type PortalLocale } from '../helpers/browser';
import { t } from './texts';

const DUMMY_ID = 'e2e-dummy-id';

function pageExists(routePath: string): boolean {
  const base = path.join(process.cwd(), 'pages', routePath === '/' ? 'index' : routePath.slice(1));
  return ['.tsx', '.ts', '.jsx', '.js'].some((ext) => existsSync(`${base}${ext}`) || existsSync(path.join(base, `index${ext}`)));
}

const PROTECTED = ROUTES.filter((r) => !r.isPublic && r.anyOf.length > 0 && pageExists(r.path));
const hrefOf = (rule: RouteRule) => rule.path.replace('[id]', DUMMY_ID);

/**
 * Who may be asked, in order of preference. viewer@demo.hk is left out on purpose (its disclaimer belongs to
 * disclaimer.spec.ts), multi@demo.hk too (it needs a customer chosen first); ops@demo.hk holds `all`.
 */
const MAY_SEE = ['customer@demo.hk', 'admin@demo.hk', 'staff@demo.hk', 'ops@demo.hk'];
const MAY_NOT_SEE = ['staff@demo.hk', 'customer@demo.hk', 'admin@demo.hk'];

const pages = new Map<string, Promise<Page>>();
const codes = new Map<string, string[]>();

/** One signed-in page per user for the whole file. */
function pageOf(loginId: string): Promise<Page> {
  let page = pages.get(loginId);
  if (!page) {
    page = newPageAs(loginId).then(async (p) => {
      await p.goto(url('/login'));
      codes.set(loginId, ((await sessionOf(p)).functionList ?? []).map((f) => f.fnCode));
      return p;
    });
    pages.set(loginId, page);
  }
  return page;
}

async function pickUser(rule: RouteRule, allowed: boolean): Promise<string> {
  for (const loginId of allowed ? MAY_SEE : MAY_NOT_SEE) {
    await pageOf(loginId);
    if (canAccess(toGrants(codes.get(loginId)), rule.anyOf) === allowed) return loginId;
  }
  throw new Error(`no demo user ${allowed ? 'holds' : 'lacks'} a code of ${rule.path} (${rule.anyOf.join(', ')})`);
}

// By role: Next's route announcer repeats the heading's text after a client-side navigation.
const noPermission = (page: Page, locale: PortalLocale) =>
  page.getByRole('heading', { level: 1, name: t(locale, 'common:no_permission_to_access'), exact: true });
const sessionMissing = (page: Page, locale: PortalLocale) => page.getByRole('heading', { level: 1, name: t(locale, 'error:A001'), exact: true });

/**
 * Opens `href`: a full page load the first time a page is used (the guard on a fresh load), then through Next's own
 * client-side router (the same guard, without reloading the scripts: the file visits every built route).
 */
const loaded = new WeakSet<Page>();
async function open(page: Page, href: string, { fullLoad = false }: { fullLoad?: boolean } = {}): Promise<void> {
  if (fullLoad || !loaded.has(page)) {
    await page.goto(url(href));
    loaded.add(page);
    return;
  }
  await page.evaluate(async (target) => {
    const next = (window as unknown as { next?: { router?: { push: (to: string) => Promise<boolean> } } }).next;
    if (!next?.router) throw new Error('Next router not ready');
    await next.router.push(target);
  }, href);
}

async function expectAllowed(page: Page, href: string, options?: { fullLoad?: boolean }): Promise<void> {
  await open(page, href, options);
  await page.waitForURL((u) => portalPath(u.href) === portalPath(url(href)));
  const heading = page.getByRole('heading', { level: 1 }).first();
  await heading.waitFor();
  const text = (await heading.innerText()).trim();
  expect({ href, denied: await noPermission(page, 'en').count(), heading: text.length > 0 }).toEqual({ href, denied: 0, heading: true });
}

async function expectDenied(page: Page, href: string, { locale = 'en', fullLoad }: { locale?: PortalLocale; fullLoad?: boolean } = {}): Promise<void> {
  await open(page, href, { fullLoad });
  await page.waitForURL((u) => portalPath(u.href) === portalPath(url(href)));
  await noPermission(page, locale).waitFor();
  // Inside the layout, so the user can navigate away.
  expect(await page.getByTestId('user-menu-button').count()).toBe(1);
}

afterAll(async () => {
  await closeBrowser();
});

it('finds the built protected routes', () => {
  expect(PROTECTED.map((r) => r.path)).toEqual(expect.arrayContaining(['/', '/my-orders/manage']));
});

describe.each(PROTECTED.map((r) => [r.path, r] as const))('%s', (_path, rule) => {
  it('a user holding one of its codes sees it; one holding none sees the no-permission message', async () => {
    const href = hrefOf(rule);
    await expectAllowed(await pageOf(await pickUser(rule, true)), href);
    await expectDenied(await pageOf(await pickUser(rule, false)), href);
  });
});

it('/en/… and /tc/… prefixes are guarded like the bare route (full page loads)', async () => {
  const rule = PROTECTED.find((r) => r.path === '/my-orders/manage') ?? PROTECTED[0]!;
  const allowed = await pageOf(await pickUser(rule, true));
  const denied = await pageOf(await pickUser(rule, false));
  await expectAllowed(allowed, `/en${hrefOf(rule)}`, { fullLoad: true });
  await expectAllowed(allowed, `/tc${hrefOf(rule)}`, { fullLoad: true });
  await expectDenied(denied, `/en${hrefOf(rule)}`, { fullLoad: true });
  await expectDenied(denied, `/tc${hrefOf(rule)}`, { locale: 'tc', fullLoad: true });
});

describe('signed out', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage();
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it.each(PROTECTED.map((r) => [hrefOf(r)]))('%s shows the A001 session message, with a way to sign in', async (href) => {
    // Deep-link pages without `ucpid` are ordinary protected pages: no redirect, the same message.
    await open(page, href);
    await page.waitForURL((u) => portalPath(u.href) === portalPath(url(href)));
    await sessionMissing(page, 'en').waitFor();
    await page.getByRole('button', { name: t('en', 'common:signIn'), exact: true }).waitFor();
  });

  it('has no session', async () => {
    expect(await sessionOf(page)).toEqual({});
  });

  it('in Traditional Chinese too', async () => {
    await open(page, '/tc/account', { fullLoad: true });
    await sessionMissing(page, 'tc').waitFor();
  });
});
