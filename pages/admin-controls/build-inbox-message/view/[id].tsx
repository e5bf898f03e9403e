import type { PortalPage } from '@/components/app/types';
import { BuilderViewScreen } from '@/components/admin/inboxBuilder/BuilderScreens';
import { serverTranslations } from '@/lib/i18n/staticProps';

const ViewInboxMessagePage: PortalPage = () => <BuilderViewScreen />;
ViewInboxMessagePage.layout = 'main';
export default ViewInboxMessagePage;
export const getServerSideProps = serverTranslations('inbox-builder');
