import pino from 'pino';
import { loggableError, stripParams } from '@/lib/server/errors';

/**
 * Whatever is logged under `err`: an Error goes through loggableError; a plain `{ message, stack }` loses drizzle's
 * `params:` (user-entered values). The call sites already pass loggableError(err); this catches any that do not.
 */
function errSerializer(value: unknown): unknown {
  if (value instanceof Error) return loggableError(value);
  if (!value || typeof value !== 'object') return value;
  const rec = value as Record<string, unknown>;
  const out: Record<string, unknown> = { ...rec };
  for (const key of ['message', 'stack']) if (typeof rec[key] === 'string') out[key] = stripParams(rec[key]);
  delete out.params;
  return out;
}

/**
 * One structured JSON line per event. Bodies, tokens, cookies and passwords are never logged: the request line is
 * built field by field (server.ts), and these paths are redacted as a second line of defence.
 *
 * `buffered` (the production server): lines go to stdout through an asynchronous, buffered destination (pino's
 * sonic-boom, `sync: false`: lines that arrive while a write is under way go out together in the next one) instead of one synchronous `write` per request line. The
 * buffer is written out synchronously when the process exits (pino registers that on `exit`, which every exit path of
 * server.ts reaches) and by `flush()` after the graceful shutdown, so no line is lost at SIGTERM.
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info', { buffered = false }: { buffered?: boolean } = {}) {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: errSerializer },
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'jwtToken', '*.jwtToken', 'authorization', '*.authorization', 'cookie', '*.cookie'],
      censor: '[redacted]',
    },
  };
  return buffered ? pino(options, pino.destination({ dest: 1, sync: false })) : pino(options);
}

export type Logger = ReturnType<typeof createLogger>;
