import type { PortalPage } from '@/components/app/types';
import { ServiceRequestsListScreen } from '@/components/serviceRequests/ServiceRequestsListScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

/** Not in the spec (issue 16): the customer's service requests (docs/service-requests.md). */
const Page: PortalPage = () => <ServiceRequestsListScreen />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('serviceRequests');
