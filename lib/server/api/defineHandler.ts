import type { IncomingMessage } from 'node:http';
import type * as zc from 'zod/v4/core';
import { canAccess } from '@/lib/permissions/canAccess';
import type { BodySchema, EndpointKind, Permission } from '@/lib/contract';
import type { Principal } from '@/lib/server/auth/principal';
import type { ServerConfig } from '@/lib/server/config';
import type { ServiceContext } from '@/lib/server/context';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import type { Logger } from '@/lib/server/log';
import type { CheckedFile, UploadSpec } from '@/lib/server/uploads';

export type { Permission } from '@/lib/contract';

export type HandlerContext<TBody, TAuth extends Principal | null> = {
  body: TBody;
  principal: TAuth;
  /** What services receive: db, actor (the principal), trace id, clock (lib/server/context.ts). */
  service: ServiceContext<TAuth>;
  db: Db;
  config: ServerConfig;
  log: Logger;
  traceId: string;
  req: IncomingMessage;
  /** Client address: the socket peer, or behind TRUST_PROXY the X-Forwarded-For entry the trusted proxy appended (http.ts clientIp). */
  clientIp: string;
  /** Extra response headers, e.g. Set-Cookie from /api/setCookies. */
  setHeader(name: string, value: string | string[]): void;
  /** The checked file of an upload endpoint (defineUploadHandler); absent on JSON endpoints. */
  file?: CheckedFile;
};

/** A caller of a code-gated route: the router has already refused one with no customer selected (checkPermission). */
export type CustomerPrincipal = Principal & { ucpId: string };

type AuthOf<P extends Permission> = P extends 'public' ? Principal | null : P extends 'authenticated' ? Principal : CustomerPrincipal;

export type HandlerDefinition<P extends Permission, S extends zc.$ZodType, R> = {
  permission: P;
  body: S;
  /** The client calls it without the loading overlay (spec §7 "silent"); documented, not enforced here. */
  silent?: boolean;
  /** One-line description for the generated API reference. */
  summary: string;
  handler: (ctx: HandlerContext<zc.output<S>, AuthOf<P>>) => Promise<R>;
};

export type AnyHandler = {
  permission: Permission;
  /** A contract's lazy body is loaded on the first call (router.ts, `bodySchema`). */
  body: BodySchema;
  silent: boolean;
  summary: string;
  /** Set for routes mounted from a contract (implement()): query, mutation, download or upload. */
  kind?: EndpointKind;
  /** Set by defineUploadHandler: the body is multipart/form-data (fields validated by `body`, one checked file). */
  upload?: UploadSpec;
  /**
   * The JSON body cap in bytes (the contract's `bodyLimit`); absent: JSON_BODY_LIMIT. A cap above the default is
   * applied after authentication and permission (router.ts).
   */
  bodyLimit?: number;
  handler: (ctx: HandlerContext<unknown, Principal | null>) => Promise<unknown>;
};

/**
 * One endpoint, declared once. The router (lib/server/api/router.ts) does the method check, cross-site check, body
 * cap, JSON parsing, authentication, permission, validation, error mapping, trace id and log line for every entry,
 * in that order; the handler only does the work.
 */
export function defineHandler<P extends Permission, S extends zc.$ZodType, R>(def: HandlerDefinition<P, S, R>): AnyHandler {
  return {
    permission: def.permission,
    body: def.body,
    silent: def.silent ?? false,
    summary: def.summary,
    handler: def.handler as AnyHandler['handler'],
  };
}

export type UploadHandlerDefinition<P extends Exclude<Permission, 'public'>, S extends zc.$ZodType, R> = Omit<
  HandlerDefinition<P, S, R>,
  'handler'
> & {
  upload: UploadSpec;
  handler: (ctx: HandlerContext<zc.output<S>, AuthOf<P>> & { file: CheckedFile }) => Promise<R>;
};

/**
 * An upload endpoint: still `POST /api/<area>/<action>` through the same router, but the body is multipart/form-data.
 * The router authenticates and checks the permission BEFORE reading the body (strangers stream nothing), then streams
 * it with the spec's size cap (413 while streaming, nothing buffered past it), validates the text fields with `body`
 * (400), and checks the file by content (400 empty / 415 wrong type / 400 corrupt) before the handler runs. Only these
 * routes are exempt from the JSON body cap. Uploads are never public.
 */
export function defineUploadHandler<P extends Exclude<Permission, 'public'>, S extends zc.$ZodType, R>(
  def: UploadHandlerDefinition<P, S, R>,
): AnyHandler {
  return {
    permission: def.permission,
    body: def.body,
    silent: def.silent ?? false,
    summary: def.summary,
    upload: def.upload,
    handler: def.handler as AnyHandler['handler'],
  };
}

/** The permission step alone, shared with the authorization-matrix test. */
export function checkPermission(permission: Permission, principal: Principal | null): void {
  if (permission === 'public') return;
  if (!principal) throw new AppError('AUTH_REQUIRED');
  if (permission === 'authenticated') return;
  if (principal.ucpId === null) throw new AppError('FORBIDDEN', { message: 'no customer selected' });
  if (!canAccess(principal.codes, permission.anyOf)) throw new AppError('FORBIDDEN');
}
