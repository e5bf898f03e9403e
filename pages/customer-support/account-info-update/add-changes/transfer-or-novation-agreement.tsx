import type { PortalPage } from '@/components/app/types';
import { TransferAgreementScreen } from '@/components/accountChanges/ChangeForms';
import { staticTranslations } from '@/lib/i18n/staticProps';

const TransferAgreementPage: PortalPage = () => <TransferAgreementScreen />;
TransferAgreementPage.layout = 'main';
export default TransferAgreementPage;
export const getStaticProps = staticTranslations('accountChanges');
