import type { PortalPage } from '@/components/app/types';
import { customersResource } from '@/components/admin/customers/resource';
import { ResourceFormPage } from '@/components/common/resource';
import { staticTranslations } from '@/lib/i18n/staticProps';

const AddCustomerPage: PortalPage = () => <ResourceFormPage resource={customersResource} mode="add" />;
AddCustomerPage.layout = 'main';
export default AddCustomerPage;
export const getStaticProps = staticTranslations('customers');
