import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pathTo } from '@/lib/paths';

/** A step after sign-in (disclaimer, choosing a customer) opened without a session: its title, "please sign in" and the way to the sign-in page. */
export function SignInFirst({ title }: { title: string }) {
  const { t } = useTranslation(['common', 'error']);
  const router = useRouter();
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">{title}</Typography>
      <Alert severity="warning">{t('error:A001')}</Alert>
      <Button variant="contained" onClick={() => router.push(pathTo('/login'))}>{t('common:signIn')}</Button>
    </Stack>
  );
}
