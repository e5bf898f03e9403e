import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '@/lib/server/db/types';
import { isDatabaseUnavailable, loggableError } from '@/lib/server/errors';
import { applyHeaders, securityHeaders, sendJson } from '@/lib/server/http';
import type { Logger } from '@/lib/server/log';
import { readHelpImage } from '@/lib/server/services/support/images';

/**
 * `GET /help-images/<uuid>`: an image staff uploaded into a help article (docs/support.md), for `<img src>` on the
 * customers' quick-help pages. Public (help content is published, the id is random), never changes once stored
 * (immutable cache for a year), served with the type detected at upload and `nosniff`, and a CSP that runs nothing
 * should someone open it as a page. HEAD as GET without the body; other methods 405; unknown id 404.
 */
export const HELP_IMAGE_PREFIX = '/help-images/';
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const HELP_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function createHelpImageHandler({ db, log }: { db: Db; log?: Pick<Logger, 'warn' | 'error'> }) {
  const base = securityHeaders();
  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    applyHeaders(res, { ...base, 'Cache-Control': 'no-store' });
    const id = pathname.slice(HELP_IMAGE_PREFIX.length);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendJson(res, 405, { status: 'error', error: { code: 'METHOD_NOT_ALLOWED', message: 'Use GET' } });
      return;
    }
    try {
      const image = ID.test(id) ? await readHelpImage(db, id) : null;
      if (!image) {
        sendJson(res, 404, { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } });
        return;
      }
      const etag = `"${image.sha256}"`;
      applyHeaders(res, {
        'Cache-Control': HELP_IMAGE_CACHE_CONTROL,
        'Content-Type': image.mimeType,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        ETag: etag,
      });
      if (req.headers['if-none-match'] === etag) {
        res.statusCode = 304;
        res.end();
        return;
      }
      res.statusCode = 200;
      res.setHeader('Content-Length', image.content.length);
      res.end(req.method === 'HEAD' ? undefined : image.content);
    } catch (err) {
      const down = isDatabaseUnavailable(err);
      if (down) res.setHeader('Retry-After', '5');
      log?.[down ? 'warn' : 'error']({ err: loggableError(err) }, 'help image read failed');
      sendJson(res, down ? 503 : 500, { status: 'error', error: { code: down ? 'SERVICE_UNAVAILABLE' : 'INTERNAL', message: 'Something went wrong' } });
    }
  };
}
