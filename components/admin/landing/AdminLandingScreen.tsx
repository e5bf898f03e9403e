import NextLink from 'next/link';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { PageHeader } from '@/components/common/PageHeader';
import { StateMessage } from '@/components/common/StateMessage';
import { adminContract, type AdminLandingCounts } from '@/lib/admin/contract';
import { ADMIN_AREAS, type AdminArea } from '@/lib/admin/areas';
import { useEndpointQuery, useSession } from '@/lib/api/query';
import { canAccess, toGrants } from '@/lib/permissions/canAccess';
import { findRoute } from '@/lib/permissions/routes';

function countOf(area: AdminArea, counts: AdminLandingCounts | undefined): number | null {
  if (!('count' in area) || !counts) return null;
  return counts[area.count] ?? null;
}

/** `/admin-controls`: one card per admin area the staff user may open, with what waits for it there. */
export function AdminLandingScreen() {
  const { t } = useTranslation(['admin', 'common']);
  const { data: session } = useSession();
  const grants = toGrants(session?.functionList);
  const areas = ADMIN_AREAS.filter((a) => {
    const rule = findRoute(a.href);
    return rule !== undefined && canAccess(grants, rule.anyOf);
  });
  const counts = useEndpointQuery(adminContract.endpoints.landingCounts, {});
  return (
    <>
      <PageHeader title={t('landing.title')} subtitle={t('landing.subtitle')} />
      {areas.length === 0 ? (
        <StateMessage title={t('landing.none')} headingComponent="h2" variant="inline" />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
          {areas.map((area) => {
            const n = countOf(area, counts.data);
            return (
              <li key={area.key}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea component={NextLink} href={area.href} sx={{ height: '100%', alignItems: 'flex-start' }}>
                    <CardContent>
                      <Typography component="h2" variant="h6">
                        {t(`landing.areas.${area.key}.title`)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                        {t(`landing.areas.${area.key}.body`)}
                      </Typography>
                      {n !== null ? (
                        <Typography variant="body2" color={n > 0 ? 'warning.main' : 'text.secondary'} sx={{ mt: 1, fontWeight: 600 }}>
                          {t(`landing.areas.${area.key}.count`, { count: n })}
                        </Typography>
                      ) : null}
                    </CardContent>
                  </CardActionArea>
                </Card>
              </li>
            );
          })}
        </Box>
      )}
    </>
  );
}
