import type { MouseEvent } from 'react';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';

/**
 * A message body: HTML the server sanitized (lib/server/sanitize.ts: an allow-list of text tags, no styles,
 * classes or handlers, links only http/https/mailto or the portal's own paths). Links to portal paths are followed
 * with the router, so the reader stays in its language and the page is not reloaded.
 */
export function MessageBody({ html }: { html: string }) {
  const router = useRouter();

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || !href.startsWith('/') || href.startsWith('//') || anchor.getAttribute('target')) return;
    event.preventDefault();
    void router.push(href);
  };

  return (
    <Box
      data-testid="inbox-message-body"
      onClick={onClick}
      // The HTML is sanitized by the server on write and again on read; it is never built from user input here.
      dangerouslySetInnerHTML={{ __html: html }}
      sx={{
        overflowWrap: 'anywhere',
        lineHeight: 1.6,
        '& p': { my: 1.25 },
        '& h3': { typography: 'h6', mt: 2, mb: 1 },
        '& h4': { typography: 'subtitle1', fontWeight: 600, mt: 2, mb: 1 },
        '& ul, & ol': { pl: 3, my: 1.25 },
        '& li': { my: 0.5 },
        '& a': { color: 'primary.main', textDecoration: 'underline', textUnderlineOffset: '2px' },
        '& a:focus-visible': { outline: '2px solid', outlineOffset: '2px' },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
        '& table': { borderCollapse: 'collapse', my: 1.5, display: 'block', maxWidth: '100%', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.25, py: 0.75, textAlign: 'left', verticalAlign: 'top' },
        '& th': { bgcolor: 'action.hover', fontWeight: 600 },
        '& caption': { captionSide: 'bottom', color: 'text.secondary', fontSize: '0.875em', pt: 0.5 },
      }}
    />
  );
}
