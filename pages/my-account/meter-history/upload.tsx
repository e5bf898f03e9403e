import type { PortalPage } from '@/components/app/types';
import { MeterUploadScreen } from '@/components/meter/MeterUploadScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const MeterUploadPage: PortalPage = () => <MeterUploadScreen />;
MeterUploadPage.layout = 'main';
export default MeterUploadPage;
export const getStaticProps = staticTranslations('meter');
