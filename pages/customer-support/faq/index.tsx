import type { PortalPage } from '@/components/app/types';
import { FaqScreen } from '@/components/support/FaqScreens';
import { staticTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <FaqScreen />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('support');
