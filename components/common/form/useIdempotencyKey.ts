import { useCallback, useState } from 'react';

/**
 * A random v4 uuid. `crypto.randomUUID` exists only in secure contexts (https, localhost): a portal reached over
 * plain http on an intranet still needs keys, so fall back to `getRandomValues`, which has no such restriction.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * One idempotency key per form instance (DESIGN.md "API contract": writes a user may click twice are idempotent by
 * a client-supplied key). The same key is sent again on a retry after a failure or time-out, so the server can
 * recognise the repeat; `renew()` after a success makes the next, intended submission a new one.
 * `<Form>` does this itself and passes the key to `onSubmit`; use the hook for writes outside a Form.
 */
export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}
