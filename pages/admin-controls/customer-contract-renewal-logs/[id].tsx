import type { PortalPage } from '@/components/app/types';
import { RenewalLogDetailScreen } from '@/components/admin/renewal/RenewalLogsScreen';
import { serverTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <RenewalLogDetailScreen />;
Page.layout = 'main';
export default Page;
export const getServerSideProps = serverTranslations('renewal', 'contracts');
