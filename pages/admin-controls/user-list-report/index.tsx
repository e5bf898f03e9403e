import type { PortalPage } from '@/components/app/types';
import { UserListReportScreen } from '@/components/admin/userListReport/UserListReportScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const UserListReportPage: PortalPage = () => <UserListReportScreen />;
UserListReportPage.layout = 'main';
export default UserListReportPage;
export const getStaticProps = staticTranslations('userListReport');
