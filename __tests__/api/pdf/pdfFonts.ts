import { inflateSync } from 'node:zlib';

/**
 * The fonts a PDF embeds and the characters each one draws, read from the font objects and their ToUnicode maps
 * (pdfkit writes the font dictionaries in the clear and the maps as Flate streams; glyph 0, .notdef, maps to U+0000). pdf-parse's pdf.js (1.10) cuts
 * characters outside the BMP to 16 bits (𨋢 U+282E2 comes out as 苢 U+82E2), so the tests read the maps themselves.
 */
export function pdfFonts(pdf: Buffer): Map<string, string> {
  const text = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; start: number }>();
  for (const m of text.matchAll(/(\d+) 0 obj\s*<<([\s\S]*?)>>\s*(stream\r?\n)?/g)) {
    objects.set(m[1]!, { dict: m[2]!, start: m.index + m[0].length });
  }
  const stream = (id: string): Buffer => {
    const o = objects.get(id);
    if (!o) throw new Error(`object ${id} not found`);
    const length = Number(/\/Length (\d+)/.exec(o.dict)?.[1]);
    const raw = pdf.subarray(o.start, o.start + length);
    return /\/FlateDecode/.test(o.dict) ? inflateSync(raw) : raw;
  };
  const fonts = new Map<string, string>();
  for (const { dict } of objects.values()) {
    const base = /\/Subtype \/Type0[\s\S]*/.test(dict) ? /\/BaseFont \/[A-Z]{6}\+([\w-]+)/.exec(dict)?.[1] : undefined;
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(dict)?.[1];
    if (!base || !toUnicode) continue;
    const cmap = stream(toUnicode).toString('latin1');
    // Every destination string of the bfchar / bfrange entries: UTF-16BE in hex.
    const chars = [...cmap.replace(/begincmap[\s\S]*?endcodespacerange/, '').matchAll(/\[([^\]]*)\]|<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)]
      .flatMap((m) => (m[1] !== undefined ? [...m[1].matchAll(/<([0-9a-fA-F\s]+)>/g)].map((h) => h[1]!) : [m[4]!]))
      .map((hex) => Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le'))
      .join('');
    fonts.set(base, (fonts.get(base) ?? '') + chars);
  }
  return fonts;
}
