import type { PortalPage } from '@/components/app/types';
import { userGroupsResource } from '@/components/admin/userGroups/resource';
import { ResourceViewPage } from '@/components/common/resource';
import { serverTranslations } from '@/lib/i18n/staticProps';

const ViewUserGroupPage: PortalPage = () => <ResourceViewPage resource={userGroupsResource} />;
ViewUserGroupPage.layout = 'main';
export default ViewUserGroupPage;
export const getServerSideProps = serverTranslations('userGroups');
