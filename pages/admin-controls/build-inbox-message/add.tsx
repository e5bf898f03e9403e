import type { PortalPage } from '@/components/app/types';
import { BuilderAddScreen } from '@/components/admin/inboxBuilder/BuilderScreens';
import { staticTranslations } from '@/lib/i18n/staticProps';

const AddInboxMessagePage: PortalPage = () => <BuilderAddScreen />;
AddInboxMessagePage.layout = 'main';
export default AddInboxMessagePage;
export const getStaticProps = staticTranslations('inbox-builder');
