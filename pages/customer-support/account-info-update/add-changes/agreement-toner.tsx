import type { PortalPage } from '@/components/app/types';
import { AgreementScreen } from '@/components/accountChanges/AgreementScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const AgreementTonerPage: PortalPage = () => <AgreementScreen toner />;
AgreementTonerPage.layout = 'main';
export default AgreementTonerPage;
export const getStaticProps = staticTranslations('accountChanges');
