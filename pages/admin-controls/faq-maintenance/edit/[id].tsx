import type { PortalPage } from '@/components/app/types';
import { faqResource } from '@/components/admin/support/resources';
import { ResourceFormPage } from '@/components/common/resource';
import { serverTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <ResourceFormPage resource={faqResource} mode="edit" />;
Page.layout = 'main';
export default Page;
export const getServerSideProps = serverTranslations('supportFaq', 'supportAdmin', 'support');
