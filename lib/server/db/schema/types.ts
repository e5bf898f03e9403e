import { customType } from 'drizzle-orm/pg-core';

/**
 * bytea as a Buffer on both drivers: node-postgres returns Buffer, PGlite a Uint8Array. Files live in PostgreSQL
 * (DESIGN.md: every instance stateless), written in the same transaction as their record.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
