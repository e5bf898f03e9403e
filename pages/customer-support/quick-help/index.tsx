import type { PortalPage } from '@/components/app/types';
import { QuickHelpScreen } from '@/components/support/HelpScreens';
import { staticTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <QuickHelpScreen />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('support');
