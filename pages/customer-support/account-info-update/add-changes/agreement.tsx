import type { PortalPage } from '@/components/app/types';
import { AgreementScreen } from '@/components/accountChanges/AgreementScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const AgreementPage: PortalPage = () => <AgreementScreen />;
AgreementPage.layout = 'main';
export default AgreementPage;
export const getStaticProps = staticTranslations('accountChanges');
