import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { PageHeader } from '@/components/common/PageHeader';
import { customerReadableTypes, customerWritableTypes } from '@/lib/accountChanges/constants';
import { agreementPath, LIST_PATH } from './links';
import { blocksType, OpenRequestNote } from './OpenRequestNote';
import { useOpenRequests } from './useOpenRequests';
import { useCodes } from './useCodes';

/**
 * `/customer-support/account-info-update/add-changes`: exactly the change types the user may read; those it may also
 * submit lead to their terms page, the others say they are read-only. A type with a request still open says so (and
 * links to it); while a request of a whole-customer type is open there is no "Start" (the server would refuse it).
 */
export function AddChangesScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const codes = useCodes();
  const readable = customerReadableTypes(codes);
  const writable = new Set(customerWritableTypes(codes));
  const { open, loading } = useOpenRequests();
  return (
    <>
      <PageHeader title={t('add.title')} subtitle={t('add.subtitle')} breadcrumbs={[{ label: t('title'), href: LIST_PATH }, { label: t('add.title') }]} />
      {readable.length === 0 ? <Alert severity="info">{t('add.none')}</Alert> : null}
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {readable.map((type) => (
          <Grid key={type} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flex: 1 }}>
                <Typography variant="h6" component="h2" gutterBottom>
                  {t(`types.${type}`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`typeHelp.${type}`)}
                </Typography>
                {open?.[type] ? (
                  <Box sx={{ mt: 2 }}>
                    <OpenRequestNote type={type} open={open[type]} />
                  </Box>
                ) : null}
              </CardContent>
              <CardActions>
                {/* While a request of a whole-customer type is open, the server would refuse another: no "Start". */}
                {/* Nor until the open requests are known: a "Start" that then vanished under the customer's pointer. */}
                {writable.has(type) && (loading || blocksType(type, open?.[type])) ? null : writable.has(type) ? (
                  <Button component={Link} href={agreementPath(type)} variant="contained" aria-label={`${t('add.start')}: ${t(`types.${type}`)}`}>
                    {t('add.start')}
                  </Button>
                ) : (
                  <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
                    {t('add.readOnly')}
                  </Typography>
                )}
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
