import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Font files shipped by npm packages, read once per process: given a path, pdfkit would read the whole file again for
 * every document (the CJK fonts are 7 MB each). pdfkit still embeds only the glyphs a document uses.
 * Resolved at run time from the installed package (never bundled): the server runs with node_modules present.
 */
const dirs = new Map<string, string>();
const bytes = new Map<string, Buffer>();

/** The directory an installed package lives in. */
function packageDir(pkg: string): string {
  let dir = dirs.get(pkg);
  if (!dir) {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
    dirs.set(pkg, dir);
  }
  return dir;
}

/** A file of an installed package, read once per process. */
export function packageFile(pkg: string, relative: string): Buffer {
  const key = `${pkg}/${relative}`;
  let b = bytes.get(key);
  if (!b) {
    b = readFileSync(path.join(packageDir(pkg), relative));
    bytes.set(key, b);
  }
  return b;
}
