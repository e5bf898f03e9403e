/** Useful links (docs/support.md): the provider's and public bodies' pages customers often need. */
import NextLink from 'next/link';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { DetailScreen, type DetailQuery } from '@/components/common/DetailScreen';
import { visuallyHidden } from '@/components/common/visuallyHidden';
import { PageHeader } from '@/components/common/PageHeader';
import { StateMessage } from '@/components/common/StateMessage';
import { useEndpointQuery } from '@/lib/api/query';
import { supportContract } from '@/lib/support/contract';
import type { UsefulLink } from '@/lib/support/schemas';
import { SupportTabs, useSupportLang } from './parts';

export function UsefulLinksScreen() {
  const { t } = useTranslation('support');
  const lang = useSupportLang();
  const links = useEndpointQuery(supportContract.endpoints.listUsefulLinks, { lang });
  return (
    <>
      <PageHeader title={t('links.title')} subtitle={t('links.subtitle')} />
      <SupportTabs current="usefulLinks" />
      <DetailScreen query={links as DetailQuery<UsefulLink[]>} title={t('links.title')} variant="inline">
        {(list) =>
          list.length === 0 ? (
            <StateMessage title={t('links.empty')} headingComponent="h2" variant="inline" />
          ) : (
            <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="useful-links">
              {list.map((l) => (
                <Grid key={l.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
                  <Card variant="outlined" sx={{ height: '100%' }}>
                    <CardActionArea
                      {...(l.isExternal
                        ? { component: 'a', href: l.url, target: '_blank', rel: 'noopener noreferrer' }
                        : { component: NextLink, href: l.url })}
                      sx={{ height: '100%', alignItems: 'flex-start', display: 'flex' }}
                    >
                      <CardContent sx={{ width: '100%' }}>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                            {l.title}
                          </Typography>
                          {l.isExternal ? (
                            <>
                              <OpenInNewIcon fontSize="small" color="action" aria-hidden />
                              <span style={visuallyHidden}>{t('links.opensNewTab')}</span>
                            </>
                          ) : null}
                        </Stack>
                        {l.description ? (
                          <Typography variant="body2" color="text.secondary">
                            {l.description}
                          </Typography>
                        ) : null}
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Grid>
              ))}
            </Grid>
          )
        }
      </DetailScreen>
    </>
  );
}
