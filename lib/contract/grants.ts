import type { FunctionCode } from '@/lib/permissions/codes';
import { mutation, output, query, type BodySchema, type InvalidationTarget, type Output, type Permission } from './index';

/**
 * A feature's two permissions as most areas grant them: reading with its read or its write code, writing with its
 * write code only (`const { READ, WRITE } = readWrite('offer_read', 'offer_write')`).
 */
export const readWrite = <const R extends FunctionCode, const W extends FunctionCode>(read: R, write: W) => ({
  READ: { anyOf: [read, write] as const },
  WRITE: { anyOf: [write] as const },
});

/**
 * Queries open to one permission: `const read = reads(READ)`, then `getX: read(summary, body, output<X>())`.
 * `reads(READ, { silent: true })`: queries the browser makes without the loading overlay (home cards, filter choices).
 */
export const reads =
  <const P extends Permission>(permission: P, options: { silent?: boolean } = {}) =>
  <B extends BodySchema, O>(summary: string, body: B, out: Output<O>) =>
    query({ summary, permission, body, output: out, ...options });

/** Mutations open to one permission that make `invalidates` stale after success (or the targets an entry names instead). */
export const writes =
  <const P extends Permission>(permission: P, invalidates: readonly InvalidationTarget[]) =>
  <B extends BodySchema, O>(summary: string, body: B, out: Output<O>, stale: readonly InvalidationTarget[] = invalidates) =>
    mutation({ summary, permission, body, output: out, invalidates: stale });

/** What a maintenance write that adds, edits or removes one record answers: that record's id. */
export const savedId = output<{ id: string }>();

/**
 * How every whole-record edit ends its summary (docs/api.md, "Edits name the version they loaded"): the body names
 * the version its form loaded, and a save since then is refused.
 */
export const VERSION_NOTE = '`version`: the `updatedAt` it loaded (409 RECORD_CHANGED when saved since).';

/**
 * A staff maintenance area's entries, declared the one way they all work: `read` endpoints (list, get) are queries
 * open to the read or the write code; `write` endpoints (add, edit, status, delete) are mutations open to the write
 * code only that make `invalidates` stale after success (or the targets an entry names instead). `writeId` is a
 * write that answers the record's `{ id }`; `edit` is a whole-record edit: a `writeId` whose summary ends with
 * VERSION_NOTE.
 *
 * @example
 * const { read, writeId, edit } = maintenance('offer_read', 'offer_write', ['offers']);
 * defineContract('offers', {
 *   getOffer: read('Provider staff: one offer. Unknown: 404.', offerIdSchema, output<OfferDetail>()),
 *   createOffer: writeId('Provider staff: add an offer. Audited. Answers { id }.', offerFieldsSchema),
 *   updateOffer: edit('Provider staff: edit an offer. Audited. Answers { id }.', updateOfferSchema),
 * });
 */
export function maintenance<const R extends FunctionCode, const W extends FunctionCode>(readCode: R, writeCode: W, invalidates: readonly InvalidationTarget[]) {
  const { READ, WRITE } = readWrite(readCode, writeCode);
  const write = writes(WRITE, invalidates);
  const writeId = <B extends BodySchema>(summary: string, body: B, stale?: readonly InvalidationTarget[]) => write(summary, body, savedId, stale);
  return {
    READ,
    WRITE,
    read: reads(READ),
    write,
    writeId,
    edit: <B extends BodySchema>(summary: string, body: B, stale?: readonly InvalidationTarget[]) => writeId(`${summary} ${VERSION_NOTE}`, body, stale),
  };
}
