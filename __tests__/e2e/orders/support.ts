/**
 * Shared pieces of the order, tracking, bill and payment-slip specs: the portal's API called with the browser's own
 * token (to read what the screens should show, and to count what was stored), waiting for list answers, headings and
 * status chips, and a small polling helper.
 */
import type { Locator, Page, Response } from 'playwright-core';
import { apiPost, expectAccessible, screenshot, sessionOf, url } from '../helpers/browser';
import { en } from '../helpers/shell';

export { en, literally, t, tc } from '../helpers/shell';

/** The API token of the page's signed-in session (the one its own requests carry). */
export async function tokenOf(page: Page): Promise<string> {
  const token = (await sessionOf(page)).jwtToken;
  if (!token) throw new Error(`no API token in the session of ${page.url()}`);
  return token;
}

type Envelope<T> = { status: 'success'; data: T } | { status: 'error'; error: { code: string; message: string } };

/** Calls `pathname` as the page's user and resolves its data; throws on an error envelope. */
export async function api<T>(page: Page, pathname: string, body: unknown = {}): Promise<T> {
  const { status, body: envelope } = await apiPost<Envelope<T>>(pathname, body, await tokenOf(page));
  if (!envelope || envelope.status !== 'success') throw new Error(`${pathname} answered ${status}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** Calls `pathname` as the page's user and resolves the HTTP status and error code (for refusals). */
export async function apiError(page: Page, pathname: string, body: unknown = {}): Promise<{ status: number; code: string | null }> {
  const { status, body: envelope } = await apiPost<Envelope<unknown>>(pathname, body, await tokenOf(page));
  return { status, code: envelope && envelope.status === 'error' ? envelope.error.code : null };
}

/** Resolves the next answer of `pathname` (optionally only one whose JSON request body satisfies `when`). */
export function nextResponse(page: Page, pathname: string, when: (body: Record<string, unknown>) => boolean = () => true): Promise<Response> {
  return page.waitForResponse((r) => {
    if (new URL(r.url()).pathname !== pathname || r.request().method() !== 'POST') return false;
    try {
      return when((r.request().postDataJSON() ?? {}) as Record<string, unknown>);
    } catch {
      return false;
    }
  });
}

/** The `data` of a JSON envelope answer. */
export async function dataOf<T>(response: Response): Promise<T> {
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.status !== 'success') throw new Error(`${response.url()} answered ${response.status()}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/**
 * Opens a detail page from its list: clicks the `link` in `row`, waits for the page at `pathname` and its `heading`,
 * and answers the data of the `api` call the page made to show it.
 */
export async function openDetail<T>(page: Page, row: Locator, to: { link: string; pathname: string; api: string; heading: string }): Promise<T> {
  const answer = nextResponse(page, to.api);
  await row.getByRole('link', { name: to.link }).click();
  await page.waitForURL((u) => u.pathname === to.pathname);
  const data = await dataOf<T>(await answer);
  await h1(page, to.heading).waitFor();
  return data;
}

/** Opens `pathname` and waits for its level-1 heading. */
export async function open(page: Page, pathname: string, heading: string): Promise<void> {
  await page.goto(url(pathname));
  await h1(page, heading).waitFor();
}

export const h1 = (page: Page, name: string): Locator => page.getByRole('heading', { level: 1, name, exact: true });

/**
 * From the admin landing page (open already), the card of `area` (`admin:landing.areas.<area>.title`) to its list
 * (`<ns>:title`), then its "add" link to the add form (`<ns>:addTitle`).
 */
export async function openAddFormFromLanding(page: Page, area: string, ns: string): Promise<void> {
  await page.getByRole('link', { name: new RegExp(en(`admin:landing.areas.${area}.title`)) }).click();
  await h1(page, en(`${ns}:title`)).waitFor();
  await page.getByRole('link', { name: en(`${ns}:add`) }).click();
  await h1(page, en(`${ns}:addTitle`)).waitFor();
}

/** The status chip of the page header (the one beside the h1). */
export const headerStatus = (page: Page): Locator => page.locator('header', { has: page.getByRole('heading', { level: 1 }) }).locator('[data-status]');

/** The rows of a DataTable (desktop layout), by its accessible name. */
export const tableRows = (page: Page, name: string): Locator => page.getByRole('table', { name, exact: true }).locator('tbody tr[data-row-id]');

/** The `data-row-id`s the table shows now. */
export const rowIds = (rows: Locator): Promise<string[]> => rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-row-id') ?? ''));

/** Polls `probe` until it returns something other than undefined (or throws after `timeout`, with the last reason). */
export async function until<T>(probe: () => Promise<T | undefined>, what: string, timeout = 10_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the table shows exactly the rows `ids` (in that order). */
export function waitForRows(rows: Locator, ids: readonly string[], what: string): Promise<true> {
  return until(async () => ((await rowIds(rows)).join() === ids.join() ? true : undefined), what);
}

/**
 * Opens the MUI select `combobox` and picks `option`, then waits until its menu has gone. While the menu is open the
 * rest of the page is aria-hidden, so a click that landed on the menu's padding while it was still growing in (seen on
 * a loaded CI machine) left every later role look-up failing; the click is repeated until the menu closes.
 */
export async function selectOption(page: Page, combobox: Locator, option: string | RegExp, exact = true): Promise<void> {
  await combobox.click();
  const listbox = page.getByRole('listbox');
  const choice = listbox.getByRole('option', { name: option, exact: typeof option === 'string' ? exact : undefined });
  await choice.click();
  for (let attempt = 0; ; attempt += 1) {
    try {
      await listbox.waitFor({ state: 'hidden', timeout: 3_000 });
      return;
    } catch (err) {
      if (attempt >= 2) throw err;
      if (await choice.isVisible()) await choice.click();
    }
  }
}

/** Picks `option` in the MUI select labelled `label` inside the list's filter toolbar. */
export async function chooseFilter(page: Page, label: string, option: string): Promise<void> {
  await selectOption(page, page.getByRole('search').getByRole('combobox', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }), option);
}

/**
 * Runs axe once the page has settled: the route progress bar of a client-side navigation gone (it is on screen for
 * a moment after each one, see the report about its role="bar") and transitions over.
 */
export async function checkAccessible(page: Page, where: string): Promise<void> {
  await page.locator('#nprogress').waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
  logViolations(where, await expectAccessible(page));
}

/** A full-page screenshot in test-results/, taken from the top (a sticky header scrolled along would cover content). */
export async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Logs axe's minor / moderate findings (serious and critical ones already failed in expectAccessible). */
export function logViolations(where: string, violations: readonly { id: string; impact?: string | null; nodes: readonly { target: unknown[] }[] }[]): void {
  if (violations.length === 0) return;
  console.info(`${where}: ${violations.map((v) => `[${v.impact}] ${v.id} × ${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`).join('\n')}`);
}

/** Hong Kong's calendar date today, optionally shifted by `days` ('YYYY-MM-DD'). */
export function hkDate(days = 0): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
