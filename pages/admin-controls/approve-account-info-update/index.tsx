import type { PortalPage } from '@/components/app/types';
import { ApprovalQueueScreen } from '@/components/admin/approvals/ApprovalQueueScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const ApprovalQueuePage: PortalPage = () => <ApprovalQueueScreen />;
ApprovalQueuePage.layout = 'main';
export default ApprovalQueuePage;
export const getStaticProps = staticTranslations('accountChanges');
