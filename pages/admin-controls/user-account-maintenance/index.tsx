import type { PortalPage } from '@/components/app/types';
import { usersResource } from '@/components/admin/users/resource';
import { ResourceListPage } from '@/components/common/resource';
import { staticTranslations } from '@/lib/i18n/staticProps';

const UsersPage: PortalPage = () => <ResourceListPage resource={usersResource} />;
UsersPage.layout = 'main';
export default UsersPage;
export const getStaticProps = staticTranslations('users');
