import type { PortalPage } from '@/components/app/types';
import { SlipReviewListScreen } from '@/components/admin/paymentSlipReview/SlipReviewListScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const SlipReviewListPage: PortalPage = () => <SlipReviewListScreen />;
SlipReviewListPage.layout = 'main';
export default SlipReviewListPage;
export const getStaticProps = staticTranslations('slipReview', 'bills');
