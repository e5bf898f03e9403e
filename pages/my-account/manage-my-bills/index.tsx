import type { PortalPage } from '@/components/app/types';
import { BillsScreen } from '@/components/bills/BillsScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const BillsPage: PortalPage = () => <BillsScreen />;
BillsPage.layout = 'main';
export default BillsPage;
export const getStaticProps = staticTranslations('bills');
