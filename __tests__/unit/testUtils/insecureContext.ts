/**
 * A portal reached over plain http on an intranet address (not https, not localhost): the browser's `crypto` has
 * `getRandomValues` but no `randomUUID`, which exists only in secure contexts. A screen that calls it directly
 * throws there; idempotency keys come from `newIdempotencyKey` / `useIdempotencyKey` instead.
 */
export function useInsecureContext(): void {
  const c = globalThis.crypto as unknown as { randomUUID?: unknown };
  let own: PropertyDescriptor | undefined;
  beforeEach(() => {
    own = Object.getOwnPropertyDescriptor(c, 'randomUUID');
    Object.defineProperty(c, 'randomUUID', { value: undefined, configurable: true, writable: true });
  });
  afterEach(() => {
    if (own) Object.defineProperty(c, 'randomUUID', own);
    else delete c.randomUUID;
  });
}
