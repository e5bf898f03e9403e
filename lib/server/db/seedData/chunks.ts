/**
 * The rows in slices of `size`, inserted one slice per statement: every statement stays well below PostgreSQL's
 * 65,535 bind parameters however many rows a seed adds.
 */
export function chunks<T>(rows: readonly T[], size = 400): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
