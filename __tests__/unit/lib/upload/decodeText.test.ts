import { decodeTextBytes, readTextFile } from '@/lib/upload/decodeText';

const TEXT = 'serial\tdate\tbw\tcolour\r\n3B7-209156\t01/11/2026\t301,000\t\r\n機身號碼';
const utf16le = (s: string) => new Uint8Array(Buffer.from(`\uFEFF${s}`, 'utf16le'));
const utf16be = (s: string) => new Uint8Array(Buffer.from(`\uFEFF${s}`, 'utf16le').swap16());

describe('decodeTextBytes', () => {
  it.each([
    ['UTF-16 LE with its BOM (Excel "Unicode text")', utf16le(TEXT)],
    ['UTF-16 BE with its BOM', utf16be(TEXT)],
    ['UTF-8 with its BOM', new Uint8Array(Buffer.from(`\uFEFF${TEXT}`, 'utf8'))],
    ['UTF-8 without a BOM', new Uint8Array(Buffer.from(TEXT, 'utf8'))],
  ])('%s: the text, without the BOM', (_, bytes) => {
    expect(decodeTextBytes(bytes)).toBe(TEXT);
  });

  it('reads a whole file the same way (a UTF-16 file has no NULs between its letters once read)', async () => {
    const text = await readTextFile(new Blob([utf16le(TEXT)]));
    expect(text).toBe(TEXT);
    expect(text).not.toContain('\u0000');
  });

  it('with fatal, refuses bytes that are not valid in the encoding its BOM names (the upload check); without, replaces them', () => {
    const broken = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xff, 0x62]);
    expect(() => decodeTextBytes(broken, { fatal: true })).toThrow(/not valid|encoded data/);
    expect(decodeTextBytes(broken)).toBe('a\uFFFDb');
    // An odd byte count cannot be UTF-16.
    expect(() => decodeTextBytes(new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x62]), { fatal: true })).toThrow(/not valid|encoded data/);
    expect(decodeTextBytes(utf16le(TEXT), { fatal: true })).toBe(TEXT);
  });
});
