import type { PortalPage } from '@/components/app/types';
import { OutboxScreen } from '@/components/admin/outbox/OutboxScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const OutboxPage: PortalPage = () => <OutboxScreen />;
OutboxPage.layout = 'main';
export default OutboxPage;
export const getStaticProps = staticTranslations('mail');
