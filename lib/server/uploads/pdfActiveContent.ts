import { inflateSync } from 'node:zlib';

/**
 * PDF names that make a viewer run or open something: JavaScript (`/JS`, `/JavaScript`, also as the target of an
 * `/OpenAction`), actions fired on events (`/AA`), launching programs or files (`/Launch`), embedded files
 * (`/EmbeddedFile`, `/EmbeddedFiles`), Flash / 3D media (`/RichMedia`), XML forms (`/XFA`), and form actions that
 * send or load data (`/SubmitForm`, `/ImportData`, `/GoToE`). A payment slip is a scan or a bank's receipt: it never
 * needs any of them. `/OpenAction` alone (open at page 1, fit width) is harmless and common, so it is not refused;
 * the JavaScript it could start is.
 */
export const PDF_ACTIVE_NAMES = ['JS', 'JavaScript', 'AA', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA', 'SubmitForm', 'ImportData', 'GoToE'] as const;

/**
 * Markup a browser would act on if it ever sniffed the bytes as HTML (a PDF/HTML polyglot). Searched anywhere in the
 * file, case-insensitively. Long enough that compressed data does not produce them by chance (5+ bytes, 1 in 2^35
 * per position for `<html`).
 */
export const POLYGLOT_MARKERS = ['<html', '<script', '<body', '<iframe', '<!doctype', '<object', '<embed', 'javascript:'] as const;
/** Short markers, only looked for near the start (where sniffing happens): 4 bytes could occur in compressed data. */
const HEAD_MARKERS = ['<svg', '<?xml', '<head', '<meta'] as const;
const HEAD_BYTES = 1024;

/** Decompressed bytes scanned at most per file: a zip bomb stops the scan (and is refused) instead of the server. */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

const ACTIVE = new Set<string>(PDF_ACTIVE_NAMES);

/** A PDF name token with its `#xx` escapes decoded (`/J#53` is `/JS`). */
const decodeName = (raw: string): string => raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** Active names in one piece of PDF syntax (latin1 text). */
function namesIn(text: string, found: Set<string>): void {
  // A name runs from `/` to the next whitespace or delimiter (PDF 32000-1 §7.3.5).
  const re = /\/([^\s/[\]<>(){}%]+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const name = decodeName(m[1]!);
    if (ACTIVE.has(name)) found.add(`/${name}`);
  }
}

/** Every `stream … endstream` body of the file (raw, still encoded). */
function* streams(buf: Buffer): Generator<Buffer> {
  let from = 0;
  for (;;) {
    const start = buf.indexOf('stream', from, 'latin1');
    if (start === -1) return;
    // `endstream` also contains `stream`: skip it.
    if (start >= 3 && buf.toString('latin1', start - 3, start) === 'end') {
      from = start + 6;
      continue;
    }
    let body = start + 6;
    if (buf[body] === 0x0d) body += 1;
    if (buf[body] === 0x0a) body += 1;
    const end = buf.indexOf('endstream', body, 'latin1');
    if (end === -1) return;
    yield buf.subarray(body, end);
    from = end + 9;
  }
}

export type ActiveContentReport = {
  /** Active names found (as written in the PDF, e.g. `/JavaScript`), in plain syntax or in a Flate stream. */
  names: string[];
  /** HTML / script markers found in the raw bytes. */
  markup: string[];
  /** Decompressed data exceeded the scan's cap: treated as hostile. */
  inflateCapHit: boolean;
};

/**
 * Scans a PDF for content that can act rather than be displayed:
 * - the names of PDF_ACTIVE_NAMES in the file's own syntax (dictionaries outside streams), with `#xx` escapes decoded;
 * - the same names inside every stream that inflates with zlib (FlateDecode: object streams `/ObjStm`, where PDF 1.5+
 *   writers put dictionaries, and content streams);
 * - HTML / script markers anywhere in the raw bytes (polyglots), and a few short ones in the first kilobyte.
 * Not detected: names inside streams under other filters (LZW, ASCII85, ASCIIHex, RunLength, crypt filters of an
 * encrypted PDF) or chained filters whose first stage is not Flate; JavaScript reached only through a name we do not
 * list. Those PDFs are still served with a sandboxing CSP and as attachments (lib/server/api/fileResponse.ts).
 */
export function scanPdfActiveContent(buf: Buffer): ActiveContentReport {
  const found = new Set<string>();
  const text = buf.toString('latin1');
  namesIn(text, found);
  let inflated = 0;
  let inflateCapHit = false;
  for (const body of streams(buf)) {
    if (inflated >= MAX_INFLATED_BYTES) {
      inflateCapHit = true;
      break;
    }
    let plain: Buffer;
    try {
      plain = inflateSync(body, { maxOutputLength: MAX_INFLATED_BYTES - inflated });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') inflateCapHit = true;
      continue; // not Flate (an image's DCT data, another filter) or cut short: nothing to read
    }
    inflated += plain.length;
    namesIn(plain.toString('latin1'), found);
  }
  const lower = text.toLowerCase();
  const head = lower.slice(0, HEAD_BYTES);
  const markup = [...POLYGLOT_MARKERS.filter((m) => lower.includes(m)), ...HEAD_MARKERS.filter((m) => head.includes(m))];
  return { names: [...found].sort(), markup, inflateCapHit };
}

/** True when the PDF carries anything scanPdfActiveContent flags. */
export function hasActiveContent(report: ActiveContentReport): boolean {
  return report.names.length > 0 || report.markup.length > 0 || report.inflateCapHit;
}
