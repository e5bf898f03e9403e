import { useTranslation } from 'next-i18next/pages';
import type { PortalPage } from '@/components/app/types';
import { ForgotPasswordScreen } from '@/components/auth/ForgotPasswordScreen';
import { PageTitle } from '@/components/common/PageTitle';
import { staticTranslations } from '@/lib/i18n/staticProps';

/** Public: opened from an e-mail link or the sign-in page (docs/user-accounts.md). */
const ForgotPasswordPage: PortalPage = () => {
  const { t } = useTranslation('auth');
  return (
    <>
      <PageTitle title={t('forgotPassword.title')} />
      <ForgotPasswordScreen />
    </>
  );
};
ForgotPasswordPage.layout = 'login';
export default ForgotPasswordPage;
export const getStaticProps = staticTranslations('auth');
