import type { PortalPage } from '@/components/app/types';
import { offersResource } from '@/components/admin/offers/resource';
import { ResourceViewPage } from '@/components/common/resource';
import { serverTranslations } from '@/lib/i18n/staticProps';

const ViewOfferPage: PortalPage = () => <ResourceViewPage resource={offersResource} />;
ViewOfferPage.layout = 'main';
export default ViewOfferPage;
export const getServerSideProps = serverTranslations('offers');
