import type { PortalPage } from '@/components/app/types';
import { RenewalReportScreen } from '@/components/admin/renewal/RenewalReportScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <RenewalReportScreen />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('renewal', 'contracts');
