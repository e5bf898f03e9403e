import { useState } from 'react';
import { useRouter } from 'next/router';
import { useSession } from '@/lib/api/query';
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { continueAfterSignIn } from '@/lib/auth/continueAfterSignIn';
import { sanitizeDeepLink } from '@/lib/auth/deepLink';
import { useSignOut } from '@/lib/auth/useSignOut';
import { SignInFirst } from './SignInFirst';

const PARAGRAPHS = ['p1', 'p2', 'p3', 'p4'] as const;

/** Shown after a user's first sign-in; accepted once and remembered on the server. */
export function DisclaimerScreen() {
  const { t } = useTranslation(['auth', 'account', 'common', 'error']);
  const router = useRouter();
  const { data: session, status, update } = useSession();
  const signOutNow = useSignOut();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const link = sanitizeDeepLink(router.query.deepLink, router.query.deepLinkParams);

  if (status === 'unauthenticated') {
    return <SignInFirst title={t('auth:disclaimer.title')} />;
  }

  const accept = async () => {
    setBusy(true);
    setFailed(false);
    const next = await update({ disclaimerAccepted: true }).catch(() => null);
    setBusy(false);
    if (!next || next.profile.needsDisclaimer) {
      setFailed(true);
      return;
    }
    await continueAfterSignIn(router, next, update, link);
  };

  return (
    <Stack spacing={2.5}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t('auth:disclaimer.title')}
      </Typography>
      <Box tabIndex={0} aria-label={t('auth:disclaimer.title')} sx={{ maxHeight: 320, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'grid', gap: 1.5 }}>
        {PARAGRAPHS.map((p) => (
          <Typography key={p} variant="body2">{t(`auth:disclaimer.${p}`)}</Typography>
        ))}
      </Box>
      {failed ? <Alert severity="error">{t('error:INTERNAL')}</Alert> : null}
      <FormControlLabel control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />} label={t('auth:disclaimer.agree')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" disabled={!agreed || busy || !session} onClick={accept} data-testid="disclaimer-accept">
          {t('auth:disclaimer.accept')}
        </Button>
        <Button variant="outlined" onClick={() => signOutNow()}>
          {t('auth:disclaimer.decline')}
        </Button>
      </Stack>
    </Stack>
  );
}
