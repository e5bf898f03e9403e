import { useTranslation } from 'next-i18next/pages';
import type { PortalPage } from '@/components/app/types';
import { SetPasswordScreen } from '@/components/auth/SetPasswordScreen';
import { PageTitle } from '@/components/common/PageTitle';
import { staticTranslations } from '@/lib/i18n/staticProps';

/** Public: opened from an e-mail link or the sign-in page (docs/user-accounts.md). */
const ResetPasswordPage: PortalPage = () => {
  const { t } = useTranslation(['auth', 'account']);
  return (
    <>
      <PageTitle title={t('resetPassword.title')} />
      <SetPasswordScreen purpose="reset" />
    </>
  );
};
ResetPasswordPage.layout = 'login';
export default ResetPasswordPage;
export const getStaticProps = staticTranslations('auth', 'account');
