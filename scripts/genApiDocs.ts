/**
 * Writes docs/api.md from the API route table (lib/server/api/routes.ts): the one list of endpoints.
 * `npm run docs:api`; a unit test fails when the committed file is out of date.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderApiDocs } from '@/lib/server/api/docs';
import { apiRoutes } from '@/lib/server/api/routes';

// No top-level await: tsx runs this file as CommonJS (the package has no "type": "module"), where it is refused.
async function main(): Promise<void> {
  const out = path.resolve(process.cwd(), 'docs/api.md');
  writeFileSync(out, await renderApiDocs(apiRoutes));
  console.log(`wrote ${path.relative(process.cwd(), out)} (${Object.keys(apiRoutes).length} endpoints)`);
}

void main();
