import type { PortalPage } from '@/components/app/types';
import { PaymentSlipUploadScreen } from '@/components/paymentSlips/PaymentSlipUploadScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const PaymentSlipUploadPage: PortalPage = () => <PaymentSlipUploadScreen />;
PaymentSlipUploadPage.layout = 'main';
export default PaymentSlipUploadPage;
export const getStaticProps = staticTranslations('bills');
