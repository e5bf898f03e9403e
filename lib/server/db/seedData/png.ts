/**
 * The demo data's generated pictures (offer banners, slip receipts): an 8-bit RGB PNG drawn pixel by pixel, valid in
 * every chunk, so the uploads' checks accept it like any file a user sends.
 */
import { deflateSync } from 'node:zlib';
import { crc32 } from '@/lib/server/uploads/crc32';

export type Rgb = readonly [number, number, number];

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A `w` × `h` PNG whose pixel at (x, y) is `pixel(x, y)`. */
export function rgbPng(w: number, h: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h); // each row: filter byte 0 (none), then RGB triples
  for (let y = 0; y < h; y += 1) {
    const row = y * (w * 3 + 1);
    for (let x = 0; x < w; x += 1) {
      const px = pixel(x, y);
      const i = row + 1 + x * 3;
      raw[i] = px[0];
      raw[i + 1] = px[1];
      raw[i + 2] = px[2];
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
