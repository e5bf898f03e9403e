import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Footer } from '@/components/shell/Footer';
import { Header } from '@/components/shell/Header';
import { CONTENT_MAX_WIDTH } from '@/lib/theme/theme';

/** Header, content (max 1440 px, spec §9) and footer. */
export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Header />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, width: '100%', maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 3 } }}>
        {children}
      </Box>
      <Footer />
    </Box>
  );
}
