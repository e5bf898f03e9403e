import { useTranslation } from 'next-i18next/pages';
import { LoginForm } from '@/components/auth/LoginForm';
import type { PortalPage } from '@/components/app/types';
import { PageTitle } from '@/components/common/PageTitle';
import { staticTranslations } from '@/lib/i18n/staticProps';

/** Deep-link entry (spec §2): signs in, then continues to the carried deep link. */
const WebLoginPage: PortalPage = () => {
  const { t } = useTranslation('auth');
  return (
    <>
      <PageTitle title={t('weblogin.title')} />
      <LoginForm title={t('weblogin.title')} intro={t('weblogin.intro')} />
    </>
  );
};
WebLoginPage.layout = 'login';
export default WebLoginPage;
export const getStaticProps = staticTranslations('auth');
