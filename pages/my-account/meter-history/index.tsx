import type { PortalPage } from '@/components/app/types';
import { MeterHistoryScreen } from '@/components/meter/MeterHistoryScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const MeterHistoryPage: PortalPage = () => <MeterHistoryScreen />;
MeterHistoryPage.layout = 'main';
export default MeterHistoryPage;
export const getStaticProps = staticTranslations('meter');
