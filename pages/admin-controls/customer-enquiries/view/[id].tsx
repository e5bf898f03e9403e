import type { PortalPage } from '@/components/app/types';
import { enquiriesResource } from '@/components/admin/support/resources';
import { ResourceViewPage } from '@/components/common/resource';
import { serverTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <ResourceViewPage resource={enquiriesResource} />;
Page.layout = 'main';
export default Page;
export const getServerSideProps = serverTranslations('supportEnquiries', 'supportAdmin', 'support');
