import { readFileSync } from 'node:fs';
import path from 'node:path';
import { create as openFont } from 'fontkit';
import pdfParse from 'pdf-parse/lib/pdf-parse.js';
import PDFDocument from 'pdfkit';
import { renderBillPdf } from '@/lib/server/pdf/billPdf';
import { FONT } from '@/lib/server/pdf/document';
import { FontFallback } from '@/lib/server/pdf/fontFallback';
import { billDocument } from './billDocument';
import { pdfFonts } from './pdfFonts';

// QA: rare HKSCS / Extension-B ideographs and emoji in a Hong Kong customer's name or address printed as empty boxes.
const NAME_ZH = '陳𠀀𨋢有限公司';
const NAME_EN = 'Chan Tai Man Trading 😀';
const ADDRESS_ZH = '九龍觀塘𨋢街6號 🏠 㐀';

const fontFile = (pkg: string, file: string) => readFileSync(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file));
/** The characters a font draws in the PDF, without the U+0000 every map gives the .notdef glyph. */
const drawn = (fonts: Map<string, string>, name: string) => (fonts.get(name) ?? '').replace(/\0/g, '');
const tcRegular = () => fontFile('@expo-google-fonts/noto-sans-tc', '400Regular/NotoSansTC_400Regular.ttf');

describe('PDF font fallback', () => {
  it('draws 𨋢 and emoji of a name and address from the font that has them, and 𠀀 / 㐀 (in no font) as U+FFFD', async () => {
    const pdf = await renderBillPdf(billDocument({ nameZh: NAME_ZH, nameEn: NAME_EN, addressZh: ADDRESS_ZH }));
    const fonts = pdfFonts(pdf);
    // 𨋢 (HKSCS) is in Noto Sans TC itself, bold in the name and regular in the address.
    expect(fonts.get('NotoSansTC-Bold')).toContain('𨋢');
    expect(fonts.get('NotoSansTC-Regular')).toContain('𨋢');
    // The name is bold: the bold emoji face; the address is regular.
    expect(fonts.get('NotoEmoji-Bold')).toContain('😀');
    expect(fonts.get('NotoEmoji-Regular')).toContain('🏠');
    // U+20000 (Ext B, bold name) and U+3400 (Ext A, regular address) are in none of the fonts: "�" from Noto Sans.
    expect(drawn(fonts, 'NotoSans-Bold')).toBe('\uFFFD');
    expect(drawn(fonts, 'NotoSans-Regular')).toBe('\uFFFD');
    // No character left to the main font's .notdef box (glyph 0, mapped to U+0000) besides the map's own entry.
    for (const name of ['NotoSansTC-Regular', 'NotoSansTC-Bold']) {
      expect(fonts.get(name)).not.toMatch(/[𠀀😀🏠㐀\uFFFD]/u);
    }
    // What a reader copies: pdf-parse's old pdf.js cuts characters beyond the BMP to 16 bits, so it is asked only
    // about the BMP ones here (the ToUnicode maps above carry the others).
    const { text } = await pdfParse(pdf);
    expect(text).toContain('九龍觀塘');
    expect(text).toContain('\uFFFD');
    expect(text).not.toContain('㐀');
    expect(text).toContain('Chan Tai Man Trading');
  });

  it('prints a character that no font has as U+FFFD, with its marks, instead of dropping it', async () => {
    const pdf = await renderBillPdf(billDocument({ addressZh: '九龍觀塘ꀀ\u0301街6號' }));
    const { text } = await pdfParse(pdf);
    expect(text).toContain('九龍觀塘\uFFFD街6號');
    expect(drawn(pdfFonts(pdf), 'NotoSans-Regular')).toBe('\uFFFD');
  });

  it('draws Latin letters Noto Sans TC lacks (ł ş č) from Noto Sans', async () => {
    const pdf = await renderBillPdf(billDocument({ addressEn: 'ul. Łódzka 5, Kraków; Beşiktaş; Čapek' }));
    const fonts = pdfFonts(pdf);
    expect([...drawn(fonts, 'NotoSans-Regular')].sort().join('')).toBe('ČŁş');
    expect(fonts.get('NotoSansTC-Regular')).not.toMatch(/[ŁşČ\uFFFD]/u);
    const { text } = await pdfParse(pdf);
    expect(text).toContain('Łódzka');
    expect(text).toContain('Beşiktaş');
  });

  it('loads fallback fonts only for the runs that need them: an ordinary bill embeds Noto Sans TC alone', async () => {
    const ordinary = pdfFonts(await renderBillPdf(billDocument()));
    expect([...ordinary.keys()].sort()).toEqual(['NotoSansTC-Bold', 'NotoSansTC-Regular']);
    // One emoji in the (regular) address adds the regular emoji face and nothing else.
    const withEmoji = pdfFonts(await renderBillPdf(billDocument({ addressEn: '6 Wing Yip Street 🏢' })));
    expect([...withEmoji.keys()].sort()).toEqual(['NotoEmoji-Regular', 'NotoSansTC-Bold', 'NotoSansTC-Regular']);
  });

  it('measures each segment with its own font, so wrapping and alignment see the real widths', () => {
    const doc = new PDFDocument({ autoFirstPage: true });
    doc.registerFont(FONT.regular, tcRegular());
    doc.font(FONT.regular).fontSize(10);
    new FontFallback(doc);
    const tc = openFont(tcRegular());
    const emoji = openFont(fontFile('@expo-google-fonts/noto-emoji', '400Regular/NotoEmoji_400Regular.ttf'));
    const glyph = (font: typeof tc, ch: string) => (font.layout(ch).advanceWidth / font.unitsPerEm) * 10;
    const expected = glyph(tc, 'A') + glyph(emoji, '😀');
    expect(doc.widthOfString('A😀')).toBeCloseTo(expected, 3);
    // Room for five emoji (six of the main font's 1-em boxes): six emoji take two lines.
    const width = glyph(emoji, '😀') * 5 + 1;
    expect(doc.heightOfString('😀😀😀😀😀😀', { width })).toBeCloseTo(doc.heightOfString('A\nA', { width }), 3);
  });
});
