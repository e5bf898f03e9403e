import type { PortalPage } from '@/components/app/types';
import { AddChangesScreen } from '@/components/accountChanges/AddChangesScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const AddChangesPage: PortalPage = () => <AddChangesScreen />;
AddChangesPage.layout = 'main';
export default AddChangesPage;
export const getStaticProps = staticTranslations('accountChanges');
