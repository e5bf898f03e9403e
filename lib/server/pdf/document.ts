import PDFDocument from 'pdfkit';
import { hkDayStart } from '@/lib/dates/hongKong';
import { FontFallback } from './fontFallback';
import { packageFile } from './fontFiles';

/**
 * PDF documents of the portal (bills, statements), drawn with pdfkit in Noto Sans TC, a CJK font shipped by an npm
 * package (@expo-google-fonts/noto-sans-tc: the Google Fonts TTFs whole; @fontsource's files are split into ~100
 * WOFF2 subsets by Unicode range, which pdfkit would have to juggle per character). pdfkit embeds only the glyphs a
 * document uses (fontkit subsetting), so a bilingual bill stays in the tens of kB although the font is 7 MB.
 * Characters Noto Sans TC lacks come from fallback fonts, per character: emoji from Noto Emoji, letters such as ł ş
 * from Noto Sans, and a character none has prints as U+FFFD "�" (fontFallback.ts).
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

/** Renders a document: `draw` writes the pages; the answer is the finished PDF. */
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
      doc.registerFont(FONT.regular, packageFile(FONT_PACKAGE, '400Regular/NotoSansTC_400Regular.ttf'));
      doc.registerFont(FONT.bold, packageFile(FONT_PACKAGE, '700Bold/NotoSansTC_700Bold.ttf'));
      doc.font(FONT.regular);
      new FontFallback(doc);
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
