import { useRouter } from 'next/router';
import { useSession } from '@/lib/api/query';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useCurrentCustomer } from '@/components/auth/useSessionData';
import type { AccountProfile } from '@/lib/account/schemas';
import { formatDateTime, pickLocalized } from '@/lib/i18n/locales';
import { SectionCard } from './SectionCard';

/** Read-only: who the user is, for which customer it acts, and when it last signed in. */
export function ProfileCard({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation('account');
  const { locale } = useRouter();
  const { data: session } = useSession();
  const customer = useCurrentCustomer();
  const customerName = customer ? pickLocalized(locale, customer.nameEn, customer.nameZh) : (session?.currentUser.ucpId ?? '');

  const rows: { key: string; label: string; value: string; testId: string }[] = [
    { key: 'name', label: t('account.profile.name'), value: profile.name, testId: 'profile-name' },
    { key: 'loginId', label: t('account.profile.loginId'), value: profile.loginId, testId: 'profile-login-id' },
    { key: 'email', label: t('account.profile.email'), value: profile.email, testId: 'profile-email' },
    { key: 'customer', label: t('account.profile.customer'), value: customerName, testId: 'profile-customer' },
    {
      key: 'lastLogin',
      label: t('account.profile.lastLogin'),
      value: profile.lastLoginTime ? formatDateTime(profile.lastLoginTime, locale) : t('account.profile.firstLogin'),
      testId: 'profile-last-login',
    },
    {
      key: 'passwordChanged',
      label: t('account.profile.passwordChanged'),
      value: profile.passwordChangedAt ? formatDateTime(profile.passwordChangedAt, locale) : t('account.profile.passwordNeverChanged'),
      testId: 'profile-password-changed',
    },
  ];

  return (
    <SectionCard id="profile" title={t('account.profile.title')}>
      {profile.isProviderStaff ? <Chip size="small" color="secondary" label={t('account.profile.staff')} sx={{ justifySelf: 'start' }} /> : null}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, auto) 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1.25 } }}
      >
        {rows.map((row) => (
          <Box key={row.key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {row.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={row.testId}>
              {row.value || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
