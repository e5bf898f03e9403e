import type { PortalPage } from '@/components/app/types';
import { OrdersScreen } from '@/components/orders/OrdersScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const OrdersPage: PortalPage = () => <OrdersScreen />;
OrdersPage.layout = 'main';
export default OrdersPage;
export const getStaticProps = staticTranslations('orders');
