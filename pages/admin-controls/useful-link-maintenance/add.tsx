import type { PortalPage } from '@/components/app/types';
import { usefulLinksResource } from '@/components/admin/support/resources';
import { ResourceFormPage } from '@/components/common/resource';
import { staticTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <ResourceFormPage resource={usefulLinksResource} mode="add" />;
Page.layout = 'main';
export default Page;
export const getStaticProps = staticTranslations('supportLinks', 'supportAdmin', 'support');
