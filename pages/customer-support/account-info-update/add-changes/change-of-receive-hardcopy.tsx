import type { PortalPage } from '@/components/app/types';
import { ReceiveHardcopyScreen } from '@/components/accountChanges/ChangeForms';
import { staticTranslations } from '@/lib/i18n/staticProps';

const ReceiveHardcopyPage: PortalPage = () => <ReceiveHardcopyScreen />;
ReceiveHardcopyPage.layout = 'main';
export default ReceiveHardcopyPage;
export const getStaticProps = staticTranslations('accountChanges');
