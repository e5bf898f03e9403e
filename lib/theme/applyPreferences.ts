import { FONT_SIZE_ATTRIBUTE, FONT_SIZE_COOKIE, isFontSize, type FontSize } from './preferences';
import { writePreferenceCookie } from './cookieStorage';

/** Applies a font size now (root attribute) and for the next first paint (cookie). */
export function applyFontSize(size: FontSize | string): void {
  if (!isFontSize(size)) return;
  document.documentElement.setAttribute(FONT_SIZE_ATTRIBUTE, size);
  writePreferenceCookie(FONT_SIZE_COOKIE, size);
}

export function currentFontSize(): FontSize {
  const v = typeof document === 'undefined' ? null : document.documentElement.getAttribute(FONT_SIZE_ATTRIBUTE);
  return isFontSize(v) ? v : 'M';
}
