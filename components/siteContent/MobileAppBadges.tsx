import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AndroidIcon from '@mui/icons-material/Android';
import AppleIcon from '@mui/icons-material/Apple';
import type { MobileApplication } from '@/store/types';
import { ContentAnchor, NewTabHint } from './ContentAnchor';
import { useMobileApplications } from './useContent';

function Badge({ app }: { app: MobileApplication }) {
  const { t } = useTranslation('common');
  return (
    <Button
      component={ContentAnchor}
      href={app.link}
      variant="contained"
      startIcon={app.platform === 'ios' ? <AppleIcon /> : <AndroidIcon />}
      data-testid={`mobile-app-${app.key}`}
      sx={{
        // Store badges are black with white text in either colour mode; the border keeps the edge visible on dark.
        bgcolor: 'common.black',
        color: 'common.white',
        border: 1,
        borderColor: 'grey.600',
        textTransform: 'none',
        justifyContent: 'flex-start',
        minHeight: 48,
        px: 2,
        lineHeight: 1.2,
        textAlign: 'left',
        '&:hover': { bgcolor: 'grey.900' },
        '& .MuiButton-startIcon > *:nth-of-type(1)': { fontSize: 28 },
      }}
    >
      <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
        <Box component="span" sx={{ fontSize: '0.75rem', opacity: 0.85 }}>
          {t(`siteContent.mobileApps.platform.${app.platform}`)}
        </Box>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {app.storeLabel}
        </Box>
      </Box>
      <NewTabHint href={app.link} />
    </Button>
  );
}

/** App Store / Google Play style buttons with text (no store artwork needed), one per configured app. */
export function MobileAppBadges() {
  const apps = useMobileApplications();
  if (apps.length === 0) return null;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      {apps.map((app) => (
        <li key={app.key}>
          <Badge app={app} />
        </li>
      ))}
    </Box>
  );
}

/** The app's name as the section shows it (the first app's; every platform carries the same name). */
export function useMobileAppName(): string | null {
  const apps = useMobileApplications();
  return apps[0]?.name ?? null;
}
