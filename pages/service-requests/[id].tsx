import type { PortalPage } from '@/components/app/types';
import { ServiceRequestDetailScreen } from '@/components/serviceRequests/ServiceRequestDetailScreen';
import { serverTranslations } from '@/lib/i18n/staticProps';

/** One service request with its timeline, engineer, ETA and SLA clock (docs/service-requests.md). */
const Page: PortalPage = () => <ServiceRequestDetailScreen />;
Page.layout = 'main';
export default Page;
export const getServerSideProps = serverTranslations('serviceRequests');
