import type { PortalPage } from '@/components/app/types';
import { userGroupsResource } from '@/components/admin/userGroups/resource';
import { ResourceFormPage } from '@/components/common/resource';
import { staticTranslations } from '@/lib/i18n/staticProps';

const AddUserGroupPage: PortalPage = () => <ResourceFormPage resource={userGroupsResource} mode="add" />;
AddUserGroupPage.layout = 'main';
export default AddUserGroupPage;
export const getStaticProps = staticTranslations('userGroups');
