import Box from '@mui/material/Box';

/**
 * The height the full footer takes before its chunk and its site content arrive (issue 10 item 14: the home page
 * shifted when the footer filled in). The placeholder and the footer both keep at least this much, so the content
 * above never moves. Measured on the seeded demo content at 390 px and 1366 px.
 */
export const FOOTER_MIN_HEIGHT = { xs: 300, md: 190 } as const;
export const FOOTER_TOP_MARGIN = 4;

/** What `next/dynamic` shows while the footer's chunk loads. */
export function FooterPlaceholder() {
  return <Box aria-hidden data-testid="footer-placeholder" sx={{ minHeight: FOOTER_MIN_HEIGHT, mt: FOOTER_TOP_MARGIN }} />;
}
