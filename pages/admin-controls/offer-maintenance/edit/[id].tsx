import type { PortalPage } from '@/components/app/types';
import { offersResource } from '@/components/admin/offers/resource';
import { ResourceFormPage } from '@/components/common/resource';
import { serverTranslations } from '@/lib/i18n/staticProps';

const EditOfferPage: PortalPage = () => <ResourceFormPage resource={offersResource} mode="edit" />;
EditOfferPage.layout = 'main';
export default EditOfferPage;
export const getServerSideProps = serverTranslations('offers');
