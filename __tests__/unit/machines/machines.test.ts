import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MACHINE_CATEGORIES, machinePicture } from '@/lib/machines/schemas';
import { visibleNav } from '@/lib/navigation';
import { findRoute } from '@/lib/permissions/routes';

describe('machine pictures', () => {
  it('draws every model family (category × colour) as an SVG under public/', () => {
    const files = new Set<string>();
    for (const category of MACHINE_CATEGORIES) {
      for (const isColour of [true, false]) {
        const src = machinePicture(category, isColour);
        files.add(src);
        const file = path.join(__dirname, '../../../public', src);
        expect(existsSync(file)).toBe(true);
        const svg = readFileSync(file, 'utf8');
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
        // Self-contained: nothing fetched from elsewhere, no script.
        expect(svg).not.toMatch(/<script|href=|url\(http/i);
      }
    }
    expect(files.size).toBe(MACHINE_CATEGORIES.length * 2);
  });

  it('tells mono from colour', () => {
    expect(machinePicture('mfp', true)).toBe('/machines/mfp-colour.svg');
    expect(machinePicture('printer', false)).toBe('/machines/printer-mono.svg');
  });
});

describe('routes and navigation', () => {
  it('my machines and a machine page open with machine_read, deep-linkable', () => {
    expect(findRoute('/my-machines')).toMatchObject({ anyOf: ['machine_read'], deepLink: true });
    expect(findRoute('/my-machines/6f1e0c1e-0000-4000-8000-000000000001')).toMatchObject({ path: '/my-machines/[id]', anyOf: ['machine_read'], deepLink: true });
  });

  it('the menu offers my machines only to users holding machine_read', () => {
    const hrefs = (codes: string[]) => visibleNav(new Set(codes)).flatMap((s) => s.items.map((i) => i.href));
    expect(hrefs(['home', 'machine_read'])).toContain('/my-machines');
    expect(hrefs(['home', 'meter_history_read'])).not.toContain('/my-machines');
  });
});
