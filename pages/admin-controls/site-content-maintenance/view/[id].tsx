import type { PortalPage } from '@/components/app/types';
import { siteContentResource } from '@/components/admin/siteContent/resource';
import { ResourceViewPage } from '@/components/common/resource';
import { serverTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <ResourceViewPage resource={siteContentResource} />;
Page.layout = 'main';
export default Page;
export const getServerSideProps = serverTranslations('siteContentAdmin');
