/**
 * A file's type from its first bytes (magic numbers), not from its name or the browser's guess. The browser checks
 * this to refuse an obviously wrong file before uploading it; the server checks the bytes again (it trusts nothing
 * the browser says).
 */
import { formatList } from '@/lib/i18n/locales';
export const UPLOAD_TYPES = {
  'image/jpeg': { label: 'JPEG', extensions: ['.jpg', '.jpeg'], magic: [0xff, 0xd8, 0xff] },
  'image/png': { label: 'PNG', extensions: ['.png'], magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // "%PDF-"
  'application/pdf': { label: 'PDF', extensions: ['.pdf'], magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
} as const;

export type UploadType = keyof typeof UPLOAD_TYPES;

export const UPLOAD_TYPE_LIST = Object.keys(UPLOAD_TYPES) as UploadType[];

/** Bytes needed to tell every known type apart. */
export const SNIFF_LENGTH = Math.max(...Object.values(UPLOAD_TYPES).map((t) => t.magic.length));

export function sniffBytes(bytes: Uint8Array): UploadType | null {
  for (const type of UPLOAD_TYPE_LIST) {
    const { magic } = UPLOAD_TYPES[type];
    if (bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)) return type;
  }
  return null;
}

async function readHead(file: Blob, length: number): Promise<Uint8Array> {
  const head = file.slice(0, length);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  // Older engines without Blob#arrayBuffer.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(head);
  });
}

/** The file's type by content, or null when it is none of UPLOAD_TYPES. Rejects when the file cannot be read. */
export async function sniffFile(file: Blob): Promise<UploadType | null> {
  return sniffBytes(await readHead(file, SNIFF_LENGTH));
}

/**
 * "JPEG, PNG or PDF" / 「JPEG、PNG或PDF」 for messages: the labels joined as the page's locale writes a list (the
 * message adds the words around it).
 */
export const typeLabels = (types: readonly UploadType[], locale: string | undefined): string =>
  formatList(
    types.map((t) => UPLOAD_TYPES[t].label),
    locale,
  );

/** The `accept` attribute of a file input: MIME types and extensions, so every platform's picker filters. */
export const acceptAttribute = (types: readonly UploadType[]): string =>
  types.flatMap((t) => [t, ...UPLOAD_TYPES[t].extensions]).join(',');

export const MB = 1024 * 1024;
