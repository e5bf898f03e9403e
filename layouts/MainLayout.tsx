import type { ReactNode } from 'react';
import dynamic from 'next/dynamic';
import Box from '@mui/material/Box';
import { Header } from '@/components/shell/Header';
import { DeferredFooter, FooterPlaceholder } from '@/components/shell/footerSpace';
import { CONTENT_MAX_WIDTH } from '@/lib/theme/theme';

/**
 * Below the fold and after the content: its own chunk (site content, popups, app badges), loaded when the browser is
 * idle after the page or when scrolled near (DeferredFooter).
 */
// Its space is kept while it loads (no layout shift).
const Footer = dynamic(() => import('@/components/shell/Footer').then((m) => m.Footer), { loading: FooterPlaceholder });

/** Header, content (max 1440 px, spec §9) and footer. */
export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Header />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, width: '100%', maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 3 } }}>
        {children}
      </Box>
      <DeferredFooter>
        <Footer />
      </DeferredFooter>
    </Box>
  );
}
