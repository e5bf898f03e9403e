import NextLink from 'next/link';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { useEndpointQuery } from '@/lib/api/query';
import { formatDate } from '@/lib/i18n/locales';
import { offersContract } from '@/lib/offers/contract';
import { isExternalCta } from '@/lib/offers/links';
import type { HomeOffer } from '@/lib/offers/schemas';
import { OfferImage } from './OfferImage';

/** The home page's Offers card: published offers for this customer within their validity; nothing when there are none. */
export function HomeOffers({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation('offers');
  const offers = useEndpointQuery(offersContract.endpoints.listHomeOffers, enabled ? {} : null);
  const list = offers.data ?? [];
  // While the offers load, their row's space is held (a card with its 140 px picture), so the quick links and the
  // footer below do not jump down when they arrive (home's CLS, issue 10 item 14 / issue 15).
  if (enabled && offers.isPending) {
    return (
      <Box component="section" aria-busy="true" data-testid="home-offers-loading">
        <Skeleton variant="text" width={200} sx={{ mb: 1.5, fontSize: '1.25rem' }} />
        <Skeleton variant="rounded" height={300} />
      </Box>
    );
  }
  if (!enabled || list.length === 0) return null;
  const zh = i18n.language === 'tc';
  return (
    <Box component="section" aria-labelledby="home-offers-title" data-testid="home-offers">
      <Typography id="home-offers-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('home.title')}
      </Typography>
      <Grid container spacing={2}>
        {list.map((o: HomeOffer) => {
          const title = zh ? o.titleZh : o.titleEn;
          const label = zh ? o.ctaLabelZh : o.ctaLabelEn;
          const external = isExternalCta(o.ctaUrl);
          return (
            <Grid key={o.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card variant="outlined" component="article" aria-label={title} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                {o.hasImage ? <OfferImage id={o.id} alt="" height={140} /> : null}
                <CardContent sx={{ flex: 1 }}>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>
                    {zh ? o.descriptionZh : o.descriptionEn}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                    {t('home.until', { date: formatDate(o.validTo, i18n.language) })}
                  </Typography>
                </CardContent>
                {o.ctaUrl ? (
                  <CardActions>
                    {external ? (
                      <Button href={o.ctaUrl} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon aria-hidden />} aria-label={`${label} (${t('home.newWindow')})`}>
                        {label}
                      </Button>
                    ) : (
                      <Button component={NextLink} href={o.ctaUrl}>
                        {label}
                      </Button>
                    )}
                  </CardActions>
                ) : null}
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}
