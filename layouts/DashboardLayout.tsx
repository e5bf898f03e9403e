import type { ReactNode } from 'react';
import { useRouter } from 'next/router';
import dynamic from 'next/dynamic';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { Header, NavList, useNavSections } from '@/components/shell/Header';
import { normalizePath } from '@/lib/permissions/routes';
import { FooterPlaceholder } from '@/components/shell/footerSpace';
import { CONTENT_MAX_WIDTH } from '@/lib/theme/theme';

/** Below the fold and after the content: its own chunk (site content, popups, app badges), loaded after the page. */
// Its space is kept while it loads (no layout shift).
const Footer = dynamic(() => import('@/components/shell/Footer').then((m) => m.Footer), { loading: FooterPlaceholder });

/** Header, a side navigation on desktop (the drawer on phones), content and footer. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const router = useRouter();
  const sections = useNavSections();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Header />
      <Box sx={{ flex: 1, width: '100%', maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', display: 'flex', gap: 3, px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 3 } }}>
        {sections.length > 0 ? (
        <Paper variant="outlined" sx={{ display: { xs: 'none', md: 'block' }, width: 260, flexShrink: 0, alignSelf: 'flex-start', position: 'sticky', top: 88 }}>
          <NavList sections={sections} current={normalizePath(router.asPath)} />
        </Paper>
        ) : null}
        <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, minWidth: 0 }}>
          {children}
        </Box>
      </Box>
      <Footer />
    </Box>
  );
}
