import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns many tables declare alike, one definition each (the generated SQL is the same as written out: after a
 * change here `npx drizzle-kit generate` must still report no changes). The customer reference is `customerRef()` in
 * ./customers (beside the table it points to).
 */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
