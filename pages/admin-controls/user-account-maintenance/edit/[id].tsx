import type { PortalPage } from '@/components/app/types';
import { usersResource } from '@/components/admin/users/resource';
import { ResourceFormPage } from '@/components/common/resource';
import { serverTranslations } from '@/lib/i18n/staticProps';

const EditUserPage: PortalPage = () => <ResourceFormPage resource={usersResource} mode="edit" />;
EditUserPage.layout = 'main';
export default EditUserPage;
export const getServerSideProps = serverTranslations('users');
