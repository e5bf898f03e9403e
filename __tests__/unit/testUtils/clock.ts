/**
 * Fakes only `Date`, at `now`: timers, microtasks and animation frames stay real, so msw's answers, TanStack Query's
 * retries, React's scheduling, PGlite and the test server run as usual. `advanceTimers`: the faked clock runs on from
 * `now`. Call `jest.useRealTimers()` afterwards. Used by the unit and API suites alike.
 */
export function fakeDateOnly(now: Date | number, { advanceTimers = false } = {}): void {
  jest.useFakeTimers({
    now,
    advanceTimers,
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
}
