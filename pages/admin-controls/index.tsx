import type { PortalPage } from '@/components/app/types';
import { AdminLandingScreen } from '@/components/admin/landing/AdminLandingScreen';
import { staticTranslations } from '@/lib/i18n/staticProps';

const AdminLandingPage: PortalPage = () => <AdminLandingScreen />;
AdminLandingPage.layout = 'main';
export default AdminLandingPage;
export const getStaticProps = staticTranslations('admin');
