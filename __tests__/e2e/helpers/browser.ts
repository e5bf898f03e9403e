/**
 * Browser helpers for the e2e specs (run by scripts/e2e.ts, which starts a server per jest worker and
 * lists them in E2E_BASE_URLS; each spec file talks to its worker's server).
 *
 * One Chromium per spec file, launched on the first `newPage()`; each page gets its own context (cookies, storage,
 * locale, colour scheme), which axe also needs. Call `closeBrowser` in `afterAll`.
 *
 *   afterAll(closeBrowser);
 *   const page = await newPage({ colorScheme: 'dark' });
 *   await page.goto(url('/tc/login'));
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { createGuardrails, generateSync } from 'otplib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { workerEntry } from '../../../scripts/lib/e2eWorkers';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A document a test fulfils itself (routeTelemetryTo gives pages the CSP of a server configured for telemetry) has
  // no IP address, so Chromium's Local Network Access counts it as public and refuses its calls to a collector on
  // 127.0.0.1 ("Permission was denied for this request to access the `loopback` address space"). Pages served by
  // the portal itself are loopback already; this only lifts the check for such fulfilled documents.
  '--disable-features=LocalNetworkAccessChecks',
];

const RESULTS_DIR = path.join(process.cwd(), 'test-results');

/** This worker's server under test, e.g. `http://127.0.0.1:40123` (no trailing slash). */
export function baseUrl(): string {
  const value = workerEntry(process.env.E2E_BASE_URLS, process.env.JEST_WORKER_ID);
  if (!value) throw new Error('E2E_BASE_URLS is not set: run the browser tests with `npm run test:e2e`, which starts the servers.');
  return value.replace(/\/$/, '');
}

/** The file this worker's server writes its output to (at warn level), for specs that check what it logged. */
export function serverLogFile(): string {
  const value = workerEntry(process.env.E2E_SERVER_LOGS, process.env.JEST_WORKER_ID);
  if (!value) throw new Error('E2E_SERVER_LOGS is not set: run the browser tests with `npm run test:e2e`, which starts the servers.');
  return value;
}

/** Absolute URL of a path on the server under test: `url('/tc/login')`. */
export const url = (pathname: string) => `${baseUrl()}${pathname.startsWith('/') ? '' : '/'}${pathname}`;

let browser: Promise<Browser> | undefined;

function launch(): Promise<Browser> {
  browser ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    // headless (the default) also adds --hide-scrollbars and --mute-audio: steadier screenshots.
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  const current = browser;
  browser = undefined;
  if (current) await (await current).close();
}

/**
 * The usual head of a spec: its time budget, and the browser closed after the file. With `closeAfterEach` (the page a
 * test keeps in a variable) or `trackPages` (several pages a test opens) each test's pages close after it.
 */
export function setUpBrowserSpec(timeoutMs: number): void {
  jest.setTimeout(timeoutMs);
  afterAll(closeBrowser);
}

/** Closes the test's page (its context) after each test: `let page: Page; closeAfterEach(() => page);`. */
export function closeAfterEach(current: () => Page | undefined): void {
  afterEach(async () => {
    await current()?.context().close();
  });
}

/** Pages a test opens, each closed after the test: `const track = trackPages(); const p = track(await newPage());`. */
export function trackPages(): (p: Page) => Page {
  const pages: Page[] = [];
  afterEach(async () => {
    for (const p of pages.splice(0)) await p.context().close();
  });
  return (p) => {
    pages.push(p);
    return p;
  };
}

export type NewPageOptions = {
  /** The browser's own locale (Accept-Language, Intl); the portal's language comes from the URL prefix. */
  locale?: string;
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
};

/** A page in a fresh context (no cookies or storage shared with other pages). */
export async function newPage({ locale = 'en-HK', viewport = { width: 1280, height: 800 }, colorScheme = 'light' }: NewPageOptions = {}): Promise<Page> {
  const context = await (await launch()).newContext({ locale, viewport, colorScheme, timezoneId: 'Asia/Hong_Kong' });
  return context.newPage();
}

/** Saves a full-page screenshot as `test-results/<name>.png` and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export type AxeOptions = {
  /** CSS selectors to leave out (e.g. a third-party widget). */
  exclude?: string[];
  /** axe rule ids to switch off, each with a reason in the calling spec. */
  disableRules?: string[];
};

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * Runs axe (WCAG 2.1 A/AA rules) on the page as it is now and throws when it finds a serious or critical violation,
 * listing each rule, its help and the offending elements. Returns every violation (minor/moderate ones included).
 */
export async function expectAccessible(page: Page, { exclude = [], disableRules = [] }: AxeOptions = {}): Promise<AxeViolation[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of exclude) builder = builder.exclude(selector);
  if (disableRules.length) builder = builder.disableRules(disableRules);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (blocking.length) {
    const report = blocking
      .map((v) => `- [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`)
      .join('\n');
    throw new Error(`axe found ${blocking.length} serious/critical accessibility violation(s) on ${page.url()}:\n${report}`);
  }
  return violations;
}

/**
 * Records every request the page makes from now on. `external()` lists those to any host other than the server
 * under test (the portal must work with no third-party requests: no CDNs, fonts or telemetry unless configured).
 */
export function recordRequests(page: Page): { all: () => string[]; external: () => string[] } {
  const seen: string[] = [];
  page.on('request', (req) => seen.push(req.url()));
  const ownHost = new URL(baseUrl()).host;
  return {
    all: () => [...seen],
    external: () =>
      seen.filter((u) => {
        const parsed = new URL(u);
        return /^(https?|wss?):$/.test(parsed.protocol) && parsed.host !== ownHost;
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in helpers
//
//   const landed = await signIn(page, 'customer@demo.hk');                 // → '/'
//   await signIn(page, 'mfa@demo.hk', undefined, { totp: DEMO_MFA_SECRET }); // a fresh TOTP code is generated
//   await signIn(page, 'multi@demo.hk', undefined, { ucpId: 'UCP100003' });  // chooses it on /login/select-ucp
//   const page = await newPageAs('ops@demo.hk');                           // signs in once per spec file, then reuses the cookies
//   await signOut(page);                                                   // user menu → sign out → /weblogin
//
// The demo accounts (docs/demo-data.md) are shared by every spec file of one server run, so:
// - Failed sign-ins count against the per-address throttle (20 per 15 min, docs/auth.md) and every spec signs in
//   from 127.0.0.1: a spec that fails sign-ins on purpose must keep them few. __tests__/e2e/auth uses 10 in all.
//   Never lock a demo account (5 failures): auth/signIn.spec.ts locks an id that does not exist instead.
// - Signing out revokes every API token of that user (token version + 1), so other pages signed in as the same user
//   (in any context) fail their next API call: sign out only a user the spec file is done with.
// - viewer@demo.hk has not accepted the disclaimer: its sign-ins land on /login/disclaimer until someone accepts it,
//   and auth/disclaimer.spec.ts checks exactly that first sign-in. Other specs must not accept it.
// - TOTP codes are never reused: the server refuses a time step it has already accepted, so `freshTotp` remembers
//   the last step it handed out per server run and secret (in a temp file, because jest loads this module afresh
//   for every spec file).
// ---------------------------------------------------------------------------------------------------------------

/** The password of every demo account (docs/demo-data.md). */
export const DEMO_PASSWORD = 'Portal#Demo2026';
/** The TOTP secret of mfa@demo.hk. */
export const DEMO_MFA_SECRET = 'JBSWY3DPEHPK3PXP';

export type PortalLocale = 'en' | 'tc';

/** `/login` → `/tc/login`; `/` → `/tc`. */
export const localePath = (locale: PortalLocale, pathname: string): string =>
  locale === 'tc' ? `/tc${pathname === '/' ? '' : pathname}` : pathname;

/** The pathname without its `/en` or `/tc` prefix: `/tc/login?x` → `/login`. */
export function portalPath(href: string): string {
  const { pathname } = new URL(href, baseUrl());
  return pathname.replace(/^\/(en|tc)(?=\/|$)/, '') || '/';
}

const isSignInPage = (href: string) => /^\/(web)?login\/?$/.test(portalPath(href));

const TOTP_PERIOD = 30;
// The demo secret is 10 bytes, under otplib's default minimum (the server makes the same exception, docs/auth.md).
const totpGuardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });
const totpAt = (secret: string, step: number) => generateSync({ secret, guardrails: totpGuardrails, epoch: step * TOTP_PERIOD });

function usedStepFile(secret: string): string {
  const key = createHash('sha256').update(`${baseUrl()}\n${secret}`).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `portal-e2e-totp-${key}`);
}

/**
 * A TOTP code for `secret` that the server accepts now and has not accepted before. The server takes the steps one
 * before and one after its own (docs/auth.md), so up to three codes are available per 30 s without waiting; the
 * previous step is used only early in the current one, so that it is still valid when the request arrives.
 */
export async function freshTotp(secret: string): Promise<string> {
  const file = usedStepFile(secret);
  let last = Number.NEGATIVE_INFINITY;
  try {
    last = Number(readFileSync(file, 'utf8'));
  } catch {
    // No code handed out yet in this run.
  }
  for (;;) {
    const now = Date.now() / 1000;
    const step = Math.floor(now / TOTP_PERIOD);
    const candidates = [...(now - step * TOTP_PERIOD < 15 ? [step - 1] : []), step, step + 1];
    const use = candidates.find((s) => s > last);
    if (use !== undefined) {
      writeFileSync(file, String(use));
      return totpAt(secret, use);
    }
    await new Promise((resolve) => setTimeout(resolve, ((step + 1) * TOTP_PERIOD - now) * 1000 + 100));
  }
}

/** A six-digit code that is not valid for `secret` anywhere near now. */
export function wrongTotp(secret: string): string {
  const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD);
  const valid = new Set([-3, -2, -1, 0, 1, 2, 3].map((d) => totpAt(secret, step + d)));
  let n = 123456;
  while (valid.has(String(n).padStart(6, '0'))) n = (n + 7919) % 1_000_000;
  return String(n).padStart(6, '0');
}

/** Resolves once React has hydrated `selector` (typing into server-rendered HTML before that would be lost). */
export async function waitForHydration(page: Page, selector = '[data-testid="login-submit"]'): Promise<void> {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return el !== null && Object.keys(el).some((k) => k.startsWith('__reactFiber') || k.startsWith('__reactProps'));
  }, selector);
}

/**
 * Fills the sign-in form of the current page and submits it once. Resolves to the error code next-auth answered
 * (`INVALID_CREDENTIALS`, `MFA_REQUIRED`, …) or null when the credentials were accepted. It does not wait for the
 * page to move on; `signIn` does.
 */
export async function submitSignIn(page: Page, loginId: string, password: string, totp?: string): Promise<string | null> {
  await waitForHydration(page);
  await page.getByTestId('login-id').fill(loginId);
  await page.getByTestId('password').fill(password);
  if (totp !== undefined) await page.getByTestId('totp').fill(totp);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/callback/credentials'),
    page.getByTestId('login-submit').click(),
  ]);
  const body = (await response.json().catch(() => ({}))) as { url?: string };
  const error = body.url ? new URL(body.url, baseUrl()).searchParams.get('error') : null;
  if (error) return error;
  return response.ok() ? null : `HTTP_${response.status()}`;
}

export type SignInOptions = {
  /** For an account with MFA on: its TOTP secret (a fresh code is generated) or a six-digit code. */
  totp?: string;
  /** Language of the sign-in page when the helper opens it (default `en`). */
  locale?: PortalLocale;
  /** For a user with several customers: the one to choose on /login/select-ucp. */
  ucpId?: string;
};

/**
 * Signs in through the real form: opens /login (or /tc/login) unless the page already shows a sign-in page (/login,
 * /weblogin, e.g. one carrying a deep link), answers the TOTP step when asked, and chooses `ucpId` on
 * /login/select-ucp. Resolves to the pathname the user lands on (`/`, `/login/disclaimer`, `/login/select-ucp`, a
 * deep link, with its locale prefix); throws with the error code when sign-in is refused.
 */
export async function signIn(page: Page, loginId: string, password: string = DEMO_PASSWORD, options: SignInOptions = {}): Promise<string> {
  const { totp, locale = 'en', ucpId } = options;
  if (!isSignInPage(page.url())) await page.goto(url(localePath(locale, '/login')));
  let error = await submitSignIn(page, loginId, password);
  if (error === 'MFA_REQUIRED') {
    if (!totp) throw new Error(`signing in as ${loginId} needs a TOTP code: pass { totp }`);
    await page.getByTestId('totp').waitFor();
    error = await submitSignIn(page, loginId, password, /^\d{6}$/.test(totp) ? totp : await freshTotp(totp));
  }
  if (error) throw new Error(`signing in as ${loginId} failed: ${error}`);
  await page.waitForURL((u) => !isSignInPage(u.href));
  if (ucpId && portalPath(page.url()) === '/login/select-ucp') {
    await page.getByTestId(`ucp-${ucpId}`).click();
    await page.waitForURL((u) => portalPath(u.href) !== '/login/select-ucp');
  }
  return new URL(page.url()).pathname;
}

/** Signs out through the user menu (spec §4: server-side logout, then /weblogin). */
export async function signOut(page: Page): Promise<void> {
  const session = await sessionOf(page).catch(() => null);
  const loginId = session?.profile?.loginId;
  if (loginId) for (const key of [...signedInStates.keys()]) if (key.startsWith(`${loginId}\n`)) signedInStates.delete(key);
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('sign-out').click();
  await page.waitForURL((u) => portalPath(u.href) === '/weblogin');
}

/** What `/api/auth/session` answers for a signed-in browser (lib/auth/sessionTypes.ts), `{}` when signed out. */
export type BrowserSession = Partial<{
  jwtToken: string;
  functionList: { fnCode: string }[];
  currentUser: { userAcUuid: string; ucpId: string | null };
  skipmfa: boolean;
  profile: { loginId: string; name: string; customerCount: number; needsDisclaimer: boolean; mfaEnabled: boolean };
}>;

/** The page's next-auth session, read the way the app reads it. */
export function sessionOf(page: Page): Promise<BrowserSession> {
  return page.evaluate(async () => (await fetch('/api/auth/session', { credentials: 'same-origin' })).json() as Promise<BrowserSession>);
}

/** Calls the portal's API from outside the browser (no Origin header, like a server-to-server client). */
export async function apiPost<T = unknown>(pathname: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url(pathname), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T };
}

type StoredState = Awaited<ReturnType<BrowserContext['storageState']>>;
const signedInStates = new Map<string, Promise<StoredState>>();

/**
 * A page in a fresh context that is already signed in as `loginId`. The first call per spec file (and user and
 * customer) signs in through the form; later calls reuse its cookies, so a file that visits many pages as a few users
 * signs in once per user and leaves the failure counters alone.
 */
export async function newPageAs(loginId: string, options: NewPageOptions & SignInOptions & { password?: string } = {}): Promise<Page> {
  const { totp, locale, ucpId, password, ...pageOptions } = options;
  const key = `${loginId}\n${ucpId ?? ''}`;
  let state = signedInStates.get(key);
  if (!state) {
    state = (async () => {
      const page = await newPage(pageOptions);
      try {
        await signIn(page, loginId, password, { totp, locale, ucpId });
        return await page.context().storageState();
      } finally {
        await page.context().close();
      }
    })();
    signedInStates.set(key, state);
    state.catch(() => signedInStates.delete(key));
  }
  const { cookies } = await state;
  const page = await newPage(pageOptions);
  // Sign-in remembers the user's preferred language in NEXT_LOCALE (issue 10); a page opened for a user answers in the
  // language its URL asks for unless the test asked for that locale, so specs keep reading the language they chose.
  await page.context().addCookies(locale === 'tc' ? cookies : cookies.filter((c) => c.name !== 'NEXT_LOCALE'));
  return page;
}
