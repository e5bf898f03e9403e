/**
 * A list's filters fit the phone they are shown on: every filter box stays inside the filter toolbar at 390 and 320 px,
 * in English and Traditional Chinese. Two date boxes of a range at a fixed 170 px each ran 16 px past the other
 * filters' right edge on a 390 px phone (every list with a date range).
 */
import type { Page } from 'playwright-core';
import { closeAfterEach, closeBrowser, newPageAs, url } from '../helpers/browser';

afterAll(closeBrowser);

let page: Page;
closeAfterEach(() => page);

const LISTS = ['/my-orders/manage', '/my-orders/track', '/my-account/manage-my-bills', '/my-account/meter-history'];

/** Each filter control's overflow past the toolbar's left and right edges, in px (0 when it fits). */
const overflowOf = (p: Page) =>
  p.getByTestId('filter-bar').evaluate((bar) => {
    const box = bar.getBoundingClientRect();
    return [...bar.querySelectorAll('.MuiFormControl-root')].map((el) => {
      const r = el.getBoundingClientRect();
      return { label: el.querySelector('label')?.textContent ?? '', past: Math.max(0, Math.round(r.right - box.right), Math.round(box.left - r.left)) };
    });
  });

describe.each([
  ['en', 390],
  ['tc', 390],
  ['en', 320],
] as const)('%s at %i px', (locale, width) => {
  it.each(LISTS)('%s: every filter box fits the toolbar', async (path) => {
    page = await newPageAs('customer@demo.hk', { viewport: { width, height: 800 }, locale });
    await page.goto(url(locale === 'tc' ? `/tc${path}` : path));
    await page.getByTestId('filter-bar').waitFor();
    const boxes = await overflowOf(page);
    expect(boxes.length).toBeGreaterThanOrEqual(2);
    expect(boxes.filter((b) => b.past > 0)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
