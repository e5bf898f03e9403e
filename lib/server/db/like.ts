import { or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A LIKE pattern that matches `text` literally anywhere: `%`, `_` and the escape character itself are escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column ilike pattern` with the escape character named, so it never depends on the server's default. */
export const ilikeLiteral = (column: AnyColumn | SQL, pattern: string): SQL => sql`${column} ilike ${pattern} escape '\\'`;

/**
 * The free-text search of the lists: `q` found literally (case-insensitive) in any of `columns`, or any of the
 * conditions `more` builds from the same pattern.
 */
export const textSearch = (q: string, columns: readonly (AnyColumn | SQL)[], more: (pattern: string) => SQL[] = () => []): SQL => {
  const p = containsPattern(q);
  return or(...columns.map((c) => ilikeLiteral(c, p)), ...more(p))!;
};

/**
 * A reference number typed into a search, with or without its letters and leading zeros (`ENQ-000123`, `enq-123`,
 * `000123`, `123` → 123); `prefix` is what may stand before the digits. Null when `q` is no such reference.
 */
export function referenceNumber(q: string, prefix: RegExp): number | null {
  const m = new RegExp(`^(?:${prefix.source})?0*(\\d{1,9})$`, 'i').exec(q.trim());
  return m ? Number(m[1]) : null;
}
