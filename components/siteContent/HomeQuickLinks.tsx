import { useId, type ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOverOutlined';
import RequestQuoteIcon from '@mui/icons-material/RequestQuoteOutlined';
import LoyaltyIcon from '@mui/icons-material/LoyaltyOutlined';
import type { LinkConfiguration } from '@/store/types';
import { ContentAnchor, NewTabHint } from './ContentAnchor';
import { useLinkConfiguration } from './useContent';

const LINKS: { field: keyof LinkConfiguration; key: string; icon: ReactNode }[] = [
  { field: 'requestforQuoteLink', key: 'requestForQuote', icon: <RequestQuoteIcon /> },
  { field: 'yourVoiceLink', key: 'yourVoice', icon: <RecordVoiceOverIcon /> },
  { field: 'rChoiceLink', key: 'rChoice', icon: <LoyaltyIcon /> },
];

/**
 * The home page's link configuration (spec §7): request for quote, your voice and rChoice as cards, each the whole
 * card a link. Only configured links show; nothing at all when none is. The links are loaded by the footer's
 * useSiteContent (every layout has a footer), so this only reads the store.
 */
export function HomeQuickLinks({ headingComponent = 'h2' }: { headingComponent?: 'h2' | 'h3' }) {
  const { t } = useTranslation('common');
  const config = useLinkConfiguration();
  const headingId = useId();
  const shown = LINKS.filter((l) => config[l.field] !== '');
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="home-quick-links">
      <Typography id={headingId} component={headingComponent} variant="h6" sx={{ mb: 1.5 }}>
        {t('siteContent.quickLinks.title')}
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {shown.map((l) => {
          const href = config[l.field];
          return (
            <Grid key={l.field} size={{ xs: 12, sm: 6, md: 4 }} component="li" sx={{ display: 'flex' }}>
              <Card variant="outlined" sx={{ flex: 1, display: 'flex' }}>
                <CardActionArea
                  component={ContentAnchor}
                  href={href}
                  data-testid={`quick-link-${l.key}`}
                  sx={{ p: 2, display: 'flex', alignItems: 'flex-start', gap: 2, height: '100%' }}
                >
                  <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', pt: 0.25, '& svg': { fontSize: 32 } }}>
                    {l.icon}
                  </Box>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography component="span" variant="subtitle1" sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 0.5 }}>
                      {t(`siteContent.quickLinks.${l.key}.title`)}
                      <ArrowForwardIcon fontSize="small" aria-hidden />
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                      {t(`siteContent.quickLinks.${l.key}.description`)}
                    </Typography>
                    <NewTabHint href={href} />
                  </Box>
                </CardActionArea>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}
