import type { PortalPage } from '@/components/app/types';
import { siteContentResource } from '@/components/admin/siteContent/resource';
import { ResourceListPage } from '@/components/common/resource';
import { staticTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <ResourceListPage resource={siteContentResource} />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('siteContentAdmin');
