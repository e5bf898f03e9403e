import type { FunctionCode } from '@/lib/permissions/codes';

/**
 * A feature's two permissions as most areas grant them: reading with its read or its write code, writing with its
 * write code only (`const { READ, WRITE } = readWrite('offer_read', 'offer_write')`).
 */
export const readWrite = <const R extends FunctionCode, const W extends FunctionCode>(read: R, write: W) => ({
  READ: { anyOf: [read, write] as const },
  WRITE: { anyOf: [write] as const },
});
