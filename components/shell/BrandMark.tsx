import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function BrandMark({ inverse = false }: { inverse?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Box component={Link} href="/" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: inverse ? 'inherit' : 'text.primary', textDecoration: 'none' }}>
      <Box component="img" src="/favicon.svg" alt="" width={28} height={28} />
      <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.05rem', lineHeight: 1.2 }}>
        {t('appName')}
      </Typography>
    </Box>
  );
}
