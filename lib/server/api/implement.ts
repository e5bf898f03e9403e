import type * as zc from 'zod/v4/core';
import type { AnyContract, AnyEndpoint, Endpoint, EndpointKind, OutputOf, ParsedBodyOf, Permission } from '@/lib/contract';
import type { Principal } from '@/lib/server/auth/principal';
import type { CheckedFile, UploadSpec } from '@/lib/server/uploads';
import type { AnyHandler, CustomerPrincipal, HandlerContext } from './defineHandler';
import type { FileResponse } from './fileResponse';

type AuthOf<P> = P extends 'public' ? Principal | null : P extends 'authenticated' ? Principal : CustomerPrincipal;

type ContextOf<E> =
  E extends Endpoint<infer K, zc.$ZodType, unknown, infer P extends Permission>
    ? HandlerContext<ParsedBodyOf<E>, AuthOf<P>> & (K extends 'upload' ? { file: CheckedFile } : unknown)
    : never;

/** What a handler must return: the declared output, or a file for a download endpoint. */
type ResultOf<E> = E extends { kind: 'download' } ? FileResponse : OutputOf<E>;

export type HandlerOf<E> = (ctx: ContextOf<E>) => Promise<ResultOf<E>>;

/** An upload endpoint's server half: where its file comes from and how it is checked. */
export type UploadImplementation<E> = { upload: UploadSpec; handler: HandlerOf<E> };

type ImplementationOf<E> = E extends { kind: 'upload' } ? UploadImplementation<E> : HandlerOf<E>;

export type Implementation<C extends AnyContract> = { [N in keyof C['endpoints']]: ImplementationOf<C['endpoints'][N]> };

function toHandler(endpoint: AnyEndpoint, impl: HandlerOf<AnyEndpoint> | UploadImplementation<AnyEndpoint>): AnyHandler {
  const isUpload = endpoint.kind === ('upload' satisfies EndpointKind);
  const handler = typeof impl === 'function' ? impl : impl.handler;
  return {
    permission: endpoint.permission,
    body: endpoint.body,
    silent: endpoint.silent,
    summary: endpoint.summary,
    kind: endpoint.kind,
    bodyLimit: endpoint.bodyLimit,
    ...(isUpload && typeof impl !== 'function' ? { upload: impl.upload } : {}),
    handler: handler as AnyHandler['handler'],
  };
}

/**
 * The server half of a contract: one handler per endpoint, typed by the contract (a handler whose result is not the
 * declared output does not compile). Returns route-table entries keyed by path; the router does every cross-cutting
 * step (lib/server/api/router.ts).
 */
export function implement<C extends AnyContract>(contract: C, impl: Implementation<C>): Record<string, AnyHandler> {
  const routes: Record<string, AnyHandler> = {};
  for (const [action, endpoint] of Object.entries(contract.endpoints) as [string, AnyEndpoint][]) {
    const own = (impl as Record<string, HandlerOf<AnyEndpoint> | UploadImplementation<AnyEndpoint> | undefined>)[action];
    if (endpoint.method !== 'POST') throw new Error(`${endpoint.path} is a GET content call: served by lib/server/siteContentRoutes.ts, not the router`);
    if (!own) throw new Error(`${endpoint.path} is declared but not implemented`);
    if (endpoint.kind === 'upload' && typeof own === 'function') throw new Error(`${endpoint.path} is an upload: give { upload, handler }`);
    routes[endpoint.path] = toHandler(endpoint, own);
  }
  return routes;
}
