import type { PortalPage } from '@/components/app/types';
import { ContractDetailScreen } from '@/components/contracts/ContractDetailScreen';
import { serverTranslations } from '@/lib/i18n/staticProps';

const ContractDetailPage: PortalPage = () => <ContractDetailScreen />;
ContractDetailPage.layout = 'main';
export default ContractDetailPage;
export const getServerSideProps = serverTranslations('contracts');
