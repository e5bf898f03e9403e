/**
 * CRC-32 (IEEE 802.3, the one PNG chunks carry). `zlib.crc32` exists only from Node 20.15 / 22.2; the portal runs on
 * Node ≥ 20.9, so a small table-driven version lives here (used to check PNG chunks and to write the demo PNGs).
 */
const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array, start = 0, end = data.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i += 1) c = TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
