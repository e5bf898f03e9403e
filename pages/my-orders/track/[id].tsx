import type { PortalPage } from '@/components/app/types';
import { ShipmentDetailScreen } from '@/components/tracking/ShipmentDetailScreen';
import { serverTranslations } from '@/lib/i18n/staticProps';

const ShipmentDetailPage: PortalPage = () => <ShipmentDetailScreen />;
ShipmentDetailPage.layout = 'main';
export default ShipmentDetailPage;
export const getServerSideProps = serverTranslations('orders');
