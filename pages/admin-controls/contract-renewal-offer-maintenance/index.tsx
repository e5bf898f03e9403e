import type { PortalPage } from '@/components/app/types';
import { OfferMaintenanceScreen } from '@/components/admin/renewal/OfferMaintenanceScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const OfferMaintenancePage: PortalPage = () => <OfferMaintenanceScreen />;
OfferMaintenancePage.layout = 'main';
export default OfferMaintenancePage;
export const getStaticProps = staticTranslations('renewal', 'contracts');
