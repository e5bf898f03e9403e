import { useTranslation } from 'next-i18next/pages';
import { AccountScreen } from '@/components/account/AccountScreen';
import type { PortalPage } from '@/components/app/types';
import { PageTitle } from '@/components/common/PageTitle';
import { staticTranslations } from '@/lib/i18n/staticProps';

const AccountPage: PortalPage = () => {
  const { t } = useTranslation('account');
  return (
    <>
      <PageTitle title={t('account.title')} />
      <AccountScreen />
    </>
  );
};
AccountPage.layout = 'dashboard';
export default AccountPage;
export const getStaticProps = staticTranslations('account');
