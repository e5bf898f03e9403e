import type { PortalPage } from '@/components/app/types';
import { SlipReviewDetailScreen } from '@/components/admin/paymentSlipReview/SlipReviewDetailScreen';
import { serverTranslations } from '@/lib/i18n/staticProps';

const SlipReviewDetailPage: PortalPage = () => <SlipReviewDetailScreen />;
SlipReviewDetailPage.layout = 'main';
export default SlipReviewDetailPage;
export const getServerSideProps = serverTranslations('slipReview', 'bills');
