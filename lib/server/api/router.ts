import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { loadPrincipal, type Principal } from '@/lib/server/auth/principal';
import { bearerToken, verifyApiToken } from '@/lib/server/auth/token';
import type { ServerConfig } from '@/lib/server/config';
import { serviceContext } from '@/lib/server/context';
import type { Db } from '@/lib/server/db/types';
import { answerableError, AppError, isAppError, loggableError } from '@/lib/server/errors';
import { applyHeaders, assertSameSite, clientIp, JSON_BODY_LIMIT, readJsonBody, securityHeaders, sendError, sendJson } from '@/lib/server/http';
import type { Logger } from '@/lib/server/log';
import { checkUploadedFile, readUpload, type CheckedFile } from '@/lib/server/uploads';
import { checkPermission, type AnyHandler } from './defineHandler';
import { isFileResponse, sendFile } from './fileResponse';
import { bodySchema } from '@/lib/contract';

export type ApiRoutes = Readonly<Record<string, AnyHandler>>;

export type ApiDeps = { db: Db; config: ServerConfig; log: Logger; routes: ApiRoutes };

/** What the request log line may carry about the call (server.ts adds method, path, status, duration). */
export type ApiOutcome = { traceId: string; userAcUuid?: string; code?: string };

/**
 * Field → messages of a failed validation. Keys are paths the client chose (an unknown key is named as sent, e.g.
 * `__proto__` or `constructor`), so they are collected in a Map and turned into an object with own properties only:
 * indexing a plain object with them would reach Object.prototype.
 */
export function zodFields(err: z.ZodError): Record<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const issue of err.issues) {
    // An unknown key of a strict object is reported on its parent; name the key itself so the client can tell which.
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k]) : [issue.path];
    for (const path of keys) {
      const key = path.length ? path.map(String).join('.') : '_';
      const list = fields.get(key) ?? [];
      list.push(issue.code === 'unrecognized_keys' ? 'Unrecognized key' : issue.message);
      fields.set(key, list);
    }
  }
  return Object.fromEntries(fields);
}

/** A UTF-16 surrogate without its pair: JSON may carry one (`"\\ud800"`), UTF-8 (and so PostgreSQL) cannot. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text PostgreSQL cannot store: a NUL character or a lone surrogate. */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The path of the first string (value or key) PostgreSQL could not store, at any depth, or null: a NUL character
 * (PostgreSQL refuses U+0000 in text) or a lone UTF-16 surrogate (not valid UTF-8: the query or the jsonb audit row
 * would fail). No field of the portal has a use for either. Iterative, so a deeply nested body cannot exhaust the
 * stack.
 */
export function findNul(value: unknown): string | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: '' }];
  const at = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (unstorable(v)) return path || '_';
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i += 1) stack.push({ v: v[i], path: at(path, String(i)) });
    } else if (v !== null && typeof v === 'object') {
      for (const key of Object.keys(v)) {
        if (unstorable(key)) return at(path, JSON.stringify(key).slice(1, -1));
        stack.push({ v: (v as Record<string, unknown>)[key], path: at(path, key) });
      }
    }
  }
  return null;
}

/**
 * The API dispatcher: `POST /api/<area>/<action>` from the one route table. Returns the outcome, or null when the
 * path is not an API path this table owns (next-auth's /api/auth/* goes to Next).
 *
 * Two extensions of the JSON contract, both opt-in per route and running through the same steps:
 * - a handler may return `fileResponse({ fileName, contentType, body })` (./fileResponse.ts): the bytes are sent as an
 *   attachment instead of an envelope (errors stay envelopes);
 * - a route declared with `defineUploadHandler` takes multipart/form-data: its body is read only after the caller
 *   passed authentication and permission, streamed with the route's own cap instead of the JSON cap, its fields
 *   validated by the route's zod schema, its file checked by content (lib/server/uploads).
 *
 * A JSON body is capped at JSON_BODY_LIMIT, or at the route's own `bodyLimit` (a contract's `withBodyLimit`: long
 * texts), which is read after authentication and permission.
 */
export function createApiHandler(deps: ApiDeps) {
  const { db, config, log, routes } = deps;
  const baseHeaders = { ...securityHeaders(), 'Cache-Control': 'private, no-store' };

  return async function handleApi(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<ApiOutcome> {
    const traceId = randomUUID();
    const outcome: ApiOutcome = { traceId };
    applyHeaders(res, { ...baseHeaders, 'X-Trace-Id': traceId });
    const extraHeaders: Record<string, string | string[]> = {};
    try {
      const route = Object.prototype.hasOwnProperty.call(routes, pathname) ? routes[pathname] : undefined;
      if (!route) throw new AppError('NOT_FOUND', { publicMessage: 'No such endpoint' });
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST');
        throw new AppError('METHOD_NOT_ALLOWED', { publicMessage: 'Use POST' });
      }
      assertSameSite(req, config.trustProxyHops);
      // A body within the default cap is read first (a malformed one is 400 whoever sends it); one the endpoint lets
      // grow past it (long texts in both languages) only once the caller passed authentication and permission, as an
      // upload: a stranger gets 401 without a byte of it buffered.
      const limit = route.bodyLimit ?? JSON_BODY_LIMIT;
      const readFirst = !route.upload && limit <= JSON_BODY_LIMIT;
      let raw = readFirst ? await readJsonBody(req, limit) : undefined;

      let principal: Principal | null = null;
      const token = bearerToken(req.headers.authorization);
      if (token) {
        try {
          principal = await loadPrincipal(db, await verifyApiToken(token, config.apiTokenSecret));
          outcome.userAcUuid = principal.userAcUuid;
        } catch (err) {
          // A stale token must not block a public endpoint (signing in again, for one).
          if (route.permission !== 'public' || !isAppError(err)) throw err;
        }
      } else if (req.headers.authorization && route.permission !== 'public') {
        throw new AppError('AUTH_REQUIRED', { message: 'authorization header unreadable' });
      }
      checkPermission(route.permission, principal);

      const form = route.upload ? await readUpload(req, route.upload, db) : undefined;
      if (form) raw = form.fields;
      else if (!readFirst) raw = await readJsonBody(req, limit);
      const nulAt = findNul(raw);
      if (nulAt !== null) {
        throw new AppError('VALIDATION', {
          fields: Object.fromEntries([[nulAt, ['ui.validation.controlCharacter']]]),
          publicMessage: `Invalid fields: ${nulAt}`,
          message: 'NUL character in the body',
        });
      }
      const parsed = z.safeParse(await bodySchema(route.body), raw);
      if (!parsed.success) {
        const fields = zodFields(parsed.error);
        throw new AppError('VALIDATION', { fields, publicMessage: `Invalid fields: ${Object.keys(fields).join(', ')}` });
      }
      const file: CheckedFile | undefined = form && route.upload ? await checkUploadedFile(form, route.upload) : undefined;
      const data = await route.handler({
        body: parsed.data,
        principal,
        service: serviceContext({ db, actor: principal, traceId, log }),
        db,
        config,
        log,
        traceId,
        req,
        clientIp: clientIp(req, config.trustProxyHops),
        setHeader: (name, value) => {
          extraHeaders[name] = value;
        },
        ...(file ? { file } : {}),
      });
      applyHeaders(res, extraHeaders);
      if (isFileResponse(data)) await sendFile(res, data, (err) => log.error({ traceId, err: loggableError(err) }, 'file stream failed'));
      else sendJson(res, 200, { status: 'success', data: data ?? null, traceId });
    } catch (err) {
      const appErr = answerableError(err, log, traceId, 'unhandled API error');
      outcome.code = appErr.code;
      // An upload refused before its body was read (no token, no permission): drain it so the client reads the answer.
      if (!req.readableEnded) req.resume();
      // Headers a handler set before failing (e.g. a throttle's Retry-After) still apply.
      applyHeaders(res, extraHeaders);
      if (appErr.code === 'SERVICE_UNAVAILABLE') res.setHeader('Retry-After', '5');
      if (appErr.code === 'TOO_MANY_REQUESTS' && !res.hasHeader('Retry-After')) res.setHeader('Retry-After', '60');
      sendError(res, appErr, traceId);
    }
    return outcome;
  };
}
