/**
 * A text file's characters from its bytes, by its byte-order mark: UTF-16 LE (`FF FE`, what Excel's "Unicode text"
 * and "CSV UTF-16" write) and UTF-16 BE (`FE FF`) are decoded as such; anything else is read as UTF-8, with or without
 * its BOM (`EF BB BF`). A file without a BOM that is not valid UTF-8 but is valid Big5 (the WHATWG decoder's
 * Big5-HKSCS) is read as Big5: Excel's plain "CSV (Comma delimited)" on Traditional Chinese Windows writes its code
 * page, so a user import with Chinese names was refused as a damaged file. The BOM itself is not part of the text
 * (`TextDecoder` drops it). Bytes that are not valid in the encoding become U+FFFD, as `Blob#text()` does, or, with
 * `fatal`, make it throw a `TypeError`.
 * Client-safe: the meter-reading CSV upload reads its file with this before sending the text; the server reads
 * uploaded CSV files (the staff user import) with it too.
 */
export function decodeTextBytes(bytes: Uint8Array, { fatal = false }: { fatal?: boolean } = {}): string {
  const [a, b] = bytes;
  const encoding = a === 0xff && b === 0xfe ? 'utf-16le' : a === 0xfe && b === 0xff ? 'utf-16be' : 'utf-8';
  if (encoding === 'utf-8' && !(a === 0xef && b === 0xbb && bytes[2] === 0xbf)) {
    for (const label of ['utf-8', 'big5']) {
      try {
        return new TextDecoder(label, { fatal: true }).decode(bytes);
      } catch {
        // Not this encoding: the next, then UTF-8 as below.
      }
    }
  }
  return new TextDecoder(encoding, { fatal }).decode(bytes);
}

/** `decodeTextBytes` of a whole file (`Blob#text()` would read a UTF-16 file as UTF-8: NULs between the letters). */
export async function readTextFile(file: Blob): Promise<string> {
  return decodeTextBytes(new Uint8Array(await file.arrayBuffer()));
}

/**
 * The file's separator, from its first line that is not blank: a tab when that line has more tabs than commas (Excel's
 * "Unicode text" is tab-separated, and its numbers may carry thousands commas), else a comma. For csv-parse's
 * `delimiter` (meter readings, the user import).
 */
export function delimiterOf(text: string): ',' | '\t' {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const count = (ch: string) => first.split(ch).length - 1;
  return count('\t') > count(',') ? '\t' : ',';
}
