import type { FunctionCode } from './codes';

/** A function-list entry as the session carries it (spec §3). */
export type FunctionEntry = { fnCode: string };

export type Grants = ReadonlySet<string>;

export const toGrants = (list: readonly (FunctionEntry | string)[] | undefined | null): Grants =>
  new Set((list ?? []).map((e) => (typeof e === 'string' ? e : e.fnCode)));

/**
 * True when the holder has at least one of `anyOf`. An empty `anyOf` means open to everyone.
 * `all` grants everything (docs/permissions.md explains why: it is the provider's super-user code).
 */
export function canAccess(grants: Grants, anyOf: readonly FunctionCode[]): boolean {
  if (anyOf.length === 0) return true;
  if (grants.has('all')) return true;
  return anyOf.some((code) => grants.has(code));
}
