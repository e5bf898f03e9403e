import type { PortalPage } from '@/components/app/types';
import { HelpSearchScreen } from '@/components/support/HelpScreens';
import { staticTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <HelpSearchScreen />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('support');
