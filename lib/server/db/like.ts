import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A LIKE pattern that matches `text` literally anywhere: `%`, `_` and the escape character itself are escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column ilike pattern` with the escape character named, so it never depends on the server's default. */
export const ilikeLiteral = (column: AnyColumn | SQL, pattern: string): SQL => sql`${column} ilike ${pattern} escape '\\'`;
