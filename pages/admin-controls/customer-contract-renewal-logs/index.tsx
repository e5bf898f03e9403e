import type { PortalPage } from '@/components/app/types';
import { RenewalLogsScreen } from '@/components/admin/renewal/RenewalLogsScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <RenewalLogsScreen />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('renewal', 'contracts');
