import type { ReactNode } from 'react';
import { useSession } from '@/lib/api/query';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ChatWithUsButton } from '@/components/siteContent/ChatWithUsButton';
import { FooterPopupLinks } from '@/components/siteContent/FooterPopupLinks';
import { MobileAppBadges, useMobileAppName } from '@/components/siteContent/MobileAppBadges';
import { SocialLinks } from '@/components/siteContent/SocialLinks';
import { useMobileApplications, useSocialLinks } from '@/components/siteContent/useContent';
import { useSiteContent } from '@/components/siteContent/useSiteContent';
import { hkToday } from '@/lib/dates/hongKong';
import { CONTENT_MAX_WIDTH } from '@/lib/theme/theme';
import { FOOTER_MIN_HEIGHT, FOOTER_TOP_MARGIN } from './footerSpace';

/**
 * The year by Hong Kong's calendar: the server renders in UTC, where it was still the old year until 08:00 on 1 January
 * in Hong Kong (and the browser's own clock then disagreed with the server's page).
 */
function Copyright({ variant }: { variant: 'body2' | 'caption' }) {
  const { t } = useTranslation('common');
  return (
    <Typography variant={variant} color="text.secondary" sx={{ textAlign: variant === 'caption' ? 'center' : undefined }}>
      {t('footer.copyright', { year: hkToday().slice(0, 4) })}
    </Typography>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1.5}>
      <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** Sign-in pages: the popups (privacy policy, terms…), the chat link and the copyright, centred in one column. */
function CompactFooter() {
  return (
    <Box component="footer" sx={{ px: 2, py: 2 }} data-testid="footer-compact">
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <FooterPopupLinks dense />
        <ChatWithUsButton size="small" />
        <Copyright variant="caption" />
      </Stack>
    </Box>
  );
}

/** A column of its own that reads only its store value: a content answer for another column leaves it alone. */
function SocialColumn() {
  const { t } = useTranslation('common');
  const social = useSocialLinks();
  if (!Object.values(social).some((link) => link !== '')) return null;
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Section title={t('siteContent.followUs')}>
        <SocialLinks />
      </Section>
    </Grid>
  );
}

function MobileAppsColumn() {
  const { t } = useTranslation('common');
  const apps = useMobileApplications();
  const appName = useMobileAppName();
  if (apps.length === 0) return null;
  return (
    <Grid size={{ xs: 12, sm: 6, md: 5 }}>
      <Section title={t('siteContent.mobileApps.title')}>
        {appName ? (
          <Typography variant="body2" color="text.secondary">
            {appName}
          </Typography>
        ) : null}
        <MobileAppBadges />
      </Section>
    </Grid>
  );
}

function FullFooter() {
  // Provider staff get no customer-only sections (the customer chat, social links, the customer app; issue 10 item 15).
  const staff = useSession().data?.profile?.isProviderStaff === true;
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: FOOTER_TOP_MARGIN, minHeight: FOOTER_MIN_HEIGHT }} data-testid="footer">
      <Box sx={{ maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, md: 4 } }}>
        <Grid container spacing={{ xs: 3, md: 4 }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <FooterPopupLinks />
              {staff ? null : <ChatWithUsButton />}
            </Stack>
          </Grid>
          {staff ? null : <SocialColumn />}
          {staff ? null : <MobileAppsColumn />}
        </Grid>
        <Divider sx={{ my: { xs: 2, md: 3 } }} />
        <Copyright variant="body2" />
      </Box>
    </Box>
  );
}

/**
 * The footer of every layout (`compact` on the sign-in pages). It loads the site content of spec §7 for the current
 * language (useSiteContent: once per page, retried every 5 s on failure) and shows what is configured: popup links,
 * the chat link, social links and mobile-app badges, then the copyright.
 */
export function Footer({ variant = 'full' }: { variant?: 'full' | 'compact' }) {
  return (
    <>
      <SiteContentLoader />
      {variant === 'compact' ? <CompactFooter /> : <FullFooter />}
    </>
  );
}

/**
 * The five content queries live in a component of their own that renders nothing: each answer (and each retry) then
 * re-renders only this, and the footer's parts re-render only when the store value they read changes. In the footer
 * itself every one of the five answers re-rendered the whole footer (≈ 170 components, five to seven times per page
 * load: docs/performance.md, "Re-renders while a page loads").
 */
function SiteContentLoader() {
  useSiteContent();
  return null;
}
