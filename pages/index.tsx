import { useTranslation } from 'next-i18next/pages';
import type { PortalPage } from '@/components/app/types';
import { PageTitle } from '@/components/common/PageTitle';
import { HomeDashboard } from '@/components/home/HomeDashboard';
import { staticTranslations } from '@/lib/i18n/staticProps';

const HomePage: PortalPage = () => {
  const { t } = useTranslation(['home', 'offers']);
  return (
    <>
      <PageTitle title={t('home.title')} />
      <HomeDashboard />
    </>
  );
};
HomePage.layout = 'dashboard';
export default HomePage;
export const getStaticProps = staticTranslations('home', 'offers');
