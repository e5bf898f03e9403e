import { createTheme, type Theme } from '@mui/material/styles';
import { COLOR_SCHEME_ATTRIBUTE, FONT_SIZE_PX } from './preferences';

/** A face for ‘ ’ “ ” only, from the system's Latin fonts (see `typography.fontFamily`). */
const QUOTES_FONT = 'Portal Quotes';

/** No text under 12 px, even at the small font size. */
export const MIN_TEXT_PX = 12;

/** Status colours of spec §4 (used by the one StatusChip). */
export const STATUS_COLORS = {
  approved: { light: '#1b7f3b', dark: '#66d08a' },
  pending: { light: '#a15c00', dark: '#ffb74d' },
  reject: { light: '#b3261e', dark: '#ff8a80' },
  completed: { light: '#1f5fa8', dark: '#82b1ff' },
  inProgress: { light: '#6a3fb5', dark: '#c3a6ff' },
} as const;
export type StatusColor = keyof typeof STATUS_COLORS;

/**
 * Keyboard focus has its own colour (blue), far from the brand red and the error red, drawn as a 2 px ring on every
 * control (issue 10 item 10). Each is ≥ 3:1 against the page and paper backgrounds of its scheme (WCAG 1.4.11).
 */
export const FOCUS_RING = { light: '#0b57d0', dark: '#a8c7fa' } as const;
/** The focus colour as a CSS variable, so one rule serves both schemes. */
export const FOCUS_RING_VAR = 'var(--mui-palette-focusRing)';
/** Main (contained) buttons in the dark scheme: a deep red with white text (5.9:1), not the bright text accent. */
export const DARK_CONTAINED_PRIMARY = { main: '#c8102e', hover: '#a00d25' } as const;

// Module augmentation of MUI's palette: only an interface can merge with MUI's own declarations.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module '@mui/material/styles' {
  type StatusPalette = Record<StatusColor, string>;
  interface Palette {
    status: StatusPalette;
    focusRing: string;
  }
  interface PaletteOptions {
    status?: StatusPalette;
    focusRing?: string;
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
        // MUI's default success (#2e7d32) is 4.2:1 on a selected row's tint: darker, ≥ 4.5:1 on every surface.
        success: { main: '#1b6e20' },
        background: { default: '#f6f7f9', paper: '#ffffff' },
        status: statusFor('light'),
        focusRing: FOCUS_RING.light,
      },
    },
    dark: {
      palette: {
        // WCAG AA for text on coloured fills: MUI picks dark text on the light red accent. The accent (links, outlined
        // chips, text buttons) is ≥ 4.5:1 also on a selected row's tint; main buttons are deep red (MuiButton below).
        contrastThreshold: 4.5,
        primary: { main: '#ff7a88' },
        secondary: { main: '#64a8ff' },
        // MUI's dark error red (#f44336) is 4.49:1 on the paper below: a field's error text failed WCAG AA. #f6685e
        // is 5.56:1 on paper and 6.2:1 on the page background.
        error: { main: '#f6685e' },
        background: { default: '#121417', paper: '#1c1f24' },
        status: statusFor('dark'),
        focusRing: FOCUS_RING.dark,
      },
    },
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  spacing: 8,
  typography: {
    htmlFontSize: FONT_SIZE_PX.M,
    fontSize: FONT_SIZE_PX.M,
    // "Portal Quotes" (CssBaseline below) gives the curly quotes and apostrophe a Latin face where Noto Sans is not
    // installed: the CJK fonts draw ’ full-width, so English read "machine’ s" with a wide gap.
    fontFamily: `"Noto Sans", "${QUOTES_FONT}", "Noto Sans TC", "Noto Sans CJK TC", "PingFang HK", "Microsoft JhengHei", system-ui, sans-serif`,
    // Spec §9: body text is 12 / 14 / 16 px at S / M / L, i.e. exactly the root size (MUI's default body1 is 16/14 of
    // it). Smaller text never goes under 12 px (WCAG-friendly floor; chips, captions, helper texts).
    body1: { fontSize: '1rem' },
    // Sentence case for buttons as written in the translations (issue 10 item 12), not MUI's capitals.
    button: { textTransform: 'none' },
    body2: { fontSize: `max(${MIN_TEXT_PX}px, 0.9286rem)` },
    caption: { fontSize: `max(${MIN_TEXT_PX}px, 0.8571rem)` },
    overline: { fontSize: `max(${MIN_TEXT_PX}px, 0.8571rem)` },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        '@font-face': {
          fontFamily: QUOTES_FONT,
          src: ['Segoe UI', 'Helvetica Neue', 'Roboto', 'Arial', 'Liberation Sans', 'DejaVu Sans'].map((f) => `local("${f}")`).join(', '),
          unicodeRange: 'U+2018-201F',
        },
        html: {
          fontSize: `${FONT_SIZE_PX.M}px`,
          '&[data-font-size="S"]': { fontSize: `${FONT_SIZE_PX.S}px` },
          '&[data-font-size="L"]': { fontSize: `${FONT_SIZE_PX.L}px` },
        },
        // A word longer than its box (a pasted 100-character search, a long e-mail address or file name) breaks
        // instead of pushing the page wider than the screen.
        body: { overflowWrap: 'break-word' },
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
        // One focus ring for every control (buttons, links, checkboxes, rows, menu items): 2 px in the focus colour.
        // `html :focus-visible` outranks MUI's `outline: 0` on ButtonBase. Text fields show it on their border instead.
        'html :focus-visible': { outline: `2px solid ${FOCUS_RING_VAR}`, outlineOffset: 2 },
        'html .MuiInputBase-input:focus-visible': { outline: 'none' },
        // On the red header of the light scheme a blue ring would vanish: white there.
        'html .MuiAppBar-colorPrimary :focus-visible': { outlineColor: '#ffffff' },
        [`[${COLOR_SCHEME_ATTRIBUTE}="dark"] .MuiAppBar-colorPrimary :focus-visible`]: { outlineColor: FOCUS_RING_VAR },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      // Dark scheme: main buttons are a deep red with white text, not the bright text accent (issue 10 item 11).
      variants: [
        {
          props: { variant: 'contained', color: 'primary' },
          style: ({ theme: t }) =>
            t.applyStyles('dark', {
              backgroundColor: DARK_CONTAINED_PRIMARY.main,
              color: '#ffffff',
              '&:hover': { backgroundColor: DARK_CONTAINED_PRIMARY.hover },
            }),
        },
      ],
    },
    MuiAppBar: {
      styleOverrides: {
        // Dark scheme: the header is a dark surface with a red accent line, not a bright red bar.
        colorPrimary: ({ theme: t }) =>
          t.applyStyles('dark', {
            '--AppBar-background': 'var(--mui-palette-background-paper)',
            '--AppBar-color': 'var(--mui-palette-text-primary)',
            backgroundColor: 'var(--mui-palette-background-paper)',
            color: 'var(--mui-palette-text-primary)',
            borderBottom: `3px solid ${DARK_CONTAINED_PRIMARY.main}`,
          }),
      },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        // The focused field's border is the focus colour (not the brand red next to the error red); a field in error
        // keeps its red border and gets the focus ring around it.
        root: {
          [`&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline`]: { borderColor: FOCUS_RING_VAR, borderWidth: 2 },
          '&.Mui-focused.Mui-error': { outline: `2px solid ${FOCUS_RING_VAR}`, outlineOffset: 2 },
        },
      },
    },
    MuiInputLabel: {
      styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: FOCUS_RING_VAR } } },
    },
    MuiFormLabel: {
      styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: FOCUS_RING_VAR } } },
    },
    MuiInput: {
      styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)::after': { borderBottomColor: FOCUS_RING_VAR } } },
    },
    MuiChip: {
      // Chips are never under 12 px, whatever the font size (issue 10 item 13).
      styleOverrides: {
        root: { fontSize: `max(${MIN_TEXT_PX}px, 0.8125rem)` },
        sizeSmall: { height: 'auto', minHeight: 24, '& .MuiChip-label': { paddingTop: 2, paddingBottom: 2 } },
      },
    },
  },
});

/** Spec §9: content container maximum width. */
export const CONTENT_MAX_WIDTH = 1440;
