import type { PortalPage } from '@/components/app/types';
import { helpArticlesResource } from '@/components/admin/support/resources';
import { ResourceListPage } from '@/components/common/resource';
import { staticTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <ResourceListPage resource={helpArticlesResource} />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('supportArticles', 'supportAdmin', 'support');
