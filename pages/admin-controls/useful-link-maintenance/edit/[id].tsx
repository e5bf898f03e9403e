import type { PortalPage } from '@/components/app/types';
import { usefulLinksResource } from '@/components/admin/support/resources';
import { ResourceFormPage } from '@/components/common/resource';
import { serverTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <ResourceFormPage resource={usefulLinksResource} mode="edit" />;
Page.layout = 'main';
export default Page;
export const getServerSideProps = serverTranslations('supportLinks', 'supportAdmin', 'support');
