import type { PortalPage } from '@/components/app/types';
import { ReportFaultScreen } from '@/components/serviceRequests/ReportFaultScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

/** "Report a fault" for one machine: `/service-requests/new?machineId=<id>` (docs/service-requests.md). */
const Page: PortalPage = () => <ReportFaultScreen />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('serviceRequests');
