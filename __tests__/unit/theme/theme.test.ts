import { getContrastRatio } from '@mui/material/styles';
import { DARK_CONTAINED_PRIMARY, FOCUS_RING, MIN_TEXT_PX, theme } from '@/lib/theme/theme';
import { FONT_SIZE_PX } from '@/lib/theme/preferences';

type Scheme = 'light' | 'dark';
const SCHEMES: Scheme[] = ['light', 'dark'];
const paletteOf = (mode: Scheme) => (theme as unknown as { colorSchemes: Record<Scheme, { palette: unknown }> }).colorSchemes[mode].palette as unknown as Record<string, Record<string, string> & { main: string }> & {
  background: { default: string; paper: string };
  action: { selectedOpacity: number };
  error: { main: string };
};

/** '#rrggbb' painted at `a` over an opaque '#rrggbb'. */
const blend = (fg: string, a: number, bg: string): string => {
  const rgb = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const f = rgb(fg);
  const b = rgb(bg);
  return `#${f.map((c, i) => Math.round(c * a + b[i]! * (1 - a)).toString(16).padStart(2, '0')).join('')}`;
};

/** px of a CSS font size at a root size: '1rem', 'max(12px, 0.8rem)'. */
const px = (size: string | number | undefined, root: number): number => {
  const value = String(size);
  const one = (v: string) => (v.endsWith('rem') ? parseFloat(v) * root : parseFloat(v));
  const max = /^max\((.*)\)$/.exec(value);
  return max ? Math.max(...max[1]!.split(',').map((v) => one(v.trim()))) : one(value);
};

describe('theme (issue 10: focus, dark mode, text sizes)', () => {
  it('body text is 12 / 14 / 16 px at S / M / L (spec §9)', () => {
    expect((['S', 'M', 'L'] as const).map((s) => px(theme.typography.body1.fontSize, FONT_SIZE_PX[s]))).toEqual([12, 14, 16]);
  });

  it('buttons keep the sentence case of their translations (no capitals)', () => {
    expect(theme.typography.button.textTransform).toBe('none');
  });

  it('no small text (body2, captions, chips) under 12 px at the small size', () => {
    const chipRoot = (theme.components?.MuiChip?.styleOverrides?.root ?? {}) as { fontSize?: string };
    for (const size of [theme.typography.body2.fontSize, theme.typography.caption.fontSize, chipRoot.fontSize]) {
      expect(px(size, FONT_SIZE_PX.S)).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    }
  });

  it('focus has its own colour, far from the brand and error reds, visible on every surface', () => {
    for (const mode of SCHEMES) {
      const p = paletteOf(mode);
      expect((p as unknown as { focusRing: string }).focusRing).toBe(FOCUS_RING[mode]);
      expect(FOCUS_RING[mode]).not.toBe(p.primary!.main);
      expect(FOCUS_RING[mode]).not.toBe(p.error.main);
      expect(getContrastRatio(FOCUS_RING[mode], p.background.default)).toBeGreaterThanOrEqual(3);
      expect(getContrastRatio(FOCUS_RING[mode], p.background.paper)).toBeGreaterThanOrEqual(3);
    }
    const baseline = theme.components?.MuiCssBaseline?.styleOverrides as Record<string, { outline?: string }>;
    expect(baseline['html :focus-visible']?.outline).toMatch(/^2px solid var\(--mui-palette-focusRing\)$/);
  });

  it('error text (a field in error, its message) reaches 4.5:1 on the page and on paper in both schemes', () => {
    for (const mode of SCHEMES) {
      const p = paletteOf(mode);
      expect({ mode, page: getContrastRatio(p.error.main, p.background.default) >= 4.5, paper: getContrastRatio(p.error.main, p.background.paper) >= 4.5 }).toEqual({
        mode,
        page: true,
        paper: true,
      });
    }
  });

  it('dark mode: main buttons are a deep red with white text ≥ 4.5:1, and the header is a dark surface', () => {
    expect(getContrastRatio('#ffffff', DARK_CONTAINED_PRIMARY.main)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio('#ffffff', DARK_CONTAINED_PRIMARY.hover)).toBeGreaterThanOrEqual(4.5);
    const appBar = theme.components?.MuiAppBar?.styleOverrides?.colorPrimary as (arg: { theme: typeof theme }) => Record<string, unknown>;
    const dark = JSON.stringify(appBar({ theme }));
    expect(dark).toContain('var(--mui-palette-background-paper)');
    expect(dark).toContain('var(--mui-palette-text-primary)');
  });

  it('coloured text (outlined chips, links) is ≥ 4.5:1 on the page, the paper and a selected row in both schemes', () => {
    for (const mode of SCHEMES) {
      const p = paletteOf(mode);
      for (const colour of ['primary', 'secondary', 'info', 'success']) {
        const fg = p[colour]!.main;
        for (const bg of [p.background.default, p.background.paper]) {
          const selected = blend(p.primary!.main, p.action.selectedOpacity, bg);
          expect({ mode, colour, bg, ratio: Math.min(getContrastRatio(fg, bg), getContrastRatio(fg, selected)) >= 4.5 }).toEqual({ mode, colour, bg, ratio: true });
        }
      }
    }
  });
});
