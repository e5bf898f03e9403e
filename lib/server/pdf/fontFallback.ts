import { create as openFont, type Font as FontkitFont } from 'fontkit';
import { packageFile } from './fontFiles';

/**
 * Per-character font fallback for the PDFs (docs/bills.md "PDFs: characters the main font lacks").
 *
 * Noto Sans TC (the documents' font) has the Hong Kong Ext-B ideographs of HKSCS (𡃁, 𨋢 …) but no emoji and not
 * Latin letters such as ł ş č: pdfkit drew those as empty boxes (.notdef), and they vanished from the text a reader
 * copies or searches. Each text run is cut into segments by the first font that has the character, in this order,
 * each fallback in the weight of the font being drawn with (400 or 700):
 *   1. the font being drawn with (Noto Sans TC regular or bold),
 *   2. Noto Emoji (@expo-google-fonts/noto-emoji: monochrome TTF, OFL),
 *   3. Noto Sans (@expo-google-fonts/noto-sans: Latin, Greek, Cyrillic, OFL),
 * and a character none of them has (CJK Extension A–F outside HKSCS: 𠀀 U+20000, 㐀 U+3400; Yi …) is drawn as
 * U+FFFD from Noto Sans, so a lost character still shows, and extracts, as "�" instead of vanishing.
 *
 * Marks, variation selectors, zero-width joiners, emoji skin tones and tags stay with the character before them
 * (an emoji sequence is laid out by one font); control and format characters stay in the main font.
 *
 * Everything is lazy: a run of characters the main font has costs one cmap look-up per character (none for plain
 * ASCII); a fallback font is read the first time a character is missing from the main font, and added to a document
 * only when a segment is drawn with it, so an ordinary PDF embeds exactly the fonts it embedded before.
 */

/** One fallback font: a fontkit view for the coverage look-ups and the bytes pdfkit embeds. */
type Face = { key: string; font: FontkitFont; bytes: Buffer };

type Weight = 'regular' | 'bold';

/** The fallback fonts in the order they are asked, as TTF files of their npm packages by weight. */
const FALLBACKS = [
  { name: 'NotoEmoji', pkg: '@expo-google-fonts/noto-emoji', files: { regular: '400Regular/NotoEmoji_400Regular.ttf', bold: '700Bold/NotoEmoji_700Bold.ttf' } },
  { name: 'NotoSans', pkg: '@expo-google-fonts/noto-sans', files: { regular: '400Regular/NotoSans_400Regular.ttf', bold: '700Bold/NotoSans_700Bold.ttf' } },
] as const satisfies readonly { name: string; pkg: string; files: Record<Weight, string> }[];

/** The font a character no font has is replaced from (it has U+FFFD). */
const REPLACEMENT_FONT = 1;
const REPLACEMENT = '\uFFFD';

/** The fallback fonts read so far, by FALLBACKS index and weight (each read once per process). */
const faces = new Map<string, Face>();

function fallbackFace(index: number, weight: Weight): Face {
  const key = `Fallback-${FALLBACKS[index]!.name}-${weight}`;
  let f = faces.get(key);
  if (!f) {
    const { pkg, files } = FALLBACKS[index]!;
    const bytes = packageFile(pkg, files[weight]);
    f = { key, font: openFont(bytes), bytes };
    faces.set(key, f);
  }
  return f;
}

/** What pdfkit's font object and document expose that the fallback uses (pdfkit's types leave them out). */
type PdfFont = {
  name?: string;
  ascender: number;
  descender: number;
  xHeight: number;
  font?: { hasGlyphForCodePoint?: (cp: number) => boolean } | FontkitFont;
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
    const current = doc._font;
    if (!this.registered.has(face.key)) {
      doc.registerFont(face.key, face.bytes);
      this.registered.add(face.key);
      // pdfkit opens the font anew for each document (Noto Sans's layout tables cost ~100 ms of CPU there). Its
      // layouts are not routed through the process's copy: fontkit caches glyphs with the code points of the text
      // that first asked for them, so one document's characters could end up in another's copy/search text.
    }
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
    let replaced = false;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const last = segments[segments.length - 1];
      let face: Face | null = null;
      let drawn = ch;
      if (last && JOINER.test(ch)) {
        // A mark or selector of a character printed as U+FFFD goes with it: the "�" stands for the whole cluster.
        if (replaced) continue;
        face = last.face;
      } else {
        if (!lookup(cp) && !CONTROL.test(ch)) [face, drawn] = this.pick(cp, weight, ch);
        replaced = drawn !== ch;
      }
      if (face) fallback = true;
      if (last && last.face === face) last.text += drawn;
      else segments.push({ text: drawn, face });
    }
    return fallback ? segments : null;
  }

  /** The first fallback font with the character, or U+FFFD when none has it. */
  private pick(cp: number, weight: Weight, ch: string): [Face, string] {
    for (let i = 0; i < FALLBACKS.length; i++) {
      const f = fallbackFace(i, weight);
      if (f.font.hasGlyphForCodePoint(cp)) return [f, ch];
    }
    return [fallbackFace(REPLACEMENT_FONT, weight), REPLACEMENT];
  }
}
