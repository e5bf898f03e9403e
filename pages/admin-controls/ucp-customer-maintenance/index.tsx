import type { PortalPage } from '@/components/app/types';
import { customersResource } from '@/components/admin/customers/resource';
import { ResourceListPage } from '@/components/common/resource';
import { staticTranslations } from '@/lib/i18n/staticProps';

const CustomersPage: PortalPage = () => <ResourceListPage resource={customersResource} />;
CustomersPage.layout = 'main';
export default CustomersPage;
export const getStaticProps = staticTranslations('customers');
