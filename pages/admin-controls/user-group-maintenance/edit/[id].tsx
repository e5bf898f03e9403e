import type { PortalPage } from '@/components/app/types';
import { userGroupsResource } from '@/components/admin/userGroups/resource';
import { ResourceFormPage } from '@/components/common/resource';
import { serverTranslations } from '@/lib/i18n/staticProps';

const EditUserGroupPage: PortalPage = () => <ResourceFormPage resource={userGroupsResource} mode="edit" />;
EditUserGroupPage.layout = 'main';
export default EditUserGroupPage;
export const getServerSideProps = serverTranslations('userGroups');
