/**
 * Every maintenance area's pages are pages of the route table (issue 8 item 5): the list and view paths are checked
 * when compiled (`ResourceBase`); add and edit exist only for areas that add or edit, so they are checked here, for
 * every resource description under components/ (found by reading the modules, so a new area is checked too).
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { resourcePaths, type ResourceBase } from '@/components/common/resource';
import { findRoute } from '@/lib/permissions/routes';

type Described = { base: ResourceBase; endpoints: { create?: unknown; update?: unknown } };

const root = path.join(__dirname, '../../../components');
const modules = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return modules(full);
    return /^resources?\.tsx$/.test(name) ? [full] : [];
  });

const isDescription = (v: unknown): v is Described =>
  typeof v === 'object' && v !== null && typeof (v as { base?: unknown }).base === 'string' && typeof (v as { endpoints?: unknown }).endpoints === 'object';

const resources: [string, Described][] = modules(root).flatMap((file) =>
  Object.entries(jest.requireActual<Record<string, unknown>>(file))
    .filter((entry): entry is [string, Described] => isDescription(entry[1]))
    .map(([name, r]) => [`${path.relative(root, file)} ${name}`, r] as [string, Described]),
);

it('finds every maintenance area’s description', () => {
  expect(resources.length).toBeGreaterThanOrEqual(9);
});

describe.each(resources)('%s', (_name, r) => {
  const paths = resourcePaths(r.base);

  it('lists and views records on pages of the route table', () => {
    expect(findRoute(paths.list)?.path).toBe(r.base);
    expect(findRoute(paths.view('a b/1'))?.path).toBe(`${r.base}/view/[id]`);
    expect(paths.view('a b/1')).toBe(`${r.base}/view/a%20b%2F1`);
  });

  it('adds and edits on pages of the route table when it adds or edits', () => {
    if (r.endpoints.create) expect(findRoute(paths.add)?.path).toBe(`${r.base}/add`);
    if (r.endpoints.update) expect(findRoute(paths.edit('x'))?.path).toBe(`${r.base}/edit/[id]`);
    expect(r.endpoints.create || r.endpoints.update || r.base.endsWith('customer-enquiries')).toBeTruthy();
  });
});
