import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const spin = keyframes`to { transform: rotate(360deg); }`;

/**
 * The shell's indeterminate spinner (the loading overlay, the route guard's wait): an SVG arc turning in CSS, looking
 * like MUI's indeterminate CircularProgress (40 px, current colour or the primary colour) without its code in the
 * shell (≈ 3.7 kB gzip, docs/performance.md "Shared bundle, fourth pass"). An SVG, as MUI's is, so the prerendered
 * wait is the page's first contentful paint. Screens keep CircularProgress; it loads with them.
 */
export function Spinner({ label, color = 'primary.main' }: { label: string; color?: string }) {
  return (
    <Box role="progressbar" aria-label={label} aria-busy="true" sx={{ display: 'inline-block', width: 40, height: 40, color, animation: `${spin} 1.4s linear infinite` }}>
      <svg viewBox="22 22 44 44" width="40" height="40" aria-hidden="true" focusable="false" style={{ display: 'block' }}>
        <circle cx="44" cy="44" r="20.2" fill="none" stroke="currentColor" strokeWidth="3.6" strokeDasharray="80 200" strokeLinecap="round" />
      </svg>
    </Box>
  );
}
