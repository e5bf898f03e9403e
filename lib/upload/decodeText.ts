/**
 * A text file's characters from its bytes, by its byte-order mark: UTF-16 LE (`FF FE`, what Excel's "Unicode text"
 * and "CSV UTF-16" write) and UTF-16 BE (`FE FF`) are decoded as such; anything else is read as UTF-8, with or without
 * its BOM (`EF BB BF`). The BOM itself is not part of the text. Bytes that are not valid in the encoding become U+FFFD,
 * as `Blob#text()` does. Client-safe: the meter-reading CSV upload reads its file with this before sending the text.
 */
export function decodeTextBytes(bytes: Uint8Array): string {
  const [a, b, c] = bytes;
  if (a === 0xff && b === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (a === 0xfe && b === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (a === 0xef && b === 0xbb && c === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  return new TextDecoder('utf-8').decode(bytes);
}

/** `decodeTextBytes` of a whole file (`Blob#text()` would read a UTF-16 file as UTF-8: NULs between the letters). */
export async function readTextFile(file: Blob): Promise<string> {
  return decodeTextBytes(new Uint8Array(await file.arrayBuffer()));
}
