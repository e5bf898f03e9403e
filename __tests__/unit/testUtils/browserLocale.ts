/**
 * A browser whose own language is not the page's: `Number#toLocaleString()` without a locale answers in `tag`
 * (a German browser writes 1.234 for 1,234). Numbers on a page must follow the page's language instead
 * (lib/i18n/locales `numberFormat`), so a test under this setting sees the difference.
 */
export function useBrowserLocale(tag: string): void {
  let restore: (() => void) | null = null;
  beforeEach(() => {
    const original = Number.prototype.toLocaleString;
    const spy = jest.spyOn(Number.prototype, 'toLocaleString').mockImplementation(function (this: number, locales?: Intl.LocalesArgument, options?: Intl.NumberFormatOptions) {
      return original.call(this, locales ?? tag, options);
    });
    restore = () => spy.mockRestore();
  });
  afterEach(() => restore?.());
}
