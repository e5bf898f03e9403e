import type { PortalPage } from '@/components/app/types';
import { TonerAddressScreen } from '@/components/accountChanges/ChangeForms';
import { staticTranslations } from '@/lib/i18n/staticProps';

const TonerAddressPage: PortalPage = () => <TonerAddressScreen />;
TonerAddressPage.layout = 'main';
export default TonerAddressPage;
export const getStaticProps = staticTranslations('accountChanges');
