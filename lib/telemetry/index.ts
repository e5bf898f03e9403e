/**
 * Browser telemetry (Application Insights), spec §9.
 *
 * The SDK weighs ≈ 70 kB gzip, so it is never imported statically: `import()` below puts it in its own chunk that is
 * fetched only when the server's runtime configuration (`/runtime-config.js`) carries a connection string. Without
 * one every export is a no-op, so development, tests and deployments without monitoring pay nothing.
 *
 * Calls made before the SDK has loaded are queued (bounded) and replayed once it is ready.
 */
import type { ApplicationInsights, IConfig, IConfiguration } from '@microsoft/applicationinsights-web';
import { getTelemetryConnectionString } from '@/lib/api/runtimeConfig';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Spec §9 settings, by their SDK 3.4.4 names (IConfig in applicationinsights-core-js typings).
 * The user cookie lifetime of one year has no setting: the SDK writes `ai_user` with a fixed 365-day lifetime
 * (properties-js Context/User.js `_setUserCookie`), which is the spec's value.
 */
export const TELEMETRY_SETTINGS = {
  /** A session ends 24 h after it started, however active. */
  sessionExpirationMs: 24 * HOUR_MS,
  /** A session ends after 30 min without activity. */
  sessionRenewalMs: 30 * 60 * 1000,
  /** At most 500 tracked ajax calls per page view. */
  maxAjaxCallsPerView: 500,
  /** Page views are tracked by `trackPageViewSoon` (500 ms after a route change), not by the SDK's history hook. */
  enableAutoRouteTracking: false,
  /**
   * The SDK's config-sync plugin would fetch its settings from Microsoft's CDN (js.monitor.azure.com) on every page:
   * the portal talks only to its own server and the configured ingestion endpoint.
   */
  extensionConfig: { AppInsightsCfgSyncPlugin: { blkCdnCfg: true } },
} as const satisfies IConfiguration & IConfig;

/** Delay between a route change and its page view, so the new page's title is in place and redirects collapse. */
export const PAGE_VIEW_DELAY_MS = 500;

/** Calls kept while the SDK loads; the oldest are dropped beyond this, so a failing page cannot grow memory. */
export const MAX_QUEUED_CALLS = 100;

export type ApiFailureDetail = {
  url: string;
  status: number;
  code: string;
  message: string;
  traceId?: string;
};

type Call = (ai: ApplicationInsights) => void;

let instance: ApplicationInsights | null = null;
let loading: Promise<boolean> | null = null;
let loadFailed = false;
let queue: Call[] = [];
/** undefined: nothing to apply; null: clear; string: the sanitised id to set once loaded. */
let pendingUser: string | null | undefined;
let pageViewTimer: ReturnType<typeof setTimeout> | undefined;

const isEnabled = (): boolean => typeof window !== 'undefined' && getTelemetryConnectionString() !== null;

/** Telemetry must never break the page: SDK errors are swallowed. */
function safely(call: Call, ai: ApplicationInsights): void {
  try {
    call(ai);
  } catch {
    // ignored on purpose
  }
}

function applyUser(ai: ApplicationInsights, id: string | null): void {
  if (id === null) ai.clearAuthenticatedUserContext();
  else ai.setAuthenticatedUserContext(id);
}

/**
 * Loads and starts the SDK when a connection string is configured; resolves true once it runs, false when telemetry
 * is off or could not load. Safe to call many times (one load).
 */
export function initTelemetry(): Promise<boolean> {
  if (instance) return Promise.resolve(true);
  if (loadFailed || !isEnabled()) return Promise.resolve(false);
  if (loading) return loading;
  const connectionString = getTelemetryConnectionString()!;
  loading = import('@microsoft/applicationinsights-web')
    .then(({ ApplicationInsights: Sdk }) => {
      const ai = new Sdk({ config: { ...TELEMETRY_SETTINGS, connectionString } });
      ai.loadAppInsights();
      instance = ai;
      if (pendingUser !== undefined) safely((a) => applyUser(a, pendingUser!), ai);
      pendingUser = undefined;
      const calls = queue;
      queue = [];
      for (const call of calls) safely(call, ai);
      return true;
    })
    .catch(() => {
      // A blocked or failed chunk load: stay a no-op for the rest of this page instead of retrying on every call.
      loadFailed = true;
      queue = [];
      return false;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

function enqueue(call: Call): void {
  if (!isEnabled() || loadFailed) return;
  if (instance) {
    safely(call, instance);
    return;
  }
  queue.push(call);
  if (queue.length > MAX_QUEUED_CALLS) queue.splice(0, queue.length - MAX_QUEUED_CALLS);
  void initTelemetry();
}

/** The SDK refuses ids holding a comma, semicolon, equals sign, space or vertical bar (cookie syntax): strip them. */
export function sanitizeTelemetryUserId(id: string): string {
  return id.replace(/[,;=|\s]/g, '');
}

/** Tags later telemetry with the signed-in user (null on sign-out). */
export function setAuthenticatedUser(id: string | null): void {
  if (!isEnabled() || loadFailed) return;
  const clean = id === null ? null : sanitizeTelemetryUserId(id) || null;
  if (instance) {
    safely((ai) => applyUser(ai, clean), instance);
    return;
  }
  pendingUser = clean;
  void initTelemetry();
}

/** Reports a failed API call (spec §8): url, status, code, message, traceId. */
export function trackApiFailure(detail: ApiFailureDetail): void {
  enqueue((ai) =>
    ai.trackEvent(
      { name: 'ApiFailure' },
      {
        url: detail.url,
        status: detail.status,
        code: detail.code,
        message: detail.message,
        traceId: detail.traceId ?? '',
      },
    ),
  );
}

/** Reports an error the UI caught (the error boundary of spec §8), with optional string properties. */
export function trackException(error: Error, properties?: Record<string, string>): void {
  enqueue((ai) => ai.trackException({ exception: error }, properties));
}

/**
 * Called by the router listener on every completed route change (and once for the first page): tracks the page view
 * `PAGE_VIEW_DELAY_MS` later; a newer change within that time replaces the pending one.
 */
export function trackPageViewSoon(url: string): void {
  if (!isEnabled() || loadFailed) return;
  if (pageViewTimer !== undefined) clearTimeout(pageViewTimer);
  pageViewTimer = setTimeout(() => {
    pageViewTimer = undefined;
    const name = typeof document !== 'undefined' && document.title ? document.title : url;
    enqueue((ai) => ai.trackPageView({ name, uri: url }));
  }, PAGE_VIEW_DELAY_MS);
}

/** Tests only: forget the loaded SDK and every queued call. */
export function resetTelemetryForTests(): void {
  if (pageViewTimer !== undefined) clearTimeout(pageViewTimer);
  pageViewTimer = undefined;
  instance = null;
  loading = null;
  loadFailed = false;
  queue = [];
  pendingUser = undefined;
}
