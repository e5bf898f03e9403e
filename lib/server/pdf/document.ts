import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { hkDayStart } from '@/lib/dates/hongKong';

/**
 * PDF documents of the portal (bills, statements), drawn with pdfkit in Noto Sans TC, a CJK font shipped by an npm
 * package (@expo-google-fonts/noto-sans-tc: the Google Fonts TTFs whole; @fontsource's files are split into ~100
 * WOFF2 subsets by Unicode range, which pdfkit would have to juggle per character). pdfkit embeds only the glyphs a
 * document uses (fontkit subsetting), so a bilingual bill stays in the tens of kB although the font is 7 MB.
 */
const FONT_PACKAGE = '@expo-google-fonts/noto-sans-tc';

let fontDir: string | undefined;
function fontPath(file: string): string {
  // Resolved at run time from the installed package (never bundled): the server runs with node_modules present.
  fontDir ??= path.dirname(require.resolve(`${FONT_PACKAGE}/package.json`));
  return path.join(fontDir, file);
}

export const FONT = { regular: 'NotoSansTC-Regular', bold: 'NotoSansTC-Bold' } as const;

export type Doc = PDFKit.PDFDocument;

export type DocumentMeta = {
  title: string;
  subject?: string;
  /**
   * The Hong Kong date the document is dated ('YYYY-MM-DD'); its creation time is the start of that day, fixed for a
   * given document, so the same bill renders the same bytes apart from pdfkit's id.
   */
  createdOn: string;
};

export const PAGE = { size: 'A4' as const, margin: 40 };

/** Renders a document: `draw` writes the pages; the answer is the finished PDF. */
/**
 * The two 7 MB font files, read once per process: given a path, pdfkit would read the whole file again for every
 * document. pdfkit still embeds only the glyphs a document uses.
 */
const fontCache = new Map<string, Buffer>();
function fontFile(relative: string): Buffer {
  let bytes = fontCache.get(relative);
  if (!bytes) {
    bytes = readFileSync(fontPath(relative));
    fontCache.set(relative, bytes);
  }
  return bytes;
}

export function renderPdf(meta: DocumentMeta, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: PAGE.size,
      margin: PAGE.margin,
      bufferPages: true,
      info: {
        Title: meta.title,
        Subject: meta.subject ?? meta.title,
        Author: 'Customer portal',
        Producer: 'Customer portal',
        Creator: 'Customer portal',
        CreationDate: hkDayStart(meta.createdOn),
      },
      lang: 'zh-Hant-HK',
      displayTitle: true,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.registerFont(FONT.regular, fontFile('400Regular/NotoSansTC_400Regular.ttf'));
      doc.registerFont(FONT.bold, fontFile('700Bold/NotoSansTC_700Bold.ttf'));
      doc.font(FONT.regular);
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
