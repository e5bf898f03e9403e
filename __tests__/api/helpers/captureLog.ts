import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from '@/lib/server/log';

export type CapturedLog = { log: Logger; lines: Record<string, unknown>[]; text: () => string };

/** A pino logger writing JSON lines into memory, to assert what the server logs (and what it never logs). */
export function captureLog(): CapturedLog {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const log = pino({ level: 'debug', base: undefined }, stream) as unknown as Logger;
  return { log, lines, text: () => raw.join('\n') };
}
