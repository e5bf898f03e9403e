import type { PortalPage } from '@/components/app/types';
import { ContactUsScreen } from '@/components/support/ContactUsScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <ContactUsScreen />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('support');
