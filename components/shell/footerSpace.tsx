import { useEffect, useRef, useState, type ReactNode } from 'react';
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

/**
 * Mounts `children` (the footer) only once the browser is idle after the page has shown, or when its space comes
 * within a screen of the viewport, whichever is first: the footer's chunk, its site-content queries and its render
 * stay out of the work done before the page's own content is visible (docs/performance.md "Shared bundle, fourth
 * pass"). Its space is held by the placeholder meanwhile, so nothing moves.
 */
export function DeferredFooter({ children }: { children: ReactNode }) {
  const [show, setShow] = useState(false);
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (show) return undefined;
    const reveal = () => setShow(true);
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(reveal, { timeout: 3000 }) : window.setTimeout(reveal, 1000);
    const observer = typeof IntersectionObserver === 'function' && spot.current ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reveal(), { rootMargin: '100% 0px' }) : null;
    if (observer && spot.current) observer.observe(spot.current);
    return () => {
      if (typeof window.requestIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      observer?.disconnect();
    };
  }, [show]);
  if (show) return <>{children}</>;
  return <Box ref={spot} aria-hidden data-testid="footer-placeholder" sx={{ minHeight: FOOTER_MIN_HEIGHT, mt: FOOTER_TOP_MARGIN }} />;
}
