import type { PortalPage } from '@/components/app/types';
import { MachineDetailScreen } from '@/components/machines/MachineDetailScreen';
import { serverTranslations } from '@/lib/i18n/staticProps';

const MachineDetailPage: PortalPage = () => <MachineDetailScreen />;
MachineDetailPage.layout = 'main';
export default MachineDetailPage;
export const getServerSideProps = serverTranslations('machines', 'meter', 'contracts');
