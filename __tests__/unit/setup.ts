import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { useLoadingStore } from '@/store/loadingStore';
import { usePortalStore } from '@/store/portalStore';
import { server } from './testUtils/server';

// findBy / waitFor give a screen up to 5 s (the library's 1 s default failed first renders on a loaded 2-core CI while
// the browser build ran beside jest); a test that passes still returns as soon as its condition holds.
configure({ asyncUtilTimeout: 5000 });

// Every request a test makes must be answered by a handler it declared: a stray call is a failure, not a hang.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(async () => {
  // Unmount first: resetting stores under a still-mounted component would be a state update outside act().
  cleanup();
  server.resetHandlers();
  // Stores and the client's settings are module singletons: reset them so no test sees another's state
  // (DESIGN.md convention 12). The client and telemetry are imported here, not at the top, so that a test file's
  // jest.mock of either (hoisted in that file, which runs after this one) still applies to what the test imports.
  usePortalStore.getState().reset();
  useLoadingStore.getState().reset();
  const client: Partial<typeof import('@/lib/api/client')> = await import('@/lib/api/client');
  client.setAuthToken?.(null);
  client.setUnauthorizedHandler?.(null);
  const telemetry: Partial<typeof import('@/lib/telemetry')> = await import('@/lib/telemetry');
  telemetry.resetTelemetryForTests?.();
  delete window.__PORTAL_RUNTIME__;
  window.localStorage.clear();
});

afterAll(() => server.close());
