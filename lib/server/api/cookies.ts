import { z } from 'zod';
import { defineHandler } from './defineHandler';

/**
 * The cookies the browser may ask us to set, and their allowed values. Anything else is a 400. They are read by the
 * inline first-paint script in `_document` (colour mode, font size before React loads) and by Next's locale
 * detection (NEXT_LOCALE), so they cannot be HttpOnly; none of them is a secret or grants anything.
 */
export const COOKIE_SETTINGS = {
  colorMode: ['light', 'dark'],
  fontSize: ['S', 'M', 'L'],
  NEXT_LOCALE: ['en', 'tc'],
} as const;

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export const setCookiesBodySchema = z
  .strictObject({
    colorMode: z.enum(COOKIE_SETTINGS.colorMode).optional(),
    fontSize: z.enum(COOKIE_SETTINGS.fontSize).optional(),
    NEXT_LOCALE: z.enum(COOKIE_SETTINGS.NEXT_LOCALE).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'name at least one cookie' });

/** Values are enum members (letters only), so no encoding is needed and no attribute can be injected. */
export function cookieHeader(name: string, value: string, secure: boolean): string {
  return `${name}=${value}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export const cookieRoutes = {
  '/api/setCookies': defineHandler({
    summary: 'Sets display cookies from an allow-list: colorMode (light/dark), fontSize (S/M/L), NEXT_LOCALE (en/tc).',
    permission: 'public',
    body: setCookiesBodySchema,
    handler: async ({ body, config, setHeader }) => {
      const entries = Object.entries(body).flatMap(([name, value]) => (value === undefined ? [] : [[name, value] as const]));
      setHeader('Set-Cookie', entries.map(([name, value]) => cookieHeader(name, value, config.isProduction)));
      return { set: entries.map(([name]) => name) };
    },
  }),
};
