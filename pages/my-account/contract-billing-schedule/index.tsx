import type { PortalPage } from '@/components/app/types';
import { ContractsScreen } from '@/components/contracts/ContractsScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const ContractsPage: PortalPage = () => <ContractsScreen />;
ContractsPage.layout = 'main';
export default ContractsPage;
export const getStaticProps = staticTranslations('contracts');
