/**
 * Upload fixtures built in code (no binaries in the repository): a small valid PNG, and the wrong ones the slip
 * upload must refuse — over the size limit, other types under a .png name, empty, and a PNG cut short.
 */
import { deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A whole PNG (RGB, 8 bits) of `width` × `height` with a simple gradient: every chunk's CRC is right, IEND ends it. */
export function pngBytes(width = 48, height = 32): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) raw.set([(x * 5) & 0xff, (y * 7) & 0xff, 0x90], row + 1 + x * 3);
  }
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** `bytes` long, starting with the PNG signature (the rest zeros): for the size limit, checked before the content. */
export function pngSignedBytes(bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  PNG_SIGNATURE.copy(out);
  return out;
}

/** A 1×1 GIF. */
export const gifBytes = (): Buffer => Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** A ZIP local file header and a little data (what a .docx or .xlsx starts with). */
export const zipBytes = (): Buffer => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]), Buffer.alloc(120, 0x41)]);

/** A valid PNG cut in the middle of its image data: the signature passes the browser's check, the server's does not. */
export function truncatedPngBytes(): Buffer {
  const whole = pngBytes();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

export const asUpload = (name: string, buffer: Buffer, mimeType = 'image/png'): UploadFile => ({ name, mimeType, buffer });
