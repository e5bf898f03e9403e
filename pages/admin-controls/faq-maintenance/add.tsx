import type { PortalPage } from '@/components/app/types';
import { faqResource } from '@/components/admin/support/resources';
import { ResourceFormPage } from '@/components/common/resource';
import { staticTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <ResourceFormPage resource={faqResource} mode="add" />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('supportFaq', 'supportAdmin', 'support');
