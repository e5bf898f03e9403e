import type { PortalPage } from '@/components/app/types';
import { faqResource } from '@/components/admin/support/resources';
import { ResourceListPage } from '@/components/common/resource';
import { staticTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <ResourceListPage resource={faqResource} />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('supportFaq', 'supportAdmin', 'support');
