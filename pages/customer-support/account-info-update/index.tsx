import type { PortalPage } from '@/components/app/types';
import { RequestListScreen } from '@/components/accountChanges/RequestListScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const AccountInfoUpdatePage: PortalPage = () => <RequestListScreen />;
AccountInfoUpdatePage.layout = 'main';
export default AccountInfoUpdatePage;
export const getStaticProps = staticTranslations('accountChanges');
