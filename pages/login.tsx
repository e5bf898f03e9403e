import { useTranslation } from 'next-i18next/pages';
import { LoginForm } from '@/components/auth/LoginForm';
import type { PortalPage } from '@/components/app/types';
import { PageTitle } from '@/components/common/PageTitle';
import { staticTranslations } from '@/lib/i18n/staticProps';

const LoginPage: PortalPage = () => {
  const { t } = useTranslation('auth');
  return (
    <>
      <PageTitle title={t('login.title')} />
      <LoginForm title={t('login.title')} intro={t('login.intro')} />
    </>
  );
};
LoginPage.layout = 'login';
export default LoginPage;
export const getStaticProps = staticTranslations('auth');
