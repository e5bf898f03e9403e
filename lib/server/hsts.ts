import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestProto, type TrustedHops } from './http';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * True when the browser reached us over https: a TLS socket of our own, or, only when a proxy is trusted
 * (TRUST_PROXY), the X-Forwarded-Proto entry that proxy appended (lib/server/http.ts requestProto: the same rule as
 * the client address). Without a trusted proxy the header is the client's own claim and never counts.
 */
export function isHttpsRequest(req: IncomingMessage, trust: TrustedHops): boolean {
  return requestProto(req, trust) === 'https';
}

/**
 * Strict-Transport-Security, in production, only on answers to https requests (RFC 6797 §7.2: never over plain
 * http, where it means nothing and would claim a TLS set-up that a plain-http deployment does not have). Set before
 * anything else answers, so API, health and Next's pages all carry it.
 */
export function applyHsts(req: IncomingMessage, res: ServerResponse, opts: { isProduction: boolean; trustProxyHops: TrustedHops }): void {
  if (opts.isProduction && isHttpsRequest(req, opts.trustProxyHops)) res.setHeader('Strict-Transport-Security', HSTS_VALUE);
}
