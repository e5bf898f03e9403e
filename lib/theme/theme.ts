import { createTheme, type Theme } from '@mui/material/styles';
import { COLOR_SCHEME_ATTRIBUTE, FONT_SIZE_PX } from './preferences';

/** Status colours of spec §4 (used by the one StatusChip). */
export const STATUS_COLORS = {
  approved: { light: '#1b7f3b', dark: '#66d08a' },
  pending: { light: '#a15c00', dark: '#ffb74d' },
  reject: { light: '#b3261e', dark: '#ff8a80' },
  completed: { light: '#1f5fa8', dark: '#82b1ff' },
  inProgress: { light: '#6a3fb5', dark: '#c3a6ff' },
} as const;
export type StatusColor = keyof typeof STATUS_COLORS;

// Module augmentation of MUI's palette: only an interface can merge with MUI's own declarations.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module '@mui/material/styles' {
  type StatusPalette = Record<StatusColor, string>;
  interface Palette {
    status: StatusPalette;
  }
  interface PaletteOptions {
    status?: StatusPalette;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

const statusFor = (mode: 'light' | 'dark') =>
  Object.fromEntries(Object.entries(STATUS_COLORS).map(([k, v]) => [k, v[mode]])) as Record<StatusColor, string>;

/**
 * One theme with CSS variables: the light and dark schemes are both in the stylesheet and the `data-mui-color-scheme`
 * attribute (set before first paint) picks one, so static pages never flash. Typography is in rem against a root
 * font size of 12 / 14 / 16 px chosen by `data-font-size`.
 */
export const theme: Theme = createTheme({
  cssVariables: { colorSchemeSelector: `[${COLOR_SCHEME_ATTRIBUTE}="%s"]` },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#c8102e' },
        secondary: { main: '#1565c0' },
        // MUI's default info (#0288d1) is 3.9:1 on white: too light for the outlined chips' text (WCAG AA 4.5:1).
        info: { main: '#01579b' },
        background: { default: '#f6f7f9', paper: '#ffffff' },
        status: statusFor('light'),
      },
    },
    dark: {
      palette: {
        // WCAG AA for text on coloured fills: white on #ff5c6c is only 3:1, so MUI picks dark text for it (7:1).
        contrastThreshold: 4.5,
        primary: { main: '#ff5c6c' },
        secondary: { main: '#64a8ff' },
        background: { default: '#121417', paper: '#1c1f24' },
        status: statusFor('dark'),
      },
    },
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  spacing: 8,
  typography: {
    htmlFontSize: FONT_SIZE_PX.M,
    fontSize: FONT_SIZE_PX.M,
    fontFamily: '"Noto Sans", "Noto Sans TC", "Noto Sans CJK TC", "PingFang HK", "Microsoft JhengHei", system-ui, sans-serif',
  },
  shape: { borderRadius: 8 },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        html: {
          fontSize: `${FONT_SIZE_PX.M}px`,
          '&[data-font-size="S"]': { fontSize: `${FONT_SIZE_PX.S}px` },
          '&[data-font-size="L"]': { fontSize: `${FONT_SIZE_PX.L}px` },
        },
        // Visible only when focused by keyboard: the first tab stop jumps past the navigation.
        '.skip-link': {
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          padding: '8px 12px',
          background: '#fff',
          color: '#000',
          borderRadius: 4,
          textDecoration: 'underline',
        },
        '.skip-link:focus': { top: 8 },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});

/** Spec §9: content container maximum width. */
export const CONTENT_MAX_WIDTH = 1440;
