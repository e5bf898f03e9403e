import type { PortalPage } from '@/components/app/types';
import { offersResource } from '@/components/admin/offers/resource';
import { ResourceFormPage } from '@/components/common/resource';
import { staticTranslations } from '@/lib/i18n/staticProps';

const AddOfferPage: PortalPage = () => <ResourceFormPage resource={offersResource} mode="add" />;
AddOfferPage.layout = 'main';
export default AddOfferPage;
export const getStaticProps = staticTranslations('offers');
