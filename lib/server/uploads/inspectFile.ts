import { createHash } from 'node:crypto';
import FileType from 'file-type';
import { AppError } from '@/lib/server/errors';
import { decodeTextBytes } from '@/lib/upload/decodeText';
import { crc32 } from './crc32';
import { hasActiveContent, scanPdfActiveContent } from './pdfActiveContent';
import type { UploadedFile } from './multipart';

/** Types the upload pipeline can check beyond their magic bytes. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const INSPECTABLE_TYPES = ['image/jpeg', 'image/png', 'application/pdf', 'text/csv', XLSX_MIME] as const;
export type InspectableType = (typeof INSPECTABLE_TYPES)[number];

/** A file whose type was read from its content and whose structure holds together. */
export type CheckedFile = UploadedFile & { mimeType: InspectableType; sizeBytes: number; sha256: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * PNG: the signature, then chunks of length + type + data + CRC up to IEND, each CRC right, IHDR first and at
 * least one IDAT. A PNG header followed by anything else fails here.
 */
export function isIntactPng(buf: Buffer): boolean {
  if (buf.length < PNG_SIGNATURE.length + 12 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let pos = 8;
  let first = true;
  let hasData = false;
  while (pos + 12 <= buf.length) {
    const length = buf.readUInt32BE(pos);
    const end = pos + 12 + length;
    if (length > 0x7fffffff || end > buf.length) return false;
    const type = buf.toString('latin1', pos + 4, pos + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return false;
    if (crc32(buf, pos + 4, pos + 8 + length) !== buf.readUInt32BE(pos + 8 + length)) return false;
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    first = false;
    if (type === 'IDAT') hasData = true;
    if (type === 'IEND') return hasData;
    pos = end;
  }
  return false;
}

/**
 * JPEG: SOI, then well-formed marker segments up to the start of scan (with a frame header before it), then an EOI
 * marker after the scan data. A truncated photo (no EOI) or a JPEG header followed by junk fails.
 */
export function isIntactJpeg(buf: Buffer): boolean {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return false;
  let pos = 2;
  let hasFrame = false;
  while (pos + 4 <= buf.length) {
    if (buf[pos] !== 0xff) return false;
    let marker = buf[pos + 1]!;
    // Fill bytes (0xFF repeated) may precede a marker.
    while (marker === 0xff && pos + 2 < buf.length) {
      pos += 1;
      marker = buf[pos + 1]!;
    }
    if (marker === 0xd9 || marker === 0x00) return false;
    // Markers without a length: TEM and RST0–7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2;
      continue;
    }
    const length = buf.readUInt16BE(pos + 2);
    if (length < 2 || pos + 2 + length > buf.length) return false;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) hasFrame = true;
    if (marker === 0xda) {
      if (!hasFrame) return false;
      // Scan data runs to the end of image; allow a little trailing padding some cameras add after EOI.
      const eoi = buf.lastIndexOf(Buffer.from([0xff, 0xd9]));
      return eoi > pos + 2 + length;
    }
    pos += 2 + length;
  }
  return false;
}

/**
 * PDF: `%PDF-` at the start, an end-of-file marker (`%%EOF`) near the end and a cross-reference pointer
 * (`startxref`) before it. A PDF cut off in transfer, or a PDF header followed by junk, fails.
 */
export function isIntactPdf(buf: Buffer): boolean {
  if (buf.length < 32 || buf.toString('latin1', 0, 5) !== '%PDF-') return false;
  const tail = buf.toString('latin1', Math.max(0, buf.length - 2048));
  const eof = tail.lastIndexOf('%%EOF');
  if (eof === -1 || tail.slice(eof + 5).trim() !== '') return false;
  const startxref = tail.lastIndexOf('startxref');
  if (startxref === -1 || startxref > eof) return false;
  return /^\s*\d+\s*$/.test(tail.slice(startxref + 9, eof));
}

/**
 * CSV has no magic bytes: it is text that decodes (UTF-8, or UTF-16 with its byte-order mark, as Excel's "CSV UTF-16"
 * and "Unicode text" write it; `decodeTextBytes`) and holds no NUL or other binary control bytes.
 */
export function isPlainText(buf: Buffer): boolean {
  try {
    const text = decodeTextBytes(buf, { fatal: true });
    return !/[\u0000-\u0008\u000e-\u001f]/.test(text);
  } catch {
    return false;
  }
}

const hasUtf16Bom = (buf: Buffer) => (buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff);

const STRUCTURE_CHECKS: Record<InspectableType, (buf: Buffer) => boolean> = {
  'image/png': isIntactPng,
  'image/jpeg': isIntactJpeg,
  'application/pdf': isIntactPdf,
  // Read by csv-parse afterwards, which reports a malformed file as FILE_CORRUPT.
  'text/csv': isPlainText,
  // file-type recognises XLSX only from its zip entries ([Content_Types].xml, xl/); exceljs reads it afterwards and
  // a damaged workbook is FILE_CORRUPT there.
  [XLSX_MIME]: () => true,
};

/**
 * Decides what an uploaded file is from its bytes (file-type's magic numbers), never from its name or the browser's
 * claim, and checks that it is whole:
 * - no file part → 400 VALIDATION (`file` required); zero bytes → 400 FILE_EMPTY;
 * - a type outside `accept` (a GIF or ZIP named .png, a text file…) → 415 UNSUPPORTED_MEDIA_TYPE;
 * - the right magic bytes but a broken structure → 400 FILE_CORRUPT;
 * - a PDF with active content (JavaScript, actions, launches, embedded files, XFA) or HTML markup → 415
 *   FILE_ACTIVE_CONTENT (./pdfActiveContent.ts says what is and is not detected).
 */
export async function inspectFile(file: UploadedFile | null, accept: readonly InspectableType[], field = 'file'): Promise<CheckedFile> {
  if (!file) throw new AppError('VALIDATION', { fields: { [field]: ['ui.validation.required'] }, publicMessage: 'Attach the file' });
  const { content } = file;
  if (content.length === 0) throw new AppError('FILE_EMPTY');
  // A UTF-16 byte-order mark (`FF FE`, `FE FF`) looks like an MPEG audio frame to file-type: where CSV is accepted, text
  // that decodes under its BOM is CSV before any magic number is asked.
  const utf16Text = accept.includes('text/csv') && hasUtf16Bom(content) && isPlainText(content);
  const detected = utf16Text ? undefined : await FileType.fromBuffer(content);
  // file-type reports Adobe Illustrator files, which are PDFs inside, as `application/postscript` / `ai`: a PDF to us.
  // Text has no magic bytes: a file with none detected is CSV when CSV is accepted (the structure check decides).
  const mime = detected?.ext === 'ai' ? 'application/pdf' : (detected?.mime ?? (accept.includes('text/csv') ? 'text/csv' : undefined));
  const type = accept.find((t) => t === mime);
  if (!type) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      publicMessage: `Only ${accept.join(', ')} files are accepted`,
      message: `detected ${detected?.mime ?? 'unknown'} (declared ${file.declaredType})`,
    });
  }
  if (!STRUCTURE_CHECKS[type](content)) throw new AppError('FILE_CORRUPT', { message: `damaged ${type}` });
  if (type === 'application/pdf') {
    // Staff open slips in the browser's PDF viewer: a PDF that can run script, launch or embed anything is refused.
    const report = scanPdfActiveContent(content);
    if (hasActiveContent(report)) {
      throw new AppError('FILE_ACTIVE_CONTENT', {
        message: `active PDF content: ${[...report.names, ...report.markup, ...(report.inflateCapHit ? ['inflate cap'] : [])].join(' ')}`,
      });
    }
  }
  return { ...file, mimeType: type, sizeBytes: content.length, sha256: createHash('sha256').update(content).digest('hex') };
}
