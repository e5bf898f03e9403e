import type { PortalPage } from '@/components/app/types';
import { userGroupsResource } from '@/components/admin/userGroups/resource';
import { ResourceListPage } from '@/components/common/resource';
import { staticTranslations } from '@/lib/i18n/staticProps';

const UserGroupsPage: PortalPage = () => <ResourceListPage resource={userGroupsResource} />;
UserGroupsPage.layout = 'main';
export default UserGroupsPage;
export const getStaticProps = staticTranslations('userGroups');
