import Cookies from 'js-cookie';
import type { StorageManager } from '@mui/material/styles';
import { COLOR_MODE_COOKIE, COOKIE_MAX_AGE_DAYS, isColorMode } from './preferences';

export const MODE_STORAGE_KEY = 'portal-mode';

const cookieOptions = (): Cookies.CookieAttributes => ({
  expires: COOKIE_MAX_AGE_DAYS,
  sameSite: 'Lax',
  path: '/',
  secure: typeof window !== 'undefined' && window.location.protocol === 'https:',
});

/**
 * MUI's colour-scheme storage backed by the `colorMode` cookie instead of localStorage, so the server-rendered static
 * page and the first-paint script see the same value. Only the mode is stored; the light/dark scheme names are fixed.
 */
export const cookieStorageManager: StorageManager = ({ key }) => ({
  get(defaultValue: unknown) {
    if (typeof window === 'undefined') return undefined;
    if (key !== MODE_STORAGE_KEY) return defaultValue;
    const value = Cookies.get(COLOR_MODE_COOKIE);
    return isColorMode(value) ? value : defaultValue;
  },
  set(value: unknown) {
    if (key === MODE_STORAGE_KEY && isColorMode(value)) Cookies.set(COLOR_MODE_COOKIE, value, cookieOptions());
  },
  subscribe: () => () => undefined,
});

export function writePreferenceCookie(name: string, value: string): void {
  Cookies.set(name, value, cookieOptions());
}
