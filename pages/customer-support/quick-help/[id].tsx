import type { PortalPage } from '@/components/app/types';
import { HelpArticleScreen } from '@/components/support/HelpScreens';
import { serverTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <HelpArticleScreen />;
Page.layout = 'main';
export default Page;
export const getServerSideProps = serverTranslations('support');
