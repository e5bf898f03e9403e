import type { PortalPage } from '@/components/app/types';
import { MachinesScreen } from '@/components/machines/MachinesScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const MachinesPage: PortalPage = () => <MachinesScreen />;
MachinesPage.layout = 'main';
export default MachinesPage;
export const getStaticProps = staticTranslations('machines', 'meter');
