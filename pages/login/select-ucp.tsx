import { useTranslation } from 'next-i18next/pages';
import type { PortalPage } from '@/components/app/types';
import { SelectUcpScreen } from '@/components/auth/SelectUcpScreen';
import { PageTitle } from '@/components/common/PageTitle';
import { staticTranslations } from '@/lib/i18n/staticProps';

const SelectUcpPage: PortalPage = () => {
  const { t } = useTranslation('auth');
  return (
    <>
      <PageTitle title={t('selectUcp.title')} />
      <SelectUcpScreen />
    </>
  );
};
SelectUcpPage.layout = 'login';
export default SelectUcpPage;
export const getStaticProps = staticTranslations('auth');
