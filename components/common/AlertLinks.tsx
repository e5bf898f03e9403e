import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import NextLink from 'next/link';

/**
 * Links under an alert's text (not in its action column, where on a 390 px phone a label broke into a narrow column
 * of its own). Plain text links whose first letter lines up with the text above: they were small text buttons pulled
 * left by a negative margin to line up their label, and the alert's message box (overflow: auto) clipped the first
 * letter of "View ACR-…" on a phone. The vertical padding keeps a tap target of about 28 px without moving the label.
 */
export function AlertLinks({ links }: { links: readonly { href: string; label: string }[] }) {
  return (
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
  );
}
