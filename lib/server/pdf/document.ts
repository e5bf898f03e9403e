import PDFDocument from 'pdfkit';
import { hkDayStart } from '@/lib/dates/hongKong';
import { FontFallback, loadFallbackFiles } from './fontFallback';
import { packageFile } from './fontFiles';

/**
 * PDF documents of the portal (bills, statements), drawn with pdfkit in Noto Sans TC, a CJK font shipped by an npm
 * package (@expo-google-fonts/noto-sans-tc: the Google Fonts TTFs whole; @fontsource's files are split into ~100
 * WOFF2 subsets by Unicode range, which pdfkit would have to juggle per character). pdfkit embeds only the glyphs a
 * document uses (fontkit subsetting), so a bilingual bill stays in the tens of kB although the font is 7 MB.
 * Characters Noto Sans TC lacks (emoji, CJK Extension ideographs outside HKSCS) come from fallback fonts, per
 * character (fontFallback.ts).
 */
const FONT_PACKAGE = '@expo-google-fonts/noto-sans-tc';

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

/**
 * Renders a document: `draw` writes the pages; the answer is the finished PDF. A document with a character whose
 * fallback font is not unpacked yet is drawn a second time once it is (fontFallback.ts); `draw` only draws from its data.
 */
export async function renderPdf(meta: DocumentMeta, draw: (doc: Doc) => void): Promise<Buffer> {
  const first = await renderOnce(meta, draw);
  if ('pdf' in first) return first.pdf;
  await loadFallbackFiles(first.missing);
  const second = await renderOnce(meta, draw, true);
  if (!('pdf' in second)) throw new Error('PDF fallback fonts did not load');
  return second.pdf;
}

function renderOnce(meta: DocumentMeta, draw: (doc: Doc) => void, final = false): Promise<{ pdf: Buffer } | { missing: ReadonlySet<string> }> {
  return new Promise((resolve, reject) => {
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
    doc.on('end', () => resolve({ pdf: Buffer.concat(chunks) }));
    doc.on('error', reject);
    try {
      doc.registerFont(FONT.regular, packageFile(FONT_PACKAGE, '400Regular/NotoSansTC_400Regular.ttf'));
      doc.registerFont(FONT.bold, packageFile(FONT_PACKAGE, '700Bold/NotoSansTC_700Bold.ttf'));
      doc.font(FONT.regular);
      const fallback = new FontFallback(doc);
      draw(doc);
      // Not ended: this draft is dropped and the document drawn again with the fonts it asked for.
      if (fallback.missing.size > 0 && !final) resolve({ missing: fallback.missing });
      else doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
