import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const spin = keyframes`to { transform: rotate(360deg); }`;

/**
 * The shell's indeterminate spinner (the loading overlay, the route guard's wait): a bordered circle turning in CSS,
 * looking like MUI's indeterminate CircularProgress (40 px, current colour or the primary colour) without its code
 * in every page's shared bundle (≈ 3.7 kB gzip, docs/performance.md "Shared bundle, fourth pass"). Screens keep
 * CircularProgress; it loads with them.
 */
export function Spinner({ label, color = 'primary.main' }: { label: string; color?: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-busy="true"
      sx={{
        width: 40,
        height: 40,
        boxSizing: 'border-box',
        borderRadius: '50%',
        border: '3.6px solid',
        borderColor: color,
        borderRightColor: 'transparent',
        animation: `${spin} 0.9s linear infinite`,
      }}
    />
  );
}
