/**
 * Colour mode and font size live in cookies (spec §1) so the first paint of a static page can apply them: the inline
 * script in pages/_document.tsx reads the same names before React loads.
 */
export const COLOR_MODE_COOKIE = 'colorMode';
export const FONT_SIZE_COOKIE = 'fontSize';
export const LOCALE_COOKIE = 'NEXT_LOCALE';
export const COOKIE_MAX_AGE_DAYS = 365;

export type ColorMode = 'light' | 'dark';
export type FontSize = 'S' | 'M' | 'L';
export const FONT_SIZES: readonly FontSize[] = ['S', 'M', 'L'];
/** Spec §9: small 12, medium 14, large 16 px. */
export const FONT_SIZE_PX: Record<FontSize, number> = { S: 12, M: 14, L: 16 };

export const isFontSize = (v: unknown): v is FontSize => v === 'S' || v === 'M' || v === 'L';
export const isColorMode = (v: unknown): v is ColorMode => v === 'light' || v === 'dark';

/** The attribute MUI's CSS-variables theme keys its colour schemes on. */
export const COLOR_SCHEME_ATTRIBUTE = 'data-mui-color-scheme';
export const FONT_SIZE_ATTRIBUTE = 'data-font-size';

/**
 * Runs in <head> before first paint. Kept tiny and dependency-free; it must agree with lib/theme/cookieStorage.ts
 * (whole values only: `fontSize=Large` is garbage, not L).
 */
export const firstPaintScript = `(function(){try{var c=document.cookie,d=document.documentElement;
var m=/(?:^|; )${COLOR_MODE_COOKIE}=(light|dark)(?:;|$)/.exec(c);d.setAttribute('${COLOR_SCHEME_ATTRIBUTE}',m?m[1]:'light');
var f=/(?:^|; )${FONT_SIZE_COOKIE}=(S|M|L)(?:;|$)/.exec(c);d.setAttribute('${FONT_SIZE_ATTRIBUTE}',f?f[1]:'M');}catch(e){}})();`;
