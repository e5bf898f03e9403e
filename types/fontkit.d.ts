/** The little of fontkit (pdfkit's font reader, no types of its own) that lib/server/pdf/fontFallback.ts and its tests use. */
declare module 'fontkit' {
  export type Font = {
    postscriptName: string;
    unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): { advanceWidth: number };
  };
  export function create(buffer: Buffer | Uint8Array, postscriptName?: string): Font;
}
