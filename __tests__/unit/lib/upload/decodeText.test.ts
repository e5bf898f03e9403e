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

  it('reads a file that is not UTF-8 but Big5 (Excel\'s plain "CSV" on Traditional Chinese Windows) as Big5', () => {
    // 陳大文 in Big5, between ASCII cells.
    const big5 = new Uint8Array([...Buffer.from('name,x\r\n'), 0xb3, 0xaf, 0xa4, 0x6a, 0xa4, 0xe5, ...Buffer.from(',1\r\n')]);
    expect(decodeTextBytes(big5)).toBe('name,x\r\n陳大文,1\r\n');
    expect(decodeTextBytes(big5, { fatal: true })).toBe('name,x\r\n陳大文,1\r\n');
    // UTF-8 stays UTF-8 (its Chinese is not read as Big5), and a file with a UTF-8 BOM is UTF-8 whatever follows.
    expect(decodeTextBytes(new Uint8Array(Buffer.from('陳大文', 'utf8')))).toBe('陳大文');
    expect(decodeTextBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0xb3, 0xaf]))).toBe('\uFFFD\uFFFD');
  });
});
