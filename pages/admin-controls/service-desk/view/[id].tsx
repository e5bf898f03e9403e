import type { PortalPage } from '@/components/app/types';
import { ServiceDeskDetailScreen } from '@/components/admin/serviceDesk/ServiceDeskDetailScreen';
import { serverTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <ServiceDeskDetailScreen />;
Page.layout = 'main';
export default Page;
export const getServerSideProps = serverTranslations('serviceDesk', 'serviceRequests');
