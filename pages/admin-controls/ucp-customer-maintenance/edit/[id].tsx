import type { PortalPage } from '@/components/app/types';
import { customersResource } from '@/components/admin/customers/resource';
import { ResourceFormPage } from '@/components/common/resource';
import { serverTranslations } from '@/lib/i18n/staticProps';

const EditCustomerPage: PortalPage = () => <ResourceFormPage resource={customersResource} mode="edit" />;
EditCustomerPage.layout = 'main';
export default EditCustomerPage;
export const getServerSideProps = serverTranslations('customers');
