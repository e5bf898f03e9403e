import type { PortalPage } from '@/components/app/types';
import { RenewalListScreen } from '@/components/renewal/RenewalListScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const RenewalPage: PortalPage = () => <RenewalListScreen />;
RenewalPage.layout = 'main';
export default RenewalPage;
export const getStaticProps = staticTranslations('renewal', 'contracts');
