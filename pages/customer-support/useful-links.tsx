import type { PortalPage } from '@/components/app/types';
import { UsefulLinksScreen } from '@/components/support/UsefulLinksScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <UsefulLinksScreen />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('support');
