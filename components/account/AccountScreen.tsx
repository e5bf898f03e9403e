import { useCanAccess } from '@/components/common/Can';
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { StateMessage } from '@/components/common/StateMessage';
import { accountContract } from '@/lib/account/contract';
import type { AccountProfile } from '@/lib/account/schemas';
import { keyOf, useEndpointQuery } from '@/lib/api/query';
import { errorKey } from '@/lib/errors';
import { ChangePasswordCard } from './ChangePasswordCard';
import { MfaCard } from './MfaCard';
import { PreferencesCard } from './PreferencesCard';
import { ProfileCard } from './ProfileCard';

/**
 * `/account` (every signed-in user): profile and own password for all; preferences and sign-in security with
 * ac_pref_read, their changes with ac_pref_write (without it those forms show disabled with a note).
 */
export function AccountScreen() {
  const { t } = useTranslation(['account', 'error', 'common']);
  // Preferences and MFA need ac_pref_read / _write; the profile and one's own password are every signed-in user's.
  const canWrite = useCanAccess(['ac_pref_write']);
  const canReadPrefs = useCanAccess(['ac_pref_read', 'ac_pref_write']);
  const profileQuery = useEndpointQuery(accountContract.endpoints.getProfile, {});
  const queryClient = useQueryClient();
  const profile = profileQuery.data;
  // A failure that is being retried (every 5 s) shows like a final one: the user may also retry at once.
  const failure = profile ? null : (profileQuery.apiError ?? profileQuery.retrying);

  /** What a form just saved, written into the cached profile (no refetch needed, none possible mid token change). */
  const patch = useCallback(
    (change: Partial<AccountProfile>) =>
      queryClient.setQueryData<AccountProfile>(keyOf(accountContract.endpoints.getProfile, {}), (p) => (p ? { ...p, ...change } : p)),
    [queryClient],
  );

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
      {!profile && !failure ? (
        <Box role="status" aria-live="polite" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 4 }} data-testid="account-loading">
          <CircularProgress size={24} />
          <Typography>{t('account.loading')}</Typography>
        </Box>
      ) : null}
      {failure ? (
        <StateMessage
          role="alert"
          title={t('account.loadFailed')}
          action={
            <Button variant="contained" onClick={() => void profileQuery.refetch()} data-testid="account-retry">
              {t('account.retry')}
            </Button>
          }
        >
          {t(errorKey(failure.code))}
        </StateMessage>
      ) : null}
      {profile ? (
        <Grid container spacing={{ xs: 2, md: 3 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <ProfileCard profile={profile} />
          </Grid>
          {canReadPrefs ? (
            <Grid size={{ xs: 12, md: 6 }}>
              <PreferencesCard profile={profile} canWrite={canWrite} onSaved={patch} />
            </Grid>
          ) : null}
          <Grid size={{ xs: 12, md: 6 }}>
            <ChangePasswordCard canWrite onChanged={(passwordChangedAt) => patch({ passwordChangedAt })} />
          </Grid>
          {canReadPrefs ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <MfaCard mfaEnabled={profile.mfaEnabled} mfaRequired={profile.mfaRequired} skipMfa={profile.skipMfa} canWrite={canWrite} onChange={(mfaEnabled) => patch({ mfaEnabled })} />
          </Grid>
          ) : null}
        </Grid>
      ) : null}
    </Box>
  );
}
