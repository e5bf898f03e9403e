/** wawoff2 (Google's woff2 as WebAssembly): WOFF2 bytes to the TrueType font they pack. */
declare module 'wawoff2/decompress.js' {
  export default function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}
