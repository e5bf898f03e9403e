import type { PortalPage } from '@/components/app/types';
import { usersResource } from '@/components/admin/users/resource';
import { ResourceViewPage } from '@/components/common/resource';
import { serverTranslations } from '@/lib/i18n/staticProps';

const ViewUserPage: PortalPage = () => <ResourceViewPage resource={usersResource} />;
ViewUserPage.layout = 'main';
export default ViewUserPage;
export const getServerSideProps = serverTranslations('users');
