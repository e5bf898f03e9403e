import type { PortalPage } from '@/components/app/types';
import { faqResource } from '@/components/admin/support/resources';
import { ResourceViewPage } from '@/components/common/resource';
import { serverTranslations } from '@/lib/i18n/staticProps';

const Page: PortalPage = () => <ResourceViewPage resource={faqResource} />;
Page.layout = 'main';
export default Page;
export const getServerSideProps = serverTranslations('supportFaq', 'supportAdmin', 'support');
