import type { ServerConfig } from './config';

/** The validated config of the running process, shared with code that Next bundles separately (next-auth). */
const KEY = Symbol.for('print-portal.config');
type Holder = { [KEY]?: ServerConfig };

export function registerConfig(config: ServerConfig): void {
  (globalThis as Holder)[KEY] = config;
}

export function getServerConfig(): ServerConfig {
  const config = (globalThis as Holder)[KEY];
  if (!config) throw new Error('Config not loaded: start the portal through server.ts');
  return config;
}

/** Header server.ts sets on every request it hands to Next (client-supplied values are overwritten). */
export const CLIENT_IP_HEADER = 'x-portal-client-ip';
