import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderApiDocs } from '@/lib/server/api/docs';
import { apiRoutes } from '@/lib/server/api/routes';

it('docs/api.md is generated from the current route table (run `npm run docs:api`)', async () => {
  const committed = readFileSync(path.resolve(__dirname, '../../docs/api.md'), 'utf8');
  expect(committed).toBe(await renderApiDocs(apiRoutes));
});

it('every endpoint has a summary and a POST /api/<area>/<action> path (spec §7 also names /api/setCookies)', () => {
  for (const [p, route] of Object.entries(apiRoutes)) {
    expect(p).toMatch(/^\/api\/([A-Za-z]+\/[A-Za-z]+|setCookies)$/);
    expect(route.summary.length).toBeGreaterThan(10);
  }
});
