import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { BrandMark } from '@/components/shell/BrandMark';
import { ColorModeToggle } from '@/components/shell/ColorModeToggle';
import { FontSizeControl } from '@/components/shell/FontSizeControl';
import { Footer } from '@/components/shell/Footer';
import { LanguageSwitch } from '@/components/shell/LanguageSwitch';

/*
 * The footer is imported here, not through `next/dynamic`: this layout is itself a dynamic chunk of AppShell (so the
 * footer stays out of the shared bundle), and a dynamic import nested in it was not loaded before hydration, so the
 * client's first render had no footer where the prerendered HTML had one: React threw away the server's HTML
 * (hydration error #418) and rendered every sign-in page again from scratch.
 */
/** Sign-in, disclaimer, customer selection, weblogin: a centred card, with language, colour and size controls. */
export function LoginLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 1.5, sm: 3 }, py: 1.5, flexWrap: 'wrap' }}>
        <BrandMark />
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" spacing={1} sx={{ color: 'text.primary', alignItems: 'center' }}>
          <FontSizeControl />
          <ColorModeToggle />
          <LanguageSwitch />
        </Stack>
      </Box>
      <Box component="main" id="main" sx={{ flex: 1, display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'center', p: { xs: 1.5, sm: 3 } }}>
        <Paper elevation={0} variant="outlined" sx={{ width: '100%', maxWidth: 480, p: { xs: 2.5, sm: 4 } }}>
          {children}
        </Paper>
      </Box>
      <Footer variant="compact" />
    </Box>
  );
}
