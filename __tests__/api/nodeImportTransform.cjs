// @ts-check
/* eslint-disable @typescript-eslint/no-require-imports -- a jest transformer is loaded by jest as CommonJS */
/**
 * Jest transformer for PGlite's CommonJS build (api project only). Its Emscripten loader does `await import("module")`
 * and `await import("fs/promises")`; jest's vm refuses dynamic import() without --experimental-vm-modules. A dynamic
 * import of a Node built-in is the same as require() of it, so only those are rewritten. The module-level `require`
 * is saved under another name first: the Emscripten code declares its own `var require` (and `var module`).
 */
const { isBuiltin } = require('node:module');
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');

const DYNAMIC_IMPORT = /\bimport\((["'])([^"'()]+)\1\)/g;
const ALIAS = '__jestNodeRequire__';
const SELF = createHash('sha1').update(readFileSync(__filename)).digest('hex');

module.exports = {
  /** @param {string} src */
  process(src) {
    let changed = false;
    const body = src.replace(DYNAMIC_IMPORT, (whole, _q, id) => {
      if (!isBuiltin(id)) return whole;
      changed = true;
      return `Promise.resolve(${ALIAS}(${JSON.stringify(id)}))`;
    });
    if (!changed) return { code: src };
    // Keep a leading "use strict" directive first, or the file would lose strict mode.
    const directive = /^\s*(["'])use strict\1;?/.exec(body);
    const at = directive ? directive[0].length : 0;
    return { code: `${body.slice(0, at)}const ${ALIAS} = require;${body.slice(at)}` };
  },
  /** @param {string} src */
  getCacheKey(src) {
    return createHash('sha1').update(SELF).update(src).digest('hex');
  },
};
