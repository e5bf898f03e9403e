import type { PortalPage } from '@/components/app/types';
import { ShipmentsScreen } from '@/components/tracking/ShipmentsScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const TrackOrdersPage: PortalPage = () => <ShipmentsScreen />;
TrackOrdersPage.layout = 'main';
export default TrackOrdersPage;
export const getStaticProps = staticTranslations('orders');
