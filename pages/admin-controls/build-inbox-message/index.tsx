import type { PortalPage } from '@/components/app/types';
import { BuilderListScreen } from '@/components/admin/inboxBuilder/BuilderScreens';
import { staticTranslations } from '@/lib/i18n/staticProps';

const BuildInboxMessagePage: PortalPage = () => <BuilderListScreen />;
BuildInboxMessagePage.layout = 'main';
export default BuildInboxMessagePage;
export const getStaticProps = staticTranslations('inbox-builder');
