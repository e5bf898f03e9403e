import type { PortalPage } from '@/components/app/types';
import { customersResource } from '@/components/admin/customers/resource';
import { ResourceViewPage } from '@/components/common/resource';
import { serverTranslations } from '@/lib/i18n/staticProps';

const ViewCustomerPage: PortalPage = () => <ResourceViewPage resource={customersResource} />;
ViewCustomerPage.layout = 'main';
export default ViewCustomerPage;
export const getServerSideProps = serverTranslations('customers');
