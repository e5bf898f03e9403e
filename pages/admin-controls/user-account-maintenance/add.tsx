import type { PortalPage } from '@/components/app/types';
import { usersResource } from '@/components/admin/users/resource';
import { ResourceFormPage } from '@/components/common/resource';
import { staticTranslations } from '@/lib/i18n/staticProps';

const AddUserPage: PortalPage = () => <ResourceFormPage resource={usersResource} mode="add" />;
AddUserPage.layout = 'main';
export default AddUserPage;
export const getStaticProps = staticTranslations('users');
