import type http from 'node:http';

/** An HTTP answer read to its end: status, headers, the body as text and, when that is JSON, parsed. */
export type ReadAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string; body: unknown };

/**
 * Reads `res` to its end (a stream error rejects); `body` is the parsed JSON, or undefined when the text is empty or
 * not JSON. Shared by the API test server's client and the fault tests' client.
 */
export function readAnswer(res: http.IncomingMessage): Promise<ReadAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('error', reject);
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
    });
  });
}
