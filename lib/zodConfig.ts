import { config } from 'zod/v4/core';

/**
 * Zod 4 compiles object parsers with `new Function` when it may, and probes for that once with a caught
 * `new Function("")`. Under the portal's Content-Security-Policy (no 'unsafe-eval', docs/security-headers.md) the
 * probe fails quietly but the browser still reports a violation on every page. `jitless` skips the probe and the
 * compilation. It must run before any schema is created, so `_app` imports this module first.
 */
if (typeof window !== 'undefined') config({ jitless: true });
