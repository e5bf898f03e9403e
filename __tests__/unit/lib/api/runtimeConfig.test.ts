import { DEFAULT_REQUEST_TIMEOUT_MS, getRequestTimeoutMs, getTelemetryConnectionString } from '@/lib/api/runtimeConfig';

describe('runtime configuration', () => {
  it('defaults to a 30 s time-out and no telemetry when /runtime-config.js has not run', () => {
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(getRequestTimeoutMs()).toBe(30_000);
    expect(getTelemetryConnectionString()).toBeNull();
  });

  it('reads the values the server serves', () => {
    window.__PORTAL_RUNTIME__ = { requestTimeoutMs: 12_000, telemetryConnectionString: ' InstrumentationKey=abc ' };
    expect(getRequestTimeoutMs()).toBe(12_000);
    expect(getTelemetryConnectionString()).toBe('InstrumentationKey=abc');
  });

  it('ignores unusable values', () => {
    window.__PORTAL_RUNTIME__ = { requestTimeoutMs: -1, telemetryConnectionString: '   ' };
    expect(getRequestTimeoutMs()).toBe(30_000);
    expect(getTelemetryConnectionString()).toBeNull();
    window.__PORTAL_RUNTIME__ = { telemetryConnectionString: null };
    expect(getTelemetryConnectionString()).toBeNull();
  });
});
