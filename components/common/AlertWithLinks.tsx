import type { ReactNode } from 'react';
import Alert, { type AlertProps } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import NextLink from 'next/link';

/**
 * An alert with links under its text (not in its action column, where on a 390 px phone a label broke into a narrow
 * column of its own). Plain text links whose first letter lines up with the text above: they were small text buttons
 * pulled left by a negative margin to line up their label, and the alert's message box (MUI: overflow: auto) clipped
 * the first letter of "View ACR-…" on a phone. The message box shows what overflows it here, so a link's focus ring
 * (2 px, 2 px outside) is drawn whole too; the text wraps and the links are short, so nothing else overflows. The
 * vertical padding keeps a tap target of about 28 px without moving the label.
 */
export function AlertWithLinks({ links, children, ...alert }: Omit<AlertProps, 'slotProps'> & { links: readonly { href: string; label: string }[]; children: ReactNode }) {
  return (
    <Alert {...alert} slotProps={{ message: { sx: { overflow: 'visible' } } }}>
      {children}
      <Box sx={{ mt: 0.5, display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {links.map((l) => (
          <Link
            key={l.href}
            component={NextLink}
            href={l.href}
            color="inherit"
            underline="always"
            sx={{ display: 'inline-block', py: 0.5, fontWeight: 500, whiteSpace: 'nowrap' }}
          >
            {l.label}
          </Link>
        ))}
      </Box>
    </Alert>
  );
}
