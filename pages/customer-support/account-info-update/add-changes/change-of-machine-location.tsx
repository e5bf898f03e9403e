import type { PortalPage } from '@/components/app/types';
import { MachineLocationScreen } from '@/components/accountChanges/ChangeForms';
import { staticTranslations } from '@/lib/i18n/staticProps';

const MachineLocationPage: PortalPage = () => <MachineLocationScreen />;
MachineLocationPage.layout = 'main';
export default MachineLocationPage;
export const getStaticProps = staticTranslations('accountChanges');
