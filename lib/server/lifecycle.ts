import type { Server } from 'node:http';
import type { Logger } from './log';

export type GracefulShutdown = {
  /** True once shutdown began: /readyz answers 503 so a load balancer stops sending traffic. */
  isShuttingDown(): boolean;
  /** Stops accepting connections, lets in-flight requests finish (at most `graceMs`), then runs `onClosed`. */
  shutdown(reason: string): Promise<void>;
};

/**
 * Graceful shutdown for SIGTERM: no new connections, idle keep-alive sockets closed at once, requests in flight
 * finish, then the database pool is closed (`onClosed`). Requests still running after `graceMs` are cut.
 */
export function gracefulShutdown(server: Server, log: Logger, onClosed: () => Promise<void>, graceMs = 10_000): GracefulShutdown {
  let shuttingDown = false;
  let done: Promise<void> | undefined;
  return {
    isShuttingDown: () => shuttingDown,
    shutdown(reason) {
      if (done) return done;
      shuttingDown = true;
      log.info({ reason }, 'shutting down: finishing in-flight requests');
      done = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          log.warn({ graceMs }, 'in-flight requests did not finish in time: closing them');
          server.closeAllConnections();
        }, graceMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          void onClosed()
            .catch((err: unknown) => log.error({ err: { message: (err as Error).message } }, 'error while closing'))
            .finally(() => {
              log.info('stopped');
              resolve();
            });
        });
        server.closeIdleConnections();
      });
      return done;
    },
  };
}
