import type { PortalPage } from '@/components/app/types';
import { OrderDetailScreen } from '@/components/orders/OrderDetailScreen';
import { serverTranslations } from '@/lib/i18n/staticProps';

const OrderDetailPage: PortalPage = () => <OrderDetailScreen />;
OrderDetailPage.layout = 'main';
export default OrderDetailPage;
export const getServerSideProps = serverTranslations('orders');
