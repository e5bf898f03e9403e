import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/components/common/visuallyHidden';
import { FONT_SIZE_ATTRIBUTE } from '@/lib/theme/preferences';
import { useHomePath } from '@/components/auth/useSessionData';

export function BrandMark({ inverse = false }: { inverse?: boolean }) {
  const { t } = useTranslation('common');
  // The signed-in user's own home page: '/' answered "no permission" to staff without `home` (the header's logo).
  const home = useHomePath();
  return (
    <Box component={Link} href={home} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: inverse ? 'inherit' : 'text.primary', textDecoration: 'none' }}>
      <Box component="img" src="/favicon.svg" alt="" width={28} height={28} />
      <Typography
        component="span"
        sx={(theme) => ({
          fontWeight: 700,
          fontSize: '1.05rem',
          lineHeight: 1.2,
          // On the narrowest phones (320–359 px) the name keeps two lines beside the menu, inbox and user buttons.
          '@media (max-width: 359.95px)': { fontSize: '0.85rem' },
          // In the header with the large font, the menus and tools fill a 1200–1535 px bar: the name is kept for screen
          // readers and the logo stays, so the menus keep one row instead of wrapping under a two-line name.
          ...(inverse ? { [`html[${FONT_SIZE_ATTRIBUTE}="L"] &`]: { [theme.breakpoints.between('lg', 'xl')]: visuallyHidden } } : {}),
        })}
      >
        {t('appName')}
      </Typography>
    </Box>
  );
}
