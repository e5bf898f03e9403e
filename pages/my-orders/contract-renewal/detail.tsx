import type { PortalPage } from '@/components/app/types';
import { RenewalDetailScreen } from '@/components/renewal/RenewalDetailScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const RenewalDetailPage: PortalPage = () => <RenewalDetailScreen />;
RenewalDetailPage.layout = 'main';
export default RenewalDetailPage;
export const getStaticProps = staticTranslations('renewal', 'contracts');
