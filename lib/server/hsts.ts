import type { IncomingMessage, ServerResponse } from 'node:http';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * True when the browser reached us over https: a TLS socket of our own, or, only when a proxy is trusted
 * (TRUST_PROXY), the X-Forwarded-Proto that proxy set. Proxies overwrite or append that header, so the right-most
 * entry is the one our own proxy wrote; anything the client sent further left is ignored. Without a trusted proxy
 * the header is the client's own claim and never counts.
 */
export function isHttpsRequest(req: IncomingMessage, trustProxy: boolean | number): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!trustProxy) return false;
  const raw = req.headers['x-forwarded-proto'];
  const entries = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(',').map((v) => v.trim().toLowerCase());
  return entries[entries.length - 1] === 'https';
}

/**
 * Strict-Transport-Security, in production, only on answers to https requests (RFC 6797 §7.2: never over plain
 * http, where it means nothing and would claim a TLS set-up that a plain-http deployment does not have). Set before
 * anything else answers, so API, health and Next's pages all carry it.
 */
export function applyHsts(req: IncomingMessage, res: ServerResponse, opts: { isProduction: boolean; trustProxy: boolean | number }): void {
  if (opts.isProduction && isHttpsRequest(req, opts.trustProxy)) res.setHeader('Strict-Transport-Security', HSTS_VALUE);
}
