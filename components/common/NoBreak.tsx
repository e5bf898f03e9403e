import Box from '@mui/material/Box';

/**
 * A code ("RN-RENT-36", "RN-2026-000087", "CT-2024-00118") kept on one line: a browser may break a line after a
 * hyphen, and on a phone an offer code read "RN-" / "RENT-36".
 */
export function NoBreak({ children }: { children: string }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}
