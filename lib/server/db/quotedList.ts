/**
 * `'a', 'b'`: a domain list (lib/<feature>/constants.ts) written into SQL as text literals, for a column's CHECK
 * (`inList` in ./schema/columns), for sorting by the list's order (`listPosition` in ./paginate) and for the bill
 * statuses' text (`billStatusesSql`). The values go into the statement itself, not as parameters (a CHECK cannot
 * take parameters), so anything but a plain identifier is refused rather than quoted.
 */
export function quotedList(values: readonly string[]): string {
  const bad = values.find((v) => !/^[A-Za-z0-9_]+$/.test(v));
  if (bad !== undefined || values.length === 0) throw new Error(`quotedList: a domain list holds plain identifiers only (${JSON.stringify(bad ?? values)})`);
  return values.map((v) => `'${v}'`).join(', ');
}
