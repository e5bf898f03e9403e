import { useCanAccess } from '@/components/common/Can';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { StateMessage } from '@/components/common/StateMessage';
import { getProfile, type AccountProfile } from '@/lib/api/account';
import { errorKey } from '@/lib/errors';
import { ChangePasswordCard } from './ChangePasswordCard';
import { MfaCard } from './MfaCard';
import { PreferencesCard } from './PreferencesCard';
import { ProfileCard } from './ProfileCard';

type Load = { kind: 'loading' } | { kind: 'failed'; code: string } | { kind: 'ready'; profile: AccountProfile };

/**
 * `/account` (ac_pref_read; every change needs ac_pref_write): profile, preferences, password and sign-in security.
 * The route guard has already checked the page permission; without ac_pref_write the forms show disabled with a note.
 */
export function AccountScreen() {
  const { t } = useTranslation(['page', 'error', 'common']);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const canWrite = useCanAccess(['ac_pref_write']);

  const fetchProfile = useCallback(async () => {
    setLoad({ kind: 'loading' });
    const result = await getProfile();
    setLoad(result.ok ? { kind: 'ready', profile: result.data } : { kind: 'failed', code: result.error.code });
  }, []);

  useEffect(() => {
    let live = true;
    void getProfile().then((result) => {
      if (live) setLoad(result.ok ? { kind: 'ready', profile: result.data } : { kind: 'failed', code: result.error.code });
    });
    return () => {
      live = false;
    };
  }, []);

  const patch = useCallback((change: Partial<AccountProfile>) => {
    setLoad((l) => (l.kind === 'ready' ? { kind: 'ready', profile: { ...l.profile, ...change } } : l));
  }, []);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <div>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('account.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('account.intro')}
        </Typography>
      </div>
      {load.kind === 'loading' ? (
        <Box role="status" aria-live="polite" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 4 }} data-testid="account-loading">
          <CircularProgress size={24} />
          <Typography>{t('account.loading')}</Typography>
        </Box>
      ) : null}
      {load.kind === 'failed' ? (
        <StateMessage
          role="alert"
          title={t('account.loadFailed')}
          action={
            <Button variant="contained" onClick={() => void fetchProfile()} data-testid="account-retry">
              {t('account.retry')}
            </Button>
          }
        >
          {t(errorKey(load.code))}
        </StateMessage>
      ) : null}
      {load.kind === 'ready' ? (
        <Grid container spacing={{ xs: 2, md: 3 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <ProfileCard profile={load.profile} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PreferencesCard profile={load.profile} canWrite={canWrite} onSaved={patch} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChangePasswordCard canWrite={canWrite} onChanged={(passwordChangedAt) => patch({ passwordChangedAt })} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <MfaCard mfaEnabled={load.profile.mfaEnabled} skipMfa={load.profile.skipMfa} canWrite={canWrite} onChange={(mfaEnabled) => patch({ mfaEnabled })} />
          </Grid>
        </Grid>
      ) : null}
    </Box>
  );
}
