import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { JSON_BODY_LIMIT } from '@/lib/contract';
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

export { JSON_BODY_LIMIT };

/**
 * Reads a JSON body with a cap (JSON_BODY_LIMIT, or the endpoint's own `bodyLimit`): Content-Length over the cap is
 * refused before reading; a chunked body is counted as it arrives and the read stops at the cap. An empty body is `{}`.
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
 * How many proxies in front of the portal are trusted to append to X-Forwarded-For / set X-Forwarded-Host and
 * -Proto (TRUST_PROXY_HOPS; TRUST_PROXY=1 alone means one). `true` is one hop, `false` none: the socket's peer.
 */
export type TrustedHops = boolean | number;

const hopsOf = (trust: TrustedHops): number => (trust === true ? 1 : trust === false ? 0 : Math.max(0, Math.trunc(trust)));

/** Every entry of a forwarding header, in order (several header lines are one comma-separated list). */
function headerList(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * The entry a trusted proxy wrote. Each proxy appends the address it received the request from, so the right-most
 * entry is the one our own (nearest) proxy saw and the client cannot forge; with N trusted hops the client is the
 * N-th entry from the right. Anything further left was sent by the client and is ignored. Fewer entries than hops:
 * the left-most one (the farthest any trusted proxy saw). No entry at all: undefined.
 */
export function trustedForwardedEntry(value: string | string[] | undefined, trust: TrustedHops): string | undefined {
  const hops = hopsOf(trust);
  if (hops === 0) return undefined;
  const list = headerList(value);
  if (list.length === 0) return undefined;
  return list[Math.max(0, list.length - hops)];
}

/** Host the browser addressed: X-Forwarded-Host from a trusted proxy (same rule as the address), else Host. */
export function requestHost(req: IncomingMessage, trust: TrustedHops): string {
  return (trustedForwardedEntry(req.headers['x-forwarded-host'], trust) || req.headers.host || '').toLowerCase();
}

/** Scheme the browser used: X-Forwarded-Proto from a trusted proxy, else that of the socket. */
export function requestProto(req: IncomingMessage, trust: TrustedHops): 'http' | 'https' {
  const fwd = trustedForwardedEntry(req.headers['x-forwarded-proto'], trust)?.toLowerCase();
  if (fwd === 'http' || fwd === 'https') return fwd;
  return (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
}

/**
 * Refuses state-changing requests from another site (next-auth's CSRF token covers only its own routes). A browser
 * always sends Sec-Fetch-Site or Origin on a cross-site POST; requests with neither (curl, server-to-server) pass.
 */
export function assertSameSite(req: IncomingMessage, trust: TrustedHops): void {
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
  if (originHost !== requestHost(req, trust)) throw new AppError('CROSS_SITE');
}

/**
 * The client's address, for throttling and logs. Without a trusted proxy: the socket's peer. Behind `trust` hops:
 * the X-Forwarded-For entry the nearest trusted proxy appended (trustedForwardedEntry), never the left-most entry,
 * which the client writes itself. An entry that is not an IP address falls back to the peer.
 */
export function clientIp(req: IncomingMessage, trust: TrustedHops): string {
  const fwd = trustedForwardedEntry(req.headers['x-forwarded-for'], trust);
  if (fwd && isIP(fwd)) return fwd;
  return req.socket.remoteAddress ?? 'unknown';
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}

/** The error envelope of the JSON API (`status: 'error'`), with the error's HTTP status. */
export function sendError(res: ServerResponse, err: AppError, traceId: string): void {
  sendJson(res, err.http, {
    status: 'error',
    error: { code: err.code, message: err.publicMessage, ...(err.fields ? { fields: err.fields } : {}) },
    traceId,
  });
}
