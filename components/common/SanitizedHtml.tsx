import type { MouseEvent } from 'react';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';

export type SanitizedHtmlVariant = 'message' | 'help';

/** Follows a click on a link to one of the portal's own paths with the router (same language, no reload). */
export function followInternalLink(event: MouseEvent<HTMLElement>, push: (href: string) => unknown): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element).closest?.('a');
  const href = anchor?.getAttribute('href');
  if (!anchor || !href || !href.startsWith('/') || href.startsWith('//') || anchor.getAttribute('target')) return;
  event.preventDefault();
  void push(href);
}

/**
 * Rich text the server sanitized (lib/server/sanitize.ts: an allow-list of text tags, no styles, classes or handlers,
 * links only http/https/mailto or the portal's own paths; help texts also the portal's own help images): an inbox
 * message (`variant="message"`) or a help article / FAQ answer (`variant="help"`, a little more line spacing).
 * Links to portal paths are followed with the router, so the reader stays in its language and the page is not reloaded.
 */
export function SanitizedHtml({ html, testId, variant = 'message' }: { html: string; testId?: string; variant?: SanitizedHtmlVariant }) {
  const router = useRouter();
  const help = variant === 'help';
  return (
    <Box
      {...(testId ? { 'data-testid': testId } : {})}
      onClick={(event: MouseEvent<HTMLDivElement>) => followInternalLink(event, (href) => router.push(href))}
      // Sanitized by the server on write and again on read; never built from user input here.
      dangerouslySetInnerHTML={{ __html: html }}
      sx={{
        overflowWrap: 'anywhere',
        lineHeight: help ? 1.7 : 1.6,
        '& p': { my: 1.25 },
        '& h3': { typography: 'h6', mt: help ? 2.5 : 2, mb: 1 },
        '& h4': { typography: 'subtitle1', fontWeight: 600, mt: 2, mb: 1 },
        '& ul, & ol': { pl: 3, my: 1.25 },
        '& li': { my: 0.5 },
        '& a': { color: 'primary.main', textDecoration: 'underline', textUnderlineOffset: '2px' },
        '& a:focus-visible': { outline: '2px solid', outlineOffset: '2px' },
        '& figure': { mx: 0, my: 2 },
        '& img': { display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 1, border: 1, borderColor: 'divider' },
        '& figcaption': { color: 'text.secondary', fontSize: '0.875em', mt: 0.75 },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
        '& table': { borderCollapse: 'collapse', my: 1.5, display: 'block', maxWidth: '100%', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.25, py: 0.75, textAlign: 'left', verticalAlign: 'top' },
        '& th': { bgcolor: 'action.hover', fontWeight: 600 },
        '& caption': { captionSide: 'bottom', color: 'text.secondary', fontSize: '0.875em', pt: 0.5 },
      }}
    />
  );
}
