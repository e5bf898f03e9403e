/**
 * Settings the server hands the browser at run time through `/runtime-config.js` (lib/server/app.ts), so one build
 * serves every environment: nothing here is baked into the bundle. `_document` loads that script before the app.
 */
export type PortalRuntimeConfig = {
  telemetryConnectionString?: string | null;
  requestTimeoutMs?: number;
  contentApiKey?: string;
};

declare global {
  // Declaration merging onto the DOM's Window needs an interface; a type alias cannot extend it.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    __PORTAL_RUNTIME__?: PortalRuntimeConfig;
  }
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** The runtime settings, or `{}` on the server (static generation) and before the script ran. */
export function getRuntimeConfig(): PortalRuntimeConfig {
  if (typeof window === 'undefined') return {};
  return window.__PORTAL_RUNTIME__ ?? {};
}

/** Read on every call rather than once at import: the script may arrive after this module was evaluated. */
export function getRequestTimeoutMs(): number {
  const value = getRuntimeConfig().requestTimeoutMs;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : DEFAULT_REQUEST_TIMEOUT_MS;
}

export function getTelemetryConnectionString(): string | null {
  const value = getRuntimeConfig().telemetryConnectionString;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
