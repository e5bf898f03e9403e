import type { PortalPage } from '@/components/app/types';
import { offersResource } from '@/components/admin/offers/resource';
import { ResourceListPage } from '@/components/common/resource';
import { staticTranslations } from '@/lib/i18n/staticProps';

const OffersPage: PortalPage = () => <ResourceListPage resource={offersResource} />;
OffersPage.layout = 'main';
export default OffersPage;
export const getStaticProps = staticTranslations('offers');
