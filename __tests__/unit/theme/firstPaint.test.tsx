import { render } from '@testing-library/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { cookieStorageManager, MODE_STORAGE_KEY, writePreferenceCookie } from '@/lib/theme/cookieStorage';
import {
  COLOR_MODE_COOKIE,
  COLOR_SCHEME_ATTRIBUTE,
  FONT_SIZE_ATTRIBUTE,
  FONT_SIZE_COOKIE,
  FONT_SIZE_PX,
  FONT_SIZES,
  firstPaintScript,
} from '@/lib/theme/preferences';
import { theme } from '@/lib/theme/theme';
import { clearThemeState } from './appTheme';

const root = document.documentElement;

/** Runs the script the way pages/_document.tsx ships it: an inline <script> in <head>, executed by the page. */
function runFirstPaintScript(): void {
  const script = document.createElement('script');
  script.textContent = firstPaintScript;
  document.head.appendChild(script);
  script.remove();
}

/** Sets raw cookies (not through js-cookie), as a browser would send whatever the jar holds. */
function setRawCookies(...pairs: string[]): void {
  for (const pair of pairs) document.cookie = `${pair}; path=/`;
}

const applied = () => ({ mode: root.getAttribute(COLOR_SCHEME_ATTRIBUTE), size: root.getAttribute(FONT_SIZE_ATTRIBUTE) });

beforeEach(clearThemeState);
afterAll(clearThemeState);

describe('first-paint script (lib/theme/preferences.ts)', () => {
  it('is executed as an inline script (sanity check of the harness)', () => {
    runFirstPaintScript();
    expect(applied()).toEqual({ mode: 'light', size: 'M' });
  });

  it('applies the saved colour mode and font size before React loads', () => {
    setRawCookies(`${COLOR_MODE_COOKIE}=dark`, `${FONT_SIZE_COOKIE}=L`);
    runFirstPaintScript();
    expect(applied()).toEqual({ mode: 'dark', size: 'L' });
  });

  it.each(FONT_SIZES)('applies font size %s among other cookies', (size) => {
    setRawCookies('session=abc', `${FONT_SIZE_COOKIE}=${size}`, `${COLOR_MODE_COOKIE}=light`, 'NEXT_LOCALE=tc');
    runFirstPaintScript();
    expect(applied()).toEqual({ mode: 'light', size });
  });

  it('overrides the defaults the server rendered into <html>', () => {
    root.setAttribute(COLOR_SCHEME_ATTRIBUTE, 'light');
    root.setAttribute(FONT_SIZE_ATTRIBUTE, 'M');
    setRawCookies(`${COLOR_MODE_COOKIE}=dark`, `${FONT_SIZE_COOKIE}=S`);
    runFirstPaintScript();
    expect(applied()).toEqual({ mode: 'dark', size: 'S' });
  });

  it.each([
    ['unknown values', [`${COLOR_MODE_COOKIE}=purple`, `${FONT_SIZE_COOKIE}=XL`]],
    ['lower-case size and capitalised mode', [`${COLOR_MODE_COOKIE}=Dark`, `${FONT_SIZE_COOKIE}=l`]],
    ['valid values with trailing garbage', [`${COLOR_MODE_COOKIE}=darkest`, `${FONT_SIZE_COOKIE}=Large`]],
    ['empty values', [`${COLOR_MODE_COOKIE}=`, `${FONT_SIZE_COOKIE}=`]],
    ['cookies whose names only end with ours', [`my${COLOR_MODE_COOKIE}=dark`, `x${FONT_SIZE_COOKIE}=L`]],
  ])('ignores %s (light / M)', (_label, cookies) => {
    setRawCookies(...cookies);
    runFirstPaintScript();
    expect(applied()).toEqual({ mode: 'light', size: 'M' });
  });

  it('reads exactly what the client writes (cookie storage manager and applyFontSize share the cookie names)', () => {
    cookieStorageManager({ key: MODE_STORAGE_KEY }).set('dark');
    writePreferenceCookie(FONT_SIZE_COOKIE, 'S');
    runFirstPaintScript();
    expect(applied()).toEqual({ mode: 'dark', size: 'S' });
  });
});

describe('root font size (lib/theme/theme.ts)', () => {
  it('maps S / M / L to 12 / 14 / 16 px, as spec §9 asks', () => {
    expect(FONT_SIZE_PX).toEqual({ S: 12, M: 14, L: 16 });
    const html = (theme.components?.MuiCssBaseline?.styleOverrides as { html: Record<string, unknown> }).html;
    expect(html).toEqual(
      expect.objectContaining({
        fontSize: '14px',
        '&[data-font-size="S"]': { fontSize: '12px' },
        '&[data-font-size="L"]': { fontSize: '16px' },
      }),
    );
    // Typography in rem is measured against a 14 px root.
    expect(theme.typography.htmlFontSize).toBe(14);
  });

  it.each([
    ['S', '12px'],
    ['M', '14px'],
    ['L', '16px'],
  ])('the CssBaseline stylesheet gives <html data-font-size="%s"> a %s root font size', (size, px) => {
    render(
      <ThemeProvider theme={theme}>
        <CssBaseline />
      </ThemeProvider>,
    );
    root.setAttribute(FONT_SIZE_ATTRIBUTE, size);
    expect(getComputedStyle(root).fontSize).toBe(px);
  });
});
