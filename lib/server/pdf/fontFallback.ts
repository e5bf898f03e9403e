import { readFileSync } from 'node:fs';
import path from 'node:path';
import { create as openFont, type Font as FontkitFont } from 'fontkit';
import { packageDir, packageFile } from './fontFiles';

/**
 * Per-character font fallback for the PDFs (docs/bills.md "PDFs: characters the main font lacks").
 *
 * Noto Sans TC (the documents' font) has the Hong Kong Ext-B ideographs of HKSCS (𡃁, 𨋢 …) but no emoji and not the
 * rest of CJK Extension A–F (𠀀 U+20000, 㐀 U+3400 …): pdfkit drew those as empty boxes (.notdef), and they vanished
 * from the text a reader copies or searches. Each text run is cut into segments by the first font that has the
 * character, in this order:
 *   1. the font being drawn with (Noto Sans TC regular or bold),
 *   2. Noto Emoji (@expo-google-fonts/noto-emoji: monochrome TTF, OFL, 400 and 700 to match the weight),
 *   3. HanaMin (hanamin: Hanazono Mincho A/B, GlyphWiki's fonts covering CJK Ext A–F, shipped as ~200 WOFF2 files
 *      by Unicode block; pdfkit cannot subset WOFF2, so the one file a character needs is unpacked to TrueType with
 *      wawoff2 and kept for the process),
 * and a character none of them has is drawn as U+FFFD (from HanaMin's Specials block), so a lost character still
 * shows, and extracts, as "�" instead of vanishing.
 *
 * Marks, variation selectors, zero-width joiners, emoji skin tones and tags stay with the character before them
 * (an emoji sequence is laid out by one font); control and format characters stay in the main font.
 *
 * Everything is lazy: a run of characters the main font has costs one cmap look-up per character (none for plain
 * ASCII); the emoji font is read the first time a character is missing from the main font; a fallback font is added
 * to a document only when a segment is drawn with it, so an ordinary PDF embeds exactly the fonts it embedded before.
 * HanaMin needs an asynchronous unpacking step: a document that needs a file not unpacked yet is drawn again once it
 * is (`missing` below; renderPdf in document.ts).
 */

/** One fallback font: a fontkit view for the coverage look-ups and the bytes pdfkit embeds. */
type Face = { key: string; font: FontkitFont; bytes: Buffer };

type Weight = 'regular' | 'bold';

const EMOJI_PACKAGE = '@expo-google-fonts/noto-emoji';
const EMOJI_FILES: Record<Weight, string> = { regular: '400Regular/NotoEmoji_400Regular.ttf', bold: '700Bold/NotoEmoji_700Bold.ttf' };
const emojiFaces = new Map<Weight, Face>();

function emojiFace(weight: Weight): Face {
  let face = emojiFaces.get(weight);
  if (!face) {
    const bytes = packageFile(EMOJI_PACKAGE, EMOJI_FILES[weight]);
    face = { key: `Fallback-NotoEmoji-${weight}`, font: openFont(bytes), bytes };
    emojiFaces.set(weight, face);
  }
  return face;
}

const HANAMIN_PACKAGE = 'hanamin';
type Chunk = { file: string; ranges: (readonly [number, number])[] };
let hanaminChunks: Chunk[] | undefined;
/** HanaMin's files unpacked to TrueType, by file name. */
const hanaminFaces = new Map<string, Face>();

/** Which HanaMin file has which characters: the unicode-range of each @font-face in the package's stylesheet. */
function chunks(): Chunk[] {
  if (!hanaminChunks) {
    const css = readFileSync(path.join(packageDir(HANAMIN_PACKAGE), 'HanaMin.css'), 'utf8');
    hanaminChunks = [];
    for (const m of css.matchAll(/url\(([^)]+\.woff2)\)[^}]*?unicode-range:\s*([^;}]+)/g)) {
      const ranges = m[2]!.split(',').map((r) => {
        const [lo, hi] = r.trim().replace(/^U\+/i, '').split('-');
        return [parseInt(lo!, 16), parseInt(hi ?? lo!, 16)] as const;
      });
      hanaminChunks.push({ file: m[1]!, ranges });
    }
  }
  return hanaminChunks;
}

function chunkFor(cp: number): Chunk | undefined {
  return chunks().find((c) => c.ranges.some(([lo, hi]) => cp >= lo && cp <= hi));
}

/** Files being unpacked: two documents that need the same file at once wait for one unpacking. */
const unpacking = new Map<string, Promise<void>>();
/**
 * One unpacking at a time: wawoff2 answers a view of the WebAssembly memory, which the next call overwrites, so each
 * answer is copied before another call starts (two at once gave a garbled font: "Unknown font format").
 */
let queue: Promise<unknown> = Promise.resolve();

function unpack(file: string): Promise<void> {
  const run = queue.then(async () => {
    // Loaded here, not at the top: the WebAssembly unpacker is compiled only by a process that needs it.
    const { default: decompress } = await import('wawoff2/decompress.js');
    const ttf = Buffer.from(await decompress(readFileSync(path.join(packageDir(HANAMIN_PACKAGE), file))));
    hanaminFaces.set(file, { key: `Fallback-HanaMin-${file.replace(/\.woff2$/, '')}`, font: openFont(ttf), bytes: ttf });
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Unpacks HanaMin files (WOFF2 → TrueType) for the process; a document that needed them is then drawn again. */
export async function loadFallbackFiles(files: Iterable<string>): Promise<void> {
  await Promise.all(
    [...files]
      .filter((f) => !hanaminFaces.has(f))
      .map((file) => {
        let p = unpacking.get(file);
        if (!p) {
          p = unpack(file).finally(() => unpacking.delete(file));
          unpacking.set(file, p);
        }
        return p;
      }),
  );
}

/** What pdfkit's font object and document expose that the fallback uses (pdfkit's types leave them out). */
type PdfFont = {
  name?: string;
  ascender: number;
  descender: number;
  xHeight: number;
  font?: { hasGlyphForCodePoint?: (cp: number) => boolean };
};
type TextOptions = PDFKit.Mixins.TextOptions & { lineWidth?: number; textWidth?: number; wordCount?: number; horizontalScaling?: number };
type DocInternals = {
  _font: PdfFont;
  _fontSize: number;
  _fragment(text: string, x: number, y: number, options: TextOptions): void;
  widthOfString(text: string, options?: TextOptions): number;
  font(name: string): unknown;
  registerFont(name: string, src: Buffer): unknown;
};

/** A part of a run drawn with one font: `face` null is the document's current font. */
type Segment = { text: string; face: Face | null };

/** Characters that belong to the one before them: marks, ZWJ, variation selectors, emoji modifiers and tags. */
const JOINER = /^(?:\p{M}|\u200D|[\u{1F3FB}-\u{1F3FF}]|[\u{E0020}-\u{E007F}])$/u;
/** Control and format characters: never drawn from a fallback font. */
const CONTROL = /^[\p{Cc}\p{Cf}]$/u;
/** Noto Sans TC has every printable ASCII character: such runs need no look-up at all. */
const PLAIN = /^[\x20-\x7e]*$/;

/** How far below the top of the line pdfkit puts the baseline (its _fragment, per `baseline` option). */
function baselineShift(font: PdfFont, size: number, baseline: TextOptions['baseline']): number {
  if (typeof baseline === 'number') return -baseline;
  let em: number;
  switch (baseline) {
    case 'svg-middle':
      em = 0.5 * font.xHeight;
      break;
    case 'middle':
    case 'svg-central':
      em = 0.5 * (font.descender + font.ascender);
      break;
    case 'bottom':
    case 'ideographic':
      em = font.descender;
      break;
    case 'alphabetic':
      em = 0;
      break;
    case 'mathematical':
      em = 0.5 * font.ascender;
      break;
    case 'hanging':
      em = 0.8 * font.ascender;
      break;
    default:
      em = font.ascender;
  }
  return (em / 1000) * size;
}

/** The fallback of one document: patches its measuring and drawing so that every run goes through `split`. */
export class FontFallback {
  /** HanaMin files this document needed that were not unpacked yet (drawn as boxes this time). */
  readonly missing = new Set<string>();
  private readonly registered = new Set<string>();
  private readonly doc: DocInternals;

  constructor(document: PDFKit.PDFDocument) {
    this.doc = document as unknown as DocInternals;
    const doc = this.doc;
    const baseWidth = doc.widthOfString.bind(doc);
    const baseFragment = doc._fragment.bind(doc);

    // Line wrapping, alignment and heightOfString all measure through widthOfString: each segment with its font.
    doc.widthOfString = (text, options = {}) => {
      const segments = this.split(String(text));
      return segments ? this.measure(segments, options, baseWidth) : baseWidth(text, options);
    };

    doc._fragment = (text, x, y, options) => {
      const line = String(text).replace(/\n/g, '');
      const segments = this.split(line);
      if (!segments) {
        baseFragment(text, x, y, options);
        return;
      }
      // Alignment as pdfkit does it, with the mixed width; 'justify' is drawn left-aligned (the portal never justifies).
      let cx = x;
      if (options.width && options.lineWidth !== undefined) {
        if (options.align === 'right') cx += options.lineWidth - doc.widthOfString(line.replace(/\s+$/, ''), options);
        else if (options.align === 'center') cx += options.lineWidth / 2 - (options.textWidth ?? doc.widthOfString(line, options)) / 2;
      }
      // Every segment on the main font's baseline (pdfkit would put each font's ascender at the top of the line).
      const baseline = -baselineShift(doc._font, doc._fontSize, options.baseline);
      for (const segment of segments) {
        this.withFace(segment.face, () => {
          const width = baseWidth(segment.text, options);
          baseFragment(segment.text, cx, y, { ...options, align: 'left', baseline, wordSpacing: 0, textWidth: width, wordCount: undefined });
          cx += width + (options.characterSpacing ?? 0);
        });
      }
    };
  }

  private measure(segments: Segment[], options: TextOptions, baseWidth: DocInternals['widthOfString']): number {
    let width = 0;
    for (const s of segments) width += this.withFace(s.face, () => baseWidth(s.text, options));
    return width + ((options.characterSpacing ?? 0) * (segments.length - 1) * (options.horizontalScaling ?? 100)) / 100;
  }

  /** Runs `fn` with the segment's font as the document's font, then puts the document's font back. */
  private withFace<T>(face: Face | null, fn: () => T): T {
    if (!face) return fn();
    const doc = this.doc;
    if (!this.registered.has(face.key)) {
      doc.registerFont(face.key, face.bytes);
      this.registered.add(face.key);
    }
    const current = doc._font;
    doc.font(face.key);
    try {
      return fn();
    } finally {
      doc._font = current;
    }
  }

  /** The run cut by font; null when the current font has every character (the common case, drawn as before). */
  split(text: string): Segment[] | null {
    if (PLAIN.test(text)) return null;
    const primary = this.doc._font;
    const lookup = primary.font?.hasGlyphForCodePoint?.bind(primary.font);
    if (!lookup) return null;
    const weight: Weight = /bold/i.test(primary.name ?? '') ? 'bold' : 'regular';
    const segments: Segment[] = [];
    let fallback = false;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const last = segments[segments.length - 1];
      let face: Face | null = null;
      let drawn = ch;
      if (last && JOINER.test(ch)) face = last.face;
      else if (!lookup(cp) && !CONTROL.test(ch)) [face, drawn] = this.pick(cp, weight, ch);
      if (face) fallback = true;
      if (last && last.face === face) last.text += drawn;
      else segments.push({ text: drawn, face });
    }
    return fallback ? segments : null;
  }

  /** The first fallback font with the character, or U+FFFD when none has it. */
  private pick(cp: number, weight: Weight, ch: string): [Face | null, string] {
    const emoji = emojiFace(weight);
    if (emoji.font.hasGlyphForCodePoint(cp)) return [emoji, ch];
    const han = this.hanamin(cp);
    if (han === 'pending') return [null, ch];
    if (han) return [han, ch];
    const replacement = this.hanamin(0xfffd);
    return replacement && replacement !== 'pending' ? [replacement, '\uFFFD'] : [null, ch];
  }

  private hanamin(cp: number): Face | 'pending' | null {
    const chunk = chunkFor(cp);
    if (!chunk) return null;
    const face = hanaminFaces.get(chunk.file);
    if (!face) {
      this.missing.add(chunk.file);
      return 'pending';
    }
    return face.font.hasGlyphForCodePoint(cp) ? face : null;
  }
}
