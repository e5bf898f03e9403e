import type { PortalPage } from '@/components/app/types';
import { BillingAddressScreen } from '@/components/accountChanges/ChangeForms';
import { staticTranslations } from '@/lib/i18n/staticProps';

const BillingAddressPage: PortalPage = () => <BillingAddressScreen />;
BillingAddressPage.layout = 'main';
export default BillingAddressPage;
export const getStaticProps = staticTranslations('accountChanges');
