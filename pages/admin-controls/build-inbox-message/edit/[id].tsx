import type { PortalPage } from '@/components/app/types';
import { BuilderEditScreen } from '@/components/admin/inboxBuilder/BuilderScreens';
import { serverTranslations } from '@/lib/i18n/staticProps';

const EditInboxMessagePage: PortalPage = () => <BuilderEditScreen />;
EditInboxMessagePage.layout = 'main';
export default EditInboxMessagePage;
export const getServerSideProps = serverTranslations('inbox-builder');
