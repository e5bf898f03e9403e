import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { AppError } from '@/lib/server/errors';
import { MB } from '@/lib/upload/sniff';
import { msg } from '@/lib/zodMessages';

/** One file part as it arrived: nothing about it is trusted yet (see inspectFile). */
export type UploadedFile = {
  /** The name the browser gave it, cleaned for display (never used as a path). */
  fileName: string;
  /** What the browser claimed; informational only, the type is decided from the bytes. */
  declaredType: string;
  content: Buffer;
};

export type MultipartForm = {
  /** Text fields; a name sent several times becomes an array (e.g. repeated `billIds`). */
  fields: Record<string, string | string[]>;
  file: UploadedFile | null;
};

export type MultipartLimits = {
  /** The one file part's cap in bytes, enforced while the bytes arrive. */
  maxFileBytes: number;
  /** Name of the file part; any other file part is refused. */
  fileField: string;
  maxFields?: number;
  maxFieldBytes?: number;
};

/** Room for the text fields and the part headers next to the file, for the Content-Length pre-check. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const isMultipart = (req: IncomingMessage): boolean =>
  String(req.headers['content-type'] ?? '')
    .split(';', 1)[0]!
    .trim()
    .toLowerCase() === 'multipart/form-data';

/** A display name: last path segment, no control characters, at most 200 characters. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200);
  return cleaned || 'upload';
}

/**
 * 413 naming the limit on the file's field, in the words the browser's own check uses ("larger than the 5 MB
 * limit"): the code's general text ("the request or file is too large") left the user guessing how large may go,
 * when the limit was lowered after the page loaded or a screen sent a file its check let through.
 */
const tooLarge = (maxFileBytes: number, fileField: string) =>
  new AppError('PAYLOAD_TOO_LARGE', {
    publicMessage: `The file is larger than the limit of ${maxFileBytes} bytes`,
    fields: { [fileField]: [msg('ui.upload.tooLarge', { size: Math.floor((maxFileBytes / MB) * 10) / 10 })] },
  });

/**
 * Streams a multipart/form-data body through busboy. The file is counted as it arrives and the read stops at
 * `maxFileBytes` (413): nothing over the cap is ever buffered, and nothing is stored by the caller because this
 * throws before any handler runs. A declared Content-Length far over the cap is refused before reading at all.
 * Malformed bodies, extra files, too many or too long fields are 400.
 */
export function readMultipart(req: IncomingMessage, limits: MultipartLimits): Promise<MultipartForm> {
  const { maxFileBytes, fileField } = limits;
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxFileBytes + FORM_OVERHEAD_BYTES) {
    req.resume();
    return Promise.reject(tooLarge(maxFileBytes, fileField));
  }

  return new Promise<MultipartForm>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: {
          fileSize: maxFileBytes,
          files: 1,
          fields: limits.maxFields ?? 20,
          fieldSize: limits.maxFieldBytes ?? 8 * 1024,
          parts: (limits.maxFields ?? 20) + 1,
          headerPairs: 20,
        },
      });
    } catch {
      req.resume();
      reject(new AppError('VALIDATION', { publicMessage: 'Send the form as multipart/form-data with a boundary' }));
      return;
    }

    // Field names are the client's: a Map, never a plain object (a field named `__proto__`, `constructor` or
    // `toString` would reach Object.prototype), turned into own properties at the end.
    const fields = new Map<string, string | string[]>();
    let file: UploadedFile | null = null;
    let settled = false;

    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      req.unpipe(bb);
      // Drain what the client is still sending, so it reads our answer instead of a reset connection.
      req.resume();
      reject(err);
    };

    bb.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) {
        fail(new AppError('VALIDATION', { fields: { [name]: ['ui.validation.invalid'] }, publicMessage: `Field ${name} is too long` }));
        return;
      }
      const prev = fields.get(name);
      fields.set(name, prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]);
    });

    bb.on('file', (name, stream, info) => {
      // busboy destroys an unfinished file stream with the form's error (a body cut short): handled via bb's 'error'.
      stream.on('error', () => fail(new AppError('VALIDATION', { publicMessage: 'The multipart body is malformed' })));
      if (name !== fileField || file) {
        stream.resume();
        fail(new AppError('VALIDATION', { fields: { [name]: ['ui.validation.invalid'] }, publicMessage: `Unexpected file part ${name}` }));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxFileBytes) return;
        chunks.push(chunk);
      });
      // busboy stops at `limits.fileSize` and signals it: the rest of the part is discarded, never buffered.
      stream.on('limit', () => fail(tooLarge(maxFileBytes, fileField)));
      stream.on('end', () => {
        if (settled || size > maxFileBytes) return;
        file = { fileName: cleanFileName(info.filename), declaredType: info.mimeType, content: Buffer.concat(chunks, size) };
      });
    });

    bb.on('filesLimit', () => fail(new AppError('VALIDATION', { publicMessage: 'Send one file only' })));
    bb.on('fieldsLimit', () => fail(new AppError('VALIDATION', { publicMessage: 'Too many fields' })));
    bb.on('partsLimit', () => fail(new AppError('VALIDATION', { publicMessage: 'Too many parts' })));
    bb.on('error', () => fail(new AppError('VALIDATION', { publicMessage: 'The multipart body is malformed' })));
    bb.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ fields: Object.fromEntries(fields), file });
    });
    req.on('aborted', () => fail(new AppError('VALIDATION', { publicMessage: 'The upload was interrupted' })));
    req.pipe(bb);
  });
}
