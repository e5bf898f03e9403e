import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';

/**
 * A file answer of an API endpoint (a bill PDF, a statement CSV, an uploaded slip). The route table speaks JSON
 * envelopes; a handler that returns `fileResponse({...})` instead gets its bytes sent as an attachment by the router,
 * while method, cross-site, authentication, permission, validation, errors (still JSON envelopes), trace id and the
 * log line stay the router's. Tagged with a symbol so no JSON answer can be mistaken for one.
 */
const FILE_RESPONSE = Symbol.for('portal.api.fileResponse');

export type FileResponseInit = {
  /** Shown to the user as the download's name (any Unicode; encoded per RFC 6266 / RFC 8187). */
  fileName: string;
  contentType: string;
} & (
  | { body: Buffer; stream?: never }
  | {
      /**
       * A large export written as it is produced (chunked, no Content-Length), never held whole in memory: `stream`
       * writes to the response and ends it (e.g. `pipeline(source, csv, out)`), respecting back-pressure. A failure
       * after the first byte can no longer become a JSON error: the connection is cut, so the client sees a failed
       * download rather than a truncated file that looks complete.
       */
      stream: (out: Writable) => Promise<void>;
      body?: never;
    }
);

export type FileResponse = FileResponseInit & { readonly [FILE_RESPONSE]: true };

export function fileResponse(init: FileResponseInit): FileResponse {
  return { ...init, [FILE_RESPONSE]: true };
}

export const isFileResponse = (value: unknown): value is FileResponse =>
  typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[FILE_RESPONSE] === true;

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>` (RFC 6266 §4.3): old clients read
 * the plain name, current ones the UTF-8 one, so "帳單.pdf" keeps its Chinese name. Quotes, backslashes, control
 * characters and path separators never reach the header.
 */
export function contentDisposition(fileName: string): string {
  const safe = fileName.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').trim() || 'download';
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The CSP of every file answer (uploaded slips, generated PDFs and CSVs). */
export const FILE_CSP = "default-src 'none'; sandbox";

export async function sendFile(res: ServerResponse, file: FileResponse, onStreamError?: (err: unknown) => void): Promise<void> {
  res.statusCode = 200;
  res.setHeader('Content-Type', file.contentType);
  if (file.body) res.setHeader('Content-Length', file.body.length);
  res.setHeader('Content-Disposition', contentDisposition(file.fileName));
  // A customer's bill or slip: never cached by a proxy or kept by the browser, never sniffed into another type.
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Opened directly (not through the preview's blob URL), the file is a document with no rights at all: no script,
  // no plugin, no fetch, in a unique origin. A hostile upload that got past the scan can do nothing here.
  res.setHeader('Content-Security-Policy', FILE_CSP);
  if (file.body) {
    res.end(file.body);
    return;
  }
  try {
    await file.stream(res);
    if (!res.writableEnded) res.end();
  } catch (err) {
    onStreamError?.(err);
    res.destroy(err instanceof Error ? err : new Error(String(err)));
  }
}
