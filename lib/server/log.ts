import pino from 'pino';

/**
 * One structured JSON line per event. Bodies, tokens, cookies and passwords are never logged: the request line is
 * built field by field (server.ts), and these paths are redacted as a second line of defence.
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info') {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'jwtToken', '*.jwtToken', 'authorization', '*.authorization', 'cookie', '*.cookie'],
      censor: '[redacted]',
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
