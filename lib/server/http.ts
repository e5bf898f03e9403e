import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '@/lib/server/errors';

/**
 * Headers on every response of the portal (pages get the same from next.config.js). HSTS is not here: it depends on
 * the request's scheme (lib/server/hsts.ts).
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
  return headers;
}

export function applyHeaders(res: ServerResponse, headers: Record<string, string | string[]>): void {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
}

export const JSON_BODY_LIMIT = 100 * 1024;

/**
 * Reads a JSON body with a cap: Content-Length over the cap is refused before reading; a chunked body is counted as
 * it arrives and the read stops at the cap. An empty body is `{}`.
 */
export async function readJsonBody(req: IncomingMessage, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new AppError('PAYLOAD_TOO_LARGE', { publicMessage: `Body over ${limit} bytes` });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw new AppError('PAYLOAD_TOO_LARGE', { publicMessage: `Body over ${limit} bytes` });
    }
    chunks.push(chunk);
  }
  if (size === 0) return {};
  const type = String(req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { publicMessage: 'Send the body as application/json' });
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new AppError('MALFORMED_JSON', { publicMessage: 'The body is not valid JSON' });
  }
}

/**
 * Refuses state-changing requests from another site (next-auth's CSRF token covers only its own routes). A browser
 * always sends Sec-Fetch-Site or Origin on a cross-site POST; requests with neither (curl, server-to-server) pass.
 */
export function assertSameSite(req: IncomingMessage, trustProxy: boolean): void {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site') throw new AppError('CROSS_SITE');
  const origin = req.headers.origin;
  if (origin === undefined) return;
  if (origin === 'null') throw new AppError('CROSS_SITE');
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    throw new AppError('CROSS_SITE');
  }
  const forwarded = trustProxy ? String(req.headers['x-forwarded-host'] ?? '').split(',', 1)[0]!.trim() : '';
  const host = (forwarded || req.headers.host || '').toLowerCase();
  if (originHost !== host) throw new AppError('CROSS_SITE');
}

export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = String(req.headers['x-forwarded-for'] ?? '').split(',', 1)[0]!.trim();
    if (fwd) return fwd;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}
