/**
 * Domain lists type the database's columns (issue 8 item 4): a text column declared `text(name, { enum: LIST })` is read
 * and written as the list's union, so no service casts it. That is only true if the database holds the column to the
 * same list; these tests read the migrated database's own CHECK constraints and compare them with every such column.
 */
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import * as schema from '@/lib/server/db/schema';
import { listPosition } from '@/lib/server/db/paginate';
import { quotedList } from '@/lib/server/db/quotedList';
import { ORDER_STATUSES } from '@/lib/orders/constants';
import { describeEachDb } from '../helpers/testDb';
import { queryRows } from '@/lib/server/db/rows';

type EnumColumn = { table: string; column: string; values: readonly string[]; nullable: boolean };

const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter((v): v is PgTable => v instanceof PgTable);

/** Every column of the schema declared with a domain list. */
const enumColumns: EnumColumn[] = tables.flatMap((t) => {
  const config = getTableConfig(t);
  return config.columns
    .filter((c: PgColumn) => (c.enumValues?.length ?? 0) > 0)
    .map((c) => ({ table: config.name, column: c.name, values: c.enumValues ?? [], nullable: !c.notNull }));
});

/** The quoted values of a CHECK's definition (`(status = ANY (ARRAY['a'::text, 'b'::text]))`, `status in ('a', 'b')`). */
const quotedValues = (definition: string): string[] => [...definition.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'"));

describe('the schema’s domain-list columns', () => {
  it('are the columns the services read as domain types (a list that types nothing would be a silent cast)', () => {
    const names = enumColumns.map((c) => `${c.table}.${c.column}`);
    for (const expected of [
      'orders.status',
      'orders.order_type',
      'order_status_history.status',
      'shipments.status',
      'shipment_events.step',
      'payment_slips.status',
      'payment_slips.payment_method',
      'bill_lines.line_type',
      'contracts.status',
      'machines.status',
      'user_accounts.status',
      'user_groups.group_type',
      'change_requests.status',
      'inbox_messages.category',
      'service_requests.status',
      'site_content.kind',
    ]) {
      expect(names).toContain(expected);
    }
  });
});

describe('quotedList (the one writer of a domain list into SQL text, for CHECKs and list-order sorts)', () => {
  it('quotes plain identifiers', () => {
    expect(quotedList(['pending', 'in_transit', 'W'])).toBe("'pending', 'in_transit', 'W'");
  });

  it.each([["it's"], ['a b'], ["x'); drop table orders; --"], ['']])('refuses %p: the values are written into the statement itself', (bad) => {
    expect(() => quotedList(['ok', bad])).toThrow(/plain identifiers/);
  });

  it('refuses an empty list (`in ()` is not SQL)', () => {
    expect(() => quotedList([])).toThrow(/plain identifiers/);
  });
});

describeEachDb('the database’s CHECK constraints', (db) => {
  /** The CHECK definitions of each table, as PostgreSQL prints them. */
  async function checksOf(table: string): Promise<string[]> {
    const rows = await queryRows<{ def: string }>(db().db, sql`
      select pg_get_constraintdef(c.oid) as def from pg_constraint c join pg_class r on r.oid = c.conrelid
      where c.contype = 'c' and r.relname = ${table}`);
    return rows.map((r) => r.def);
  }

  it.each(enumColumns.map((c) => [`${c.table}.${c.column}`, c] as const))('hold %s to exactly its domain list', async (_name, c) => {
    // A CHECK that is this column's list and nothing else (optionally allowing null), as PostgreSQL prints it:
    // `CHECK ((status = ANY (ARRAY['a'::text, 'b'::text])))`, `CHECK ((kind = 'W'::text))` for a list of one.
    const col = c.column;
    const listCheck = new RegExp(`^CHECK \\(+(?:${col} IS NULL\\) OR \\(+)?${col} = (?:ANY \\(ARRAY\\[(?:'[^']*'::text(?:, )?)+\\]\\)|'[^']*'::text)\\)+$`);
    const checks = (await checksOf(c.table)).filter((def) => listCheck.test(def));
    expect(checks).toHaveLength(1);
    expect(quotedValues(checks[0]!)).toEqual([...c.values]);
    if (c.nullable) expect(checks[0]).toMatch(new RegExp(`\\b${c.column} IS NULL`, 'i'));
  });

  it('refuse a value outside the list, so a typed read can trust what it gets', async () => {
    const refused = await db()
      .db.execute(sql`insert into order_status_history (order_id, status) values (gen_random_uuid(), 'lost')`)
      .then(
        () => '',
        (e: { cause?: { constraint?: string }; constraint?: string }) => e.cause?.constraint ?? e.constraint ?? '',
      );
    expect(refused).toBe('order_status_history_status_chk');
  });

  it('sort by a domain list’s own order with listPosition (a value outside the list last, with nulls)', async () => {
    const rows = await queryRows<{ s: string; pos: number | null }>(db().db, sql`
      select s, ${listPosition(sql.raw('s') as never, ORDER_STATUSES)} as pos
      from (values ('cancelled'), ('pending'), ('lost'), ('confirmed')) as v(s)
      order by pos asc nulls last, s`);
    expect(rows.map((r) => r.s)).toEqual(['pending', 'confirmed', 'cancelled', 'lost']);
    expect(rows.map((r) => r.pos)).toEqual([1, 2, ORDER_STATUSES.length, null]);
  });
});
