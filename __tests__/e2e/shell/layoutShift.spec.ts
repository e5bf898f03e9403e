/**
 * Layout shift on a phone (issue 15: CLS ≤ 0.1 in Lighthouse mobile). The signed-in pages paint before their data
 * arrives; what arrives later must land in room kept for it. Each page is opened at Lighthouse's phone size with every
 * API call (not the session) held back 700 ms, so the placeholders are surely painted first, and the browser's own
 * `layout-shift` entries are summed once the data is in. Before the fix: inbox 0.23 (the footer pushed out by the
 * list), meter history 0.46 (the machine cards inserted above the chart), home 0.35 (the customer / last sign-in line
 * and the cards' figures).
 *
 * Also the placeholders' own sizes (the machine row, an inbox row) against the loaded content's, and the meter-history
 * heading order (axe `heading-order`: the machine cards' h3 came right after the h1, Lighthouse accessibility 99).
 */
import type { Page } from 'playwright-core';
import { closeBrowser, newPageAs, url } from '../helpers/browser';

afterAll(closeBrowser);

/** Lighthouse's mobile screen (Moto G Power). */
const PHONE = { width: 412, height: 823 };
const API_DELAY_MS = 700;

type Shift = { value: number; sources: string[] };

let page: Page;

afterEach(async () => {
  await page?.context().close();
});

/** A signed-in phone page that records layout shifts from its first paint and answers every API call late. */
async function phonePage(): Promise<Page> {
  const p = await newPageAs('customer@demo.hk', { viewport: PHONE });
  await p.route(/\/api\/(?!auth\/)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await route.continue();
  });
  await p.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node ? `#text "${(node.textContent ?? '').slice(0, 40)}"` : '?';
      const id = node.getAttribute('data-testid');
      return `${node.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''} "${(node.textContent ?? '').slice(0, 40)}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] }[]) {
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, sources: entry.sources.map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return p;
}

/** The shifts so far, after the page has had time to paint what arrived last. */
async function shiftsOf(p: Page): Promise<{ total: number; shifts: Shift[] }> {
  await p.waitForTimeout(API_DELAY_MS + 500);
  const shifts = await p.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

/** No shift worth naming (each listed with what moved, so a failure says which element it was), and a small total. */
function expectStill({ total, shifts }: { total: number; shifts: Shift[] }) {
  expect(shifts.filter((s) => s.value >= 0.01)).toEqual([]);
  expect(total).toBeLessThan(0.05);
}

const height = (p: Page, selector: string) => p.locator(selector).first().evaluate((el) => el.getBoundingClientRect().height);

/** Opens `path` on a phone and returns the height of `selector` while the placeholder `placeholderId` shows. */
async function heightWhileLoading(path: string, placeholderId: string, selector: string): Promise<number> {
  page = await phonePage();
  await page.goto(url(path));
  // Measured in the page (polled every frame) while a placeholder is painted: a wait followed by a separate look-up
  // could come after the data on a loaded machine and find no placeholder, or one being taken down.
  const painted = await page.waitForFunction(
    ([id, sel]) => {
      const placeholder = document.querySelector(`[data-testid="${id}"]`);
      const h = placeholder && placeholder.getBoundingClientRect().height > 0 ? (document.querySelector(sel)?.getBoundingClientRect().height ?? 0) : 0;
      return h > 0 ? h : null;
    },
    [placeholderId, selector] as const,
  );
  return (await painted.jsonValue()) as number;
}

it('inbox: the list arrives in the room its placeholder rows kept', async () => {
  const placeholderRow = await heightWhileLoading('/inbox', 'inbox-skeleton-row', '[data-testid="inbox-skeleton-row"]');
  await page.getByTestId('inbox-item').first().waitFor();
  expectStill(await shiftsOf(page));
  // A row with a one-line title is exactly as tall as a placeholder row.
  const rows = await page.locator('[data-testid="inbox-list"] > li').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
  expect(Math.min(...rows)).toBeCloseTo(placeholderRow, 0);
});

it('meter history: the machines arrive in a row as tall as its placeholder cards; headings in order', async () => {
  const placeholderRow = await heightWhileLoading('/my-account/meter-history', 'machine-skeleton', '[data-testid="machine-strip"]');
  await page.locator('[data-testid^="machine-"]:not([data-testid="machine-strip"]):not([data-testid="machine-skeleton"])').first().waitFor();
  await page.getByTestId('usage-table').locator('tbody tr').first().waitFor();
  expectStill(await shiftsOf(page));
  expect(await height(page, '[data-testid="machine-strip"]')).toBeCloseTo(placeholderRow, 0);

  // No heading level skipped on the way down (h1 → h3 failed axe heading-order).
  const levels = await page.locator('main').evaluate((main) => [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])));
  expect(levels[0]).toBe(1);
  const skips = levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1);
  expect(skips).toEqual([]);
});

it('home: the customer, the last sign-in and the cards’ figures arrive without moving the cards', async () => {
  page = await phonePage();
  await page.goto(url('/'));
  await page.getByTestId('home-card-orders').waitFor();
  await page.getByTestId('home-card-bills-figure').waitFor();
  await page.getByTestId('home-card-orders-figure').waitFor();
  await page.waitForFunction(() => (document.querySelector('[data-testid="home-last-login"]')?.textContent ?? '') !== '');
  expectStill(await shiftsOf(page));
});
