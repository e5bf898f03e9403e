import type { PortalPage } from '@/components/app/types';
import { ServiceDeskListScreen } from '@/components/admin/serviceDesk/ServiceDeskListScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

/** Not in the spec (issue 16): the provider's service desk across customers (docs/service-requests.md). */
const Page: PortalPage = () => <ServiceDeskListScreen />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('serviceDesk', 'serviceRequests');
