import { useTranslation } from 'next-i18next/pages';
import type { PortalPage } from '@/components/app/types';
import { DisclaimerScreen } from '@/components/auth/DisclaimerScreen';
import { PageTitle } from '@/components/common/PageTitle';
import { staticTranslations } from '@/lib/i18n/staticProps';

const DisclaimerPage: PortalPage = () => {
  const { t } = useTranslation('auth');
  return (
    <>
      <PageTitle title={t('disclaimer.title')} />
      <DisclaimerScreen />
    </>
  );
};
DisclaimerPage.layout = 'login';
export default DisclaimerPage;
export const getStaticProps = staticTranslations('auth');
