/**
 * Body schemas of the contracts the app shell loads on every page, in a module of their own: those contracts name
 * them through `lazyBody(() => import('@/lib/contract/bodies')…)`, so the browser never builds them and zod's core stays
 * out of the shared bundle (docs/performance.md). Forms and the server import what they need directly.
 */
import { z } from 'zod/mini';

/** `{}`: an endpoint that takes no body. */
export const emptyBody = z.strictObject({});

export const CONTENT_LANGS = ['en', 'tc'] as const;
/** `lang` defaults to en on the server; the footer always sends the page's language. */
export const contentBody = z.strictObject({ lang: z.enum(CONTENT_LANGS) });
