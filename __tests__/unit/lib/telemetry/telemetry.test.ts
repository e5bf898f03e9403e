import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  initTelemetry,
  MAX_QUEUED_CALLS,
  PAGE_VIEW_DELAY_MS,
  sanitizeTelemetryUserId,
  setAuthenticatedUser,
  TELEMETRY_SETTINGS,
  trackApiFailure,
  trackException,
  trackPageViewSoon,
} from '@/lib/telemetry';

type FakeSdk = {
  config: Record<string, unknown>;
  loadAppInsights: jest.Mock;
  trackEvent: jest.Mock;
  trackPageView: jest.Mock;
  trackException: jest.Mock;
  setAuthenticatedUserContext: jest.Mock;
  clearAuthenticatedUserContext: jest.Mock;
};

// Records whether the SDK module was ever evaluated and every instance built from it.
const mockSdk = { loaded: false, instances: [] as FakeSdk[] };

jest.mock('@microsoft/applicationinsights-web', () => {
  mockSdk.loaded = true;
  return {
    ApplicationInsights: jest.fn().mockImplementation(({ config }: { config: Record<string, unknown> }) => {
      const instance: FakeSdk = {
        config,
        loadAppInsights: jest.fn(),
        trackEvent: jest.fn(),
        trackPageView: jest.fn(),
        trackException: jest.fn(),
        setAuthenticatedUserContext: jest.fn(),
        clearAuthenticatedUserContext: jest.fn(),
      };
      mockSdk.instances.push(instance);
      return instance;
    }),
  };
});

const CONNECTION = 'InstrumentationKey=00000000-0000-0000-0000-000000000000;IngestionEndpoint=https://example.invalid/';
const enable = () => {
  window.__PORTAL_RUNTIME__ = { telemetryConnectionString: CONNECTION };
};
const only = (): FakeSdk => {
  expect(mockSdk.instances).toHaveLength(1);
  return mockSdk.instances[0]!;
};
const failure = (n: number) => ({ url: `/api/x/${n}`, status: 500, code: 'INTERNAL', message: `m${n}`, traceId: `t${n}` });

beforeEach(() => {
  mockSdk.instances = [];
});

afterEach(() => {
  jest.useRealTimers();
});

describe('without a connection string', () => {
  it('never loads the SDK and every call is a no-op', async () => {
    trackApiFailure(failure(1));
    setAuthenticatedUser('user-1');
    trackPageViewSoon('/en/home');
    trackException(new Error('render failed'));

    await expect(initTelemetry()).resolves.toBe(false);
    await new Promise((r) => setTimeout(r, PAGE_VIEW_DELAY_MS + 50));

    expect(mockSdk.loaded).toBe(false);
    expect(mockSdk.instances).toHaveLength(0);
  });

  it('stays a no-op when the connection string is empty', async () => {
    window.__PORTAL_RUNTIME__ = { telemetryConnectionString: '' };
    trackApiFailure(failure(1));
    await expect(initTelemetry()).resolves.toBe(false);
    expect(mockSdk.loaded).toBe(false);
  });
});

describe('with a connection string', () => {
  it('loads the SDK once with the spec §9 settings', async () => {
    enable();

    const [a, b] = await Promise.all([initTelemetry(), initTelemetry()]);
    await initTelemetry();

    expect([a, b]).toEqual([true, true]);
    const sdk = only();
    expect(sdk.loadAppInsights).toHaveBeenCalledTimes(1);
    expect(sdk.config).toMatchObject({
      connectionString: CONNECTION,
      sessionExpirationMs: 24 * 60 * 60 * 1000,
      sessionRenewalMs: 30 * 60 * 1000,
      maxAjaxCallsPerView: 500,
      enableAutoRouteTracking: false,
    });
    expect(TELEMETRY_SETTINGS.sessionExpirationMs).toBe(86_400_000);
  });

  it('queues API failures until the SDK has loaded, then sends them in order', async () => {
    enable();
    trackApiFailure(failure(1));
    trackApiFailure({ url: '/api/y', status: 0, code: 'NETWORK', message: 'Network Error' });

    expect(mockSdk.instances).toHaveLength(0);
    await initTelemetry();

    const sdk = only();
    expect(sdk.trackEvent).toHaveBeenCalledTimes(2);
    expect(sdk.trackEvent).toHaveBeenNthCalledWith(
      1,
      { name: 'ApiFailure' },
      { url: '/api/x/1', status: 500, code: 'INTERNAL', message: 'm1', traceId: 't1' },
    );
    expect(sdk.trackEvent).toHaveBeenNthCalledWith(
      2,
      { name: 'ApiFailure' },
      { url: '/api/y', status: 0, code: 'NETWORK', message: 'Network Error', traceId: '' },
    );

    trackApiFailure(failure(3));
    expect(sdk.trackEvent).toHaveBeenCalledTimes(3);
  });

  it('bounds the queue, keeping the newest calls', async () => {
    enable();
    const total = MAX_QUEUED_CALLS + 25;
    for (let n = 0; n < total; n++) trackApiFailure(failure(n));

    await initTelemetry();

    const calls = only().trackEvent.mock.calls;
    expect(calls).toHaveLength(MAX_QUEUED_CALLS);
    expect(calls[0]![1]).toMatchObject({ url: '/api/x/25' });
    expect(calls.at(-1)![1]).toMatchObject({ url: `/api/x/${total - 1}` });
  });

  it('sets the authenticated user without cookie-breaking characters, before or after loading', async () => {
    enable();
    setAuthenticatedUser('a1,b2;c3=d4 e5|f6');
    await initTelemetry();

    const sdk = only();
    expect(sdk.setAuthenticatedUserContext).toHaveBeenCalledWith('a1b2c3d4e5f6');

    setAuthenticatedUser('0f0c7c43-2b1e-4a4e-9d7a-8f6c9e5b1a22');
    expect(sdk.setAuthenticatedUserContext).toHaveBeenLastCalledWith('0f0c7c43-2b1e-4a4e-9d7a-8f6c9e5b1a22');

    setAuthenticatedUser(null);
    expect(sdk.clearAuthenticatedUserContext).toHaveBeenCalledTimes(1);
    // An id made only of forbidden characters is no id.
    setAuthenticatedUser(' ,;=| ');
    expect(sdk.clearAuthenticatedUserContext).toHaveBeenCalledTimes(2);
  });

  it('tracks a page view 500 ms after the last route change', async () => {
    enable();
    await initTelemetry();
    const sdk = only();
    jest.useFakeTimers();
    document.title = 'Bills';

    trackPageViewSoon('/en/bills?page=1');
    jest.advanceTimersByTime(200);
    trackPageViewSoon('/en/bills?page=2');
    jest.advanceTimersByTime(PAGE_VIEW_DELAY_MS - 1);
    expect(sdk.trackPageView).not.toHaveBeenCalled();

    jest.advanceTimersByTime(1);
    expect(sdk.trackPageView).toHaveBeenCalledTimes(1);
    expect(sdk.trackPageView).toHaveBeenCalledWith({ name: 'Bills', uri: '/en/bills?page=2' });
  });

  it('reports caught exceptions with their properties', async () => {
    enable();
    const error = new Error('render failed');
    trackException(error, { componentStack: 'at Page' });
    await initTelemetry();
    expect(only().trackException).toHaveBeenCalledWith({ exception: error }, { componentStack: 'at Page' });
  });

  it('a throwing SDK call never reaches the caller', async () => {
    enable();
    await initTelemetry();
    only().trackEvent.mockImplementation(() => {
      throw new Error('sdk bug');
    });
    expect(() => trackApiFailure(failure(1))).not.toThrow();
    expect(only().trackEvent).toHaveBeenCalledTimes(1);
  });
});

describe('sanitizeTelemetryUserId', () => {
  it('removes comma, semicolon, equals sign, whitespace and vertical bar', () => {
    expect(sanitizeTelemetryUserId('a,b;c=d e|f\tg')).toBe('abcdefg');
    expect(sanitizeTelemetryUserId('user-42@demo.hk')).toBe('user-42@demo.hk');
  });
});

describe('bundle guard', () => {
  // The SDK adds ≈ 70 kB gzip: a static import anywhere in app code would put it in the shared chunk.
  it('no app source imports @microsoft/applicationinsights-* except as types or through import()', () => {
    const root = path.resolve(__dirname, '../../../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        if (['node_modules', '.next', '.git', '.data', '__tests__', 'coverage'].includes(name)) continue;
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.(ts|tsx|js|jsx|mjs)$/.test(name)) {
          const src = readFileSync(full, 'utf8');
          const staticImport = /^\s*import\s+(?!type\b)[^;]*from\s+['"]@microsoft\/applicationinsights/m;
          const requireCall = /require\(\s*['"]@microsoft\/applicationinsights/;
          if (staticImport.test(src) || requireCall.test(src)) offenders.push(path.relative(root, full));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
