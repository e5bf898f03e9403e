import type { PortalPage } from '@/components/app/types';
import { helpArticlesResource } from '@/components/admin/support/resources';
import { ResourceViewPage } from '@/components/common/resource';
import { serverTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <ResourceViewPage resource={helpArticlesResource} />;
Page.layout = 'main';
export default Page;
export const getServerSideProps = serverTranslations('supportArticles', 'supportAdmin', 'support');
