import { setupServer } from 'msw/node';

/**
 * The one msw server of the unit project, started and reset by __tests__/unit/setup.ts. Tests add handlers with
 * `server.use(...)` (see ./handlers); a request no handler answers fails the test (`onUnhandledRequest: 'error'`).
 */
export const server = setupServer();
