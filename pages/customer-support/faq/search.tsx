import type { PortalPage } from '@/components/app/types';
import { FaqSearchScreen } from '@/components/support/FaqScreens';
import { staticTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <FaqSearchScreen />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('support');
