/**
 * Staff hand out only rights they hold themselves (docs/user-groups.md, "Rights you hold"): a provider group gives its
 * members staff function codes, so a user administrator who could put anyone (itself included) in any provider group,
 * or add any code to one, could give itself every right of the portal. Customer groups give no staff rights and are
 * not checked. A holder of `all` (the provider's super-user code) may give anything; with no actor (seed, jobs)
 * nothing is checked.
 */
import { inArray } from 'drizzle-orm';
import type { ServiceContext } from '@/lib/server/context';
import { userGroupFunctions } from '@/lib/server/db/schema';

/** Whether the actor may give any right: it holds `all`, or there is no actor (seed, jobs). */
export const mayGiveAnything = (ctx: ServiceContext): boolean => !ctx.actor || ctx.actor.codes.has('all');

/** The codes of `codes` the actor does not hold (sorted, once each); none when it may give anything. */
export function rightsBeyond(ctx: ServiceContext, codes: Iterable<string>): string[] {
  if (mayGiveAnything(ctx)) return [];
  const held = ctx.actor!.codes;
  return [...new Set(codes)].filter((c) => !held.has(c)).sort();
}

/** Each group's function codes, by group id. */
export async function codesOfGroups(ctx: ServiceContext, groupIds: readonly string[]): Promise<Map<string, string[]>> {
  const byGroup = new Map<string, string[]>();
  if (!groupIds.length) return byGroup;
  const rows = await ctx.db.select({ groupId: userGroupFunctions.groupId, fnCode: userGroupFunctions.fnCode }).from(userGroupFunctions).where(inArray(userGroupFunctions.groupId, [...groupIds]));
  for (const r of rows) byGroup.set(r.groupId, [...(byGroup.get(r.groupId) ?? []), r.fnCode]);
  return byGroup;
}
