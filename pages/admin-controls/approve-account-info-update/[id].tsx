import type { PortalPage } from '@/components/app/types';
import { ApprovalDetailScreen } from '@/components/admin/approvals/ApprovalDetailScreen';
import { serverTranslations } from '@/lib/i18n/staticProps';

const ApprovalDetailPage: PortalPage = () => <ApprovalDetailScreen />;
ApprovalDetailPage.layout = 'main';
export default ApprovalDetailPage;
export const getServerSideProps = serverTranslations('accountChanges');
